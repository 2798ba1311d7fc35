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
    // Three clients of the pool at once, each saying which backend it is: those are the ones ended
    // below, and not whatever else the database has at that moment (a run once ended four backends and
    // got three reports: a backend still exiting, or a client of no pool, is no idle client to report).
    const backends = await Promise.all(
      [1, 2, 3].map(async () => {
        const { rows } = await database.db.execute<{ pid: number }>(
          sql`SELECT pg_backend_pid() AS pid, pg_sleep(0.05)`,
        );
        return Number(rows[0]!.pid);
      }),
    );
    expect(new Set(backends).size).toBe(3);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    let ended = 0;
    try {
      const { rows } = await admin.query<{ ended: number }>(
        'SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))::int AS ended FROM unnest($1::int[]) AS pid',
        [backends],
      );
      ended = rows[0]!.ended;
    } finally {
      await admin.end();
    }
    expect(ended).toBe(3);
    // Each ended connection tells its pool when its socket sees the end (later on a busy machine).
    for (let i = 0; i < 250 && idleErrors.length < ended; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(idleErrors.length).toBe(ended);
    const { rows } = await database.db.execute<{ one: number }>(sql`SELECT 1 AS one`);
    expect(rows[0]!.one).toBe(1);
  });
});
