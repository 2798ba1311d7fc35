import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Db } from '../../server/marketplace/db/client';
import { scratchPostgres } from './scratch-postgres';

export const MIGRATIONS = path.resolve('server/marketplace/db/migrations');

/** The migrations up to and including `last` in a folder of their own, as a database that has not yet run the later ones sees them. */
export function migrationsUpTo(last: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === last) + 1);
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const entry of entries)
    fs.copyFileSync(path.join(MIGRATIONS, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  return dir;
}

/**
 * A database migrated up to `last`, given the rows `before` as that version held them, then migrated
 * to the newest, and handed to `check`: what a later migration does to the data it finds. On PGlite
 * in memory, or on a scratch PostgreSQL database made from `adminUrl` and dropped after.
 */
export async function migratedOver(
  kind: 'PGlite' | 'PostgreSQL',
  { last, before, adminUrl, name }: { last: string; before: string; adminUrl?: string; name: string },
  check: (db: Db) => Promise<void>,
) {
  const store = kind === 'PGlite' ? await inMemoryPglite() : await scratchPool(adminUrl!, name);
  try {
    await store.migrate(migrationsUpTo(last));
    await store.exec(before);
    await store.migrate(MIGRATIONS);
    await check(store.db);
  } finally {
    await store.close();
  }
}

async function inMemoryPglite() {
  const client = await PGlite.create('memory://');
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    migrate: (folder: string) => migratePglite(db as never, { migrationsFolder: folder }),
    exec: (statements: string) => client.exec(statements),
    close: () => client.close(),
  };
}

async function scratchPool(adminUrl: string, name: string) {
  const scratch = await scratchPostgres(adminUrl, name);
  const pool = new pg.Pool({ connectionString: scratch.url, max: 1 });
  const db = drizzlePg(pool) as unknown as Db;
  return {
    db,
    migrate: (folder: string) => migratePg(db as never, { migrationsFolder: folder }),
    exec: (statements: string) => pool.query(statements),
    close: async () => {
      await pool.end();
      await scratch.drop();
    },
  };
}
