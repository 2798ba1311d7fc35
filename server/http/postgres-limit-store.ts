import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../marketplace/db/client';
import { rateLimits } from '../marketplace/db/schema';
import type { LimitEntry, LimitStore } from './limit-store';

const SWEEP_EVERY_MS = 60_000;
/** Rounds of read and conditional write before a change gives up (only under a flood on one key). */
const MAX_ROUNDS = 50;

type Row = typeof rateLimits.$inferSelect;
const entryOf = (row: Row): LimitEntry => ({
  count: row.count,
  until: row.until.getTime(),
  expiresAt: row.expiresAt.getTime(),
});
const rowOf = (entry: LimitEntry) => ({
  count: entry.count,
  until: new Date(entry.until),
  expiresAt: new Date(entry.expiresAt),
});
const sameEntry = (a: LimitEntry | null, b: LimitEntry | null) =>
  a === b || (!!a && !!b && a.count === b.count && a.until === b.until && a.expiresAt === b.expiresAt);

/**
 * The counters in the `rate_limits` table, so that every replica on one PostgreSQL counts the same
 * attempts. A hit is one upsert that answers the count. A change is a read, then a write only if the
 * row is still as read (else read again): the account rules stay in TypeScript and two replicas
 * cannot both let an attempt through on the same count. Rows past their expiry are deleted now and then.
 */
export function postgresLimitStore(
  db: Db,
  onSweepError: (error: unknown) => void = () => {},
): LimitStore & { sweep(now: number): Promise<number> } {
  let sweptAt = 0;
  async function sweep(now: number) {
    sweptAt = now;
    const gone = await db
      .delete(rateLimits)
      .where(lte(rateLimits.expiresAt, new Date(now)))
      .returning({ key: rateLimits.key });
    return gone.length;
  }
  const sweepNowAndThen = (now: number) => {
    if (now - sweptAt >= SWEEP_EVERY_MS) sweep(now).catch(onSweepError);
  };

  return {
    sweep,

    async hit(key, windowMs, now) {
      sweepNowAndThen(now);
      const at = sql`${new Date(now).toISOString()}::timestamptz`;
      const closed = sql`${rateLimits.expiresAt} <= ${at}`;
      const opened = new Date(now + windowMs);
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: 1, until: opened, expiresAt: opened })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`CASE WHEN ${closed} THEN 1 ELSE ${rateLimits.count} + 1 END`,
            until: sql`CASE WHEN ${closed} THEN excluded.until ELSE ${rateLimits.until} END`,
            expiresAt: sql`CASE WHEN ${closed} THEN excluded.expires_at ELSE ${rateLimits.expiresAt} END`,
          },
        })
        .returning();
      return entryOf(row!);
    },

    async update(key, now, change) {
      sweepNowAndThen(now);
      for (let round = 0; round < MAX_ROUNDS; round++) {
        const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
        const current = row && row.expiresAt.getTime() > now ? entryOf(row) : null;
        const next = change(current);
        if (sameEntry(current, next)) return;
        let written: unknown[];
        if (!row) {
          if (!next) return;
          written = await db
            .insert(rateLimits)
            .values({ key, ...rowOf(next) })
            .onConflictDoNothing()
            .returning({ key: rateLimits.key });
        } else {
          const asRead = and(
            eq(rateLimits.key, key),
            eq(rateLimits.count, row.count),
            eq(rateLimits.until, row.until),
            eq(rateLimits.expiresAt, row.expiresAt),
          );
          written = next
            ? await db.update(rateLimits).set(rowOf(next)).where(asRead).returning({ key: rateLimits.key })
            : await db.delete(rateLimits).where(asRead).returning({ key: rateLimits.key });
        }
        if (written.length) return;
      }
      throw new Error(`the limit counter ${key} kept changing while it was updated`);
    },
  };
}
