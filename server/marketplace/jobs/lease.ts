import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobLeases } from '../db/schema';

export interface Lease {
  /** Pushes the expiry on while the run goes on; false when the lease was lost (it expired and another took it). */
  renew(): Promise<boolean>;
  /** Frees the job for the next run anywhere and records how this one ended. */
  release(error?: unknown): Promise<void>;
}

const untilFromNow = (ms: number) => sql`now() + ${Math.ceil(ms)}::integer * interval '1 millisecond'`;

/**
 * The `job_leases` row of each job: a replica runs a job only while it holds its lease, so a job runs
 * on one replica at a time. The lease is taken by one statement, an upsert whose update applies only
 * when the lease has expired: of two replicas taking it at the same instant, PostgreSQL makes the
 * second wait for the first's row and re-check the expiry, so it gets nothing. No transaction is held
 * while the job runs, and a replica killed mid-run leaves a lease that simply expires. Expiry is on
 * the database's clock, the one clock every replica shares. The same statement serves PGlite.
 */
export function jobLeaseTable(db: Db) {
  return {
    /** Frees every lease, whoever holds it: only for PGlite at start, where no other process can be running a job. */
    async freeAll() {
      await db
        .update(jobLeases)
        .set({ holder: null, lockedUntil: sql`now()` })
        .where(isNotNull(jobLeases.holder));
    },

    async take(name: string, ttlMs: number): Promise<Lease | null> {
      const holder = `${os.hostname()}:${process.pid}:${randomUUID()}`;
      const taken = { holder, lockedUntil: untilFromNow(ttlMs), lastStartedAt: sql`now()` };
      const [row] = await db
        .insert(jobLeases)
        .values({ name, ...taken })
        .onConflictDoUpdate({ target: jobLeases.name, set: taken, setWhere: lt(jobLeases.lockedUntil, sql`now()`) })
        .returning({ name: jobLeases.name });
      if (!row) return null;
      const mine = and(eq(jobLeases.name, name), eq(jobLeases.holder, holder));
      return {
        async renew() {
          const renewed = await db
            .update(jobLeases)
            .set({ lockedUntil: untilFromNow(ttlMs) })
            .where(mine)
            .returning({ name: jobLeases.name });
          return renewed.length > 0;
        },
        async release(error?: unknown) {
          const lastError = error === undefined ? null : error instanceof Error ? error.message : String(error);
          await db
            .update(jobLeases)
            .set({ holder: null, lockedUntil: sql`now()`, lastFinishedAt: sql`now()`, lastError })
            .where(mine);
        },
      };
    },
  };
}
