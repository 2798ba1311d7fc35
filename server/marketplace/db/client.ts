import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { holdLock } from './dir-lock';
import * as schema from './schema';

export { DatabaseLockedError, isDatabaseLocked } from './dir-lock';

/** Both drivers expose the same query builder; PGlite's type stands for both. */
export type Db = PgliteDatabase<typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
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
}

const PGLITE_MEMORY = ['-c', 'shared_buffers=16MB', '-c', 'work_mem=2MB'];

export async function openDatabase({ dataDir, databaseUrl }: OpenOptions): Promise<Database> {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder: migrationsFolder() });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const dir = dataDir ?? 'memory://';
  const release = dir.startsWith('memory://') ? () => {} : holdLock(dir);
  try {
    // Postgres' default 128 MB of shared buffers is most of an embedded server's memory; the stock
    // list reads its snapshot once per revision, so a small buffer pool costs little.
    const client = await PGlite.create(dir, { startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY] });
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: migrationsFolder() });
    return {
      db,
      kind: 'pglite',
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
