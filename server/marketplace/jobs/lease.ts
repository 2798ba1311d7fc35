import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobLeases } from '../db/schema';
import { isRunning, markOf, processSpace, type ProcessMark } from '../process-liveness';

export interface Lease {
  /** Pushes the expiry on while the run goes on; false when the lease was lost (it expired and another took it). */
  renew(): Promise<boolean>;
  /** Frees the job for the next run anywhere and records how this one ended. */
  release(error?: unknown): Promise<void>;
}

const untilFromNow = (ms: number) => sql`now() + ${Math.ceil(ms)}::integer * interval '1 millisecond'`;

/**
 * A lease's holder as the row keeps it: the machine's name and process id to read, then what lets a
 * process on the same machine tell whether the holder still runs (its start and its PID space), then
 * what makes each run's holder its own.
 */
export function leaseHolder(mark: ProcessMark = markOf(), space = processSpace(), run: string = randomUUID()): string {
  return `${os.hostname()}:${mark.pid}:${mark.startTime ?? '-'}:${space ?? '-'}:${run}`;
}

/**
 * Whether a lease's holder is known to be gone: a process of this machine's PID space that no longer
 * runs. A holder elsewhere (another machine or container), or written before holders said where
 * they ran, is never judged: its lease expires.
 */
function holderIsGone(holder: string): boolean {
  const [, pid, startTime, space] = holder.split(':');
  const here = processSpace();
  if (!here || space !== here || !/^\d+$/.test(pid ?? '') || !/^\d+$/.test(startTime ?? '')) return false;
  const mark = { pid: Number(pid), startTime: startTime! };
  return mark.pid !== process.pid && !isRunning(mark);
}

/**
 * The `job_leases` row of each job: a replica runs a job only while it holds its lease, so a job runs
 * on one replica at a time. The lease is taken by one statement, an upsert whose update applies only
 * when the lease has expired: of two replicas taking it at the same instant, PostgreSQL makes the
 * second wait for the first's row and re-check the expiry, so it gets nothing. No transaction is held
 * while the job runs, and a replica killed mid-run leaves a lease that expires, or that a process on
 * the same machine takes over at once, having seen its holder gone (one conditional update on that
 * holder, so of two only one gets it). Expiry is on the database's clock, the one clock every replica
 * shares. The same statements serve PGlite.
 */
export function jobLeaseTable(db: Db) {
  function held(name: string, holder: string, ttlMs: number): Lease {
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
  }

  return {
    /** Frees every lease, whoever holds it: only for PGlite at start, where no other process can be running a job. */
    async freeAll() {
      await db
        .update(jobLeases)
        .set({ holder: null, lockedUntil: sql`now()` })
        .where(isNotNull(jobLeases.holder));
    },

    async take(name: string, ttlMs: number): Promise<Lease | null> {
      const holder = leaseHolder();
      const taken = { holder, lockedUntil: untilFromNow(ttlMs), lastStartedAt: sql`now()` };
      const [row] = await db
        .insert(jobLeases)
        .values({ name, ...taken })
        .onConflictDoUpdate({ target: jobLeases.name, set: taken, setWhere: lt(jobLeases.lockedUntil, sql`now()`) })
        .returning({ name: jobLeases.name });
      if (row) return held(name, holder, ttlMs);
      const [current] = await db.select({ holder: jobLeases.holder }).from(jobLeases).where(eq(jobLeases.name, name));
      if (!current?.holder || !holderIsGone(current.holder)) return null;
      const [takenOver] = await db
        .update(jobLeases)
        .set(taken)
        .where(and(eq(jobLeases.name, name), eq(jobLeases.holder, current.holder)))
        .returning({ name: jobLeases.name });
      return takenOver ? held(name, holder, ttlMs) : null;
    },
  };
}
