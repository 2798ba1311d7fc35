import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types } from '@electric-sql/pglite';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Pool } from 'pg';
import { inexactFeed, pgliteChangeFeed, type ChangeFeed } from './change-feed';
import { holdLock } from './dir-lock';
import { dropOtherTemplates, isEmptyDataDir, keptTemplate, migratedTemplate } from './pglite-template';
import * as schema from './schema';

export { DatabaseLockedError, isDatabaseLocked } from './dir-lock';

/** Both drivers expose the same query builder; PGlite's type stands for both. */
export type Db = PgliteDatabase<typeof schema>;
/** The handle a `db.transaction(async (tx) => …)` callback gets. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What a connection pool reports (node-postgres: totalCount, idleCount, waitingCount). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs work while no other process on the same database runs exclusive work (PostgreSQL: an
   * advisory lock; PGlite has one process by its directory lock). Replicas starting together
   * migrate and seed one after the other.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** What has changed since a cache read it (see ChangeFeed). */
  changes: ChangeFeed;
  /** The connection pool's counts (PostgreSQL); PGlite has a single connection. */
  poolStats(): PoolStats | null;
  close(): Promise<void>;
}

/** The advisory lock key of start-up work (migrations, demo data): any fixed 64-bit number. */
const START_UP_LOCK = 4_212_605_613;

function advisoryLock(pool: Pool) {
  return async <T>(work: () => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [START_UP_LOCK]);
      try {
        return await work();
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [START_UP_LOCK]);
      }
    } finally {
      client.release();
    }
  };
}

function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.join(here, 'migrations'),
    path.join(here, '../../server/marketplace/db/migrations'),
    path.resolve('server/marketplace/db/migrations'),
  ];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'meta/_journal.json')));
  if (!found) throw new Error(`Database migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

export interface OpenOptions {
  /** PGlite data directory; `memory://` keeps it in memory. */
  dataDir?: string;
  /** postgres://… switches to a PostgreSQL server. */
  databaseUrl?: string;
  /**
   * Told when an idle PostgreSQL connection fails (the server restarted, an administrator ended it):
   * the pool drops that connection and opens another for the next query.
   */
  onIdleError?: (error: Error) => void;
  /**
   * Where a copy of a new, migrated PGlite database is kept, to start the next empty one from
   * (see ./pglite-template). Tools and tests that open a database without the server's settings
   * take PGLITE_TEMPLATE_DIR from the environment.
   */
  templateDir?: string;
}

const PGLITE_MEMORY = ['-c', 'shared_buffers=8MB', '-c', 'work_mem=2MB'];

/**
 * bytea both ways without PGlite's own conversion. Its serializer writes a parameter as hex text
 * through an array of one string per byte (about 200 MB of heap for a 5 MB photo); bytes handed to
 * the protocol as they are go as a binary parameter, copied once. Its parser reads the hex answer
 * back a byte at a time; Buffer reads it natively.
 */
const PGLITE_BYTEA = {
  serializers: {
    [types.BYTEA]: (value: unknown) =>
      (value instanceof Uint8Array ? value : types.serializers[types.BYTEA]!(value)) as string,
  },
  parsers: { [types.BYTEA]: (text: string) => Buffer.from(text.slice(2), 'hex') },
};

/**
 * Where the build keeps the migrated empty database (scripts/build-server.mjs): beside the server
 * bundle, build/pglite-template. Creating a cluster (initdb in WebAssembly, two PGlite instances at
 * once) took the server to 715-800 MB resident on a first start, four times what it needs after;
 * loading the build's copy instead keeps the first start near 300 MB, demo data included.
 */
export const BUILT_TEMPLATE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../pglite-template');

const migrateTemplate = (migrations: string) => (template: PGlite) =>
  migratePglite(drizzlePglite(template), { migrationsFolder: migrations }).then(() => undefined);

/** A new database's contents: the operator's (or the tests') kept copy, else the build's, else none (initdb runs). */
async function templateFor(migrations: string, templateDir: string | undefined): Promise<Blob | undefined> {
  if (templateDir) return migratedTemplate(templateDir, migrations, migrateTemplate(migrations));
  return keptTemplate(BUILT_TEMPLATE_DIR, migrations);
}

/** Makes the build's copy (run by scripts/build-server.mjs from the bundle, so that it lands beside it). */
export async function buildTemplate(): Promise<void> {
  const migrations = migrationsFolder();
  await migratedTemplate(BUILT_TEMPLATE_DIR, migrations, migrateTemplate(migrations));
  dropOtherTemplates(BUILT_TEMPLATE_DIR, migrations);
}

export async function openDatabase({
  dataDir,
  databaseUrl,
  onIdleError,
  templateDir = process.env.PGLITE_TEMPLATE_DIR || undefined,
}: OpenOptions): Promise<Database> {
  if (databaseUrl) {
    // Loaded only here: an embedded server never holds the PostgreSQL driver.
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    // Without a listener, node-postgres throws an idle connection's error and the process ends.
    pool.on('error', (error) => onIdleError?.(error));
    const db = drizzlePg(pool, { schema });
    const exclusive = advisoryLock(pool);
    await exclusive(() => migratePg(db, { migrationsFolder: migrationsFolder() }));
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      exclusive,
      changes: inexactFeed,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  const dir = dataDir ?? 'memory://';
  const release = dir.startsWith('memory://') ? () => {} : holdLock(dir);
  try {
    // Postgres' default 128 MB of shared buffers is most of an embedded server's memory; the stock
    // list reads its snapshot once per revision, so a small buffer pool costs little. A page it does
    // not hold is a read from the OS cache: 8 MB instead of 16 MB took 10 to 20 MB off the peak under
    // load (npm run bench).
    const migrations = migrationsFolder();
    const loadDataDir = isEmptyDataDir(dir) ? await templateFor(migrations, templateDir) : undefined;
    const client = await PGlite.create(dir, {
      startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY],
      loadDataDir,
      ...PGLITE_BYTEA,
    });
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: migrations });
    const changes = await pgliteChangeFeed(client, db);
    return {
      db,
      kind: 'pglite',
      exclusive: (work) => work(),
      changes,
      poolStats: () => null,
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
