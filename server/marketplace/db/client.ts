import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

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
    const client = await PGlite.create(dir);
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

/** PGlite is one connection in one process: a second process on the same directory would corrupt it. */
function holdLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, '..', `${path.basename(dir)}.lock`);
  if (fs.existsSync(lockFile)) {
    const pid = Number(fs.readFileSync(lockFile, 'utf8'));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new DatabaseLockedError(dir, pid);
    }
  }
  fs.writeFileSync(lockFile, String(process.pid));
  return () => fs.rmSync(lockFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export class DatabaseLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(`The database in ${dir} is held by process ${pid}`);
  }
}

export function isDatabaseLocked(dir: string): boolean {
  const lockFile = path.join(dir, '..', `${path.basename(dir)}.lock`);
  if (!fs.existsSync(lockFile)) return false;
  const pid = Number(fs.readFileSync(lockFile, 'utf8'));
  return Boolean(pid) && pid !== process.pid && isAlive(pid);
}
