import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client';
import { neverMaintained, pgliteMaintenanceJob } from './pglite-maintenance';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
});
afterAll(() => database.close());

describe('PGlite maintenance', () => {
  it('gives every table planner statistics, and is then no longer due', async () => {
    const { db } = database;
    expect(await neverMaintained(db)).toBe(true);
    await pgliteMaintenanceJob(db).run(new Date());
    expect(await neverMaintained(db)).toBe(false);
    const { rows } = await db.execute<{ analysed: number }>(
      sql`SELECT count(*)::int AS analysed FROM pg_stat_user_tables WHERE last_analyze IS NOT NULL`,
    );
    expect(rows[0]!.analysed).toBeGreaterThan(10);
  });
});
