import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../server/marketplace/db/client';
import { scratchPostgres } from '../support/scratch-postgres';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('an idle PostgreSQL connection ended by the server', () => {
  let scratch: Awaited<ReturnType<typeof scratchPostgres>>;
  let database: Database;
  const idleErrors: Error[] = [];

  beforeAll(async () => {
    scratch = await scratchPostgres(adminUrl!, 'idle_errors');
    database = await openDatabase({ databaseUrl: scratch.url, onIdleError: (error) => idleErrors.push(error) });
  });
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  it('is reported and replaced: the next query works and nothing is thrown', async () => {
    await Promise.all([1, 2, 3].map(() => database.db.execute(sql`SELECT pg_sleep(0.05)`)));
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    let ended = 0;
    try {
      const name = new URL(scratch.url).pathname.slice(1);
      // OFFSET 0 keeps the filter apart: the planner may otherwise end every backend, this one too.
      const { rows } = await admin.query<{ ended: number }>(
        'SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))::int AS ended FROM (SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() OFFSET 0) s',
        [name],
      );
      ended = rows[0]!.ended;
    } finally {
      await admin.end();
    }
    expect(ended).toBeGreaterThan(0);
    // Each ended connection tells its pool when its socket sees the end (later on a busy machine).
    for (let i = 0; i < 250 && idleErrors.length < ended; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(idleErrors.length).toBe(ended);
    const { rows } = await database.db.execute<{ one: number }>(sql`SELECT 1 AS one`);
    expect(rows[0]!.one).toBe(1);
  });
});
