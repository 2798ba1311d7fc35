import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Job } from './runner';

/**
 * PGlite runs no autovacuum: without this, tables are never analysed (the planner guesses, and
 * looked up an order's 500 stock rows by scanning 46,000) and dead rows of updated stock are
 * never reclaimed. Once a day; PGlite waits for it, a second or two on 50,000 items.
 */
export function pgliteMaintenanceJob(db: Db): Job {
  return {
    name: 'pglite-maintenance',
    everyMs: 24 * 60 * 60_000,
    run: async () => {
      await db.execute(sql`VACUUM (ANALYZE)`);
    },
  };
}

/** Whether a table has never been vacuumed or analysed (a database just made or migrated). */
export async function neverMaintained(db: Db): Promise<boolean> {
  const { rows } = await db.execute<{ count: number }>(
    sql`SELECT count(*)::int AS count FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' AND reltuples < 0`,
  );
  return (rows[0]?.count ?? 0) > 0;
}
