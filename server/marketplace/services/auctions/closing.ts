import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { nextMinimum, reserveMet } from '../../../../app/domain/auctions/proxy-bidding';
import type { MarketplaceDeps } from '../../context';
import { auctionBids, auctionLots, auctionWatches, orders } from '../../db/schema';
import { ApiError, notFound } from '../../errors';
import type { AuctionAward, PreparedAward } from './award';
import type { AuctionMail } from './mail';
import { standingOf, type LotRow } from './standing';

/** Lots closed per run of the job; the rest wait for the next run. */
const CLOSE_BATCH = 50;

/** The users of each buyer who bid on a lot. */
async function biddersOf(db: MarketplaceDeps['db'], lotId: number) {
  const rows = await db
    .selectDistinct({ buyerId: auctionBids.buyerId, userId: auctionBids.userId })
    .from(auctionBids)
    .where(eq(auctionBids.lotId, lotId));
  return rows.filter((r): r is { buyerId: number; userId: number } => r.userId !== null);
}

/**
 * Closing lots whose end has come, and awards: the close of a lot is one transaction that re-reads
 * its row under lock, flips it to CLOSED and, when sold, makes the winner's order (./award) — a lot
 * already closed is left alone, so a close run twice, on two replicas or after a kill, awards once.
 * It runs inside the `auctions` job (jobs/auctions.ts), under the job's lease.
 */
export function createAuctionClosing(
  deps: Pick<MarketplaceDeps, 'db' | 'config' | 'reportError'>,
  award: AuctionAward,
  mail: AuctionMail,
) {
  const { db } = deps;

  async function mailOutcome(lot: LotRow, orderNumber: string | null, waiting: boolean) {
    const bidders = await biddersOf(db, lot.id);
    const winners = bidders.filter((b) => lot.outcome === 'SOLD' && b.buyerId === lot.leaderBuyerId);
    const others = bidders.filter((b) => !winners.includes(b));
    await mail.send(
      'won',
      lot,
      winners.map((b) => b.userId),
      [
        { key: 'mail.auction.won.body', values: { orderNumber: orderNumber ?? '' } },
        ...(waiting ? [{ key: 'mail.auction.wonWaiting' as const }] : []),
      ],
    );
    await mail.send(
      'lost',
      lot,
      others.map((b) => b.userId),
      [{ key: lot.outcome === 'SOLD' ? 'mail.auction.lost.body' : 'mail.auction.reserveNotMet.body' }],
    );
  }

  /**
   * The won and lost e-mails of a closed lot, then the mark that they went. A kill or a mailer
   * failure before the mark leaves it for the next run of the job, and the notices it claimed keep
   * anyone from getting an e-mail twice.
   */
  async function mailClosed(lot: LotRow) {
    const [order] = lot.orderId ? await db.select().from(orders).where(eq(orders.id, lot.orderId)) : [];
    // An award made without the buyer's choices waits on its order's page for them.
    await mailOutcome(lot, order?.phonexOrderNumber ?? null, order !== undefined && order.shipping === null);
    await db
      .update(auctionLots)
      .set({ outcomeMailedAt: new Date() })
      .where(and(eq(auctionLots.id, lot.id), isNull(auctionLots.outcomeMailedAt)));
  }
  const reportMail = (error: unknown) => deps.reportError(error, 'auction e-mails');

  /** Closes one lot if its end has come and it is still open; answers the closed row, or null. */
  async function closeLot(lotId: number, now: Date): Promise<LotRow | null> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const [seen] = await db.select().from(auctionLots).where(eq(auctionLots.id, lotId));
      if (!seen || seen.status !== 'ACTIVE' || seen.endsAt > now) return null;
      const sold = reserveMet(standingOf(seen));
      const prepared: PreparedAward | null = sold
        ? await award.prepare(seen.leaderBuyerId!, seen, seen.currentPrice!)
        : null;
      const closed = await db.transaction(async (tx) => {
        const [lot] = await tx.select().from(auctionLots).where(eq(auctionLots.id, lotId)).for('update');
        if (!lot || lot.status !== 'ACTIVE' || lot.endsAt > now) return 'done' as const;
        // A bid landed between the read and the lock (the end moved, or it came at the last instant): read again.
        if (lot.bidCount !== seen.bidCount) return 'again' as const;
        const orderId = prepared ? await award.place(tx, lot, prepared, now) : null;
        const outcome = sold ? 'SOLD' : lot.bidCount > 0 ? 'RESERVE_NOT_MET' : 'NO_BIDS';
        const [row] = await tx
          .update(auctionLots)
          .set({ status: 'CLOSED', outcome, closedAt: now, orderId })
          .where(eq(auctionLots.id, lotId))
          .returning();
        return row!;
      });
      if (closed === 'done') return null;
      if (closed === 'again') continue;
      await mailClosed(closed).catch(reportMail);
      return closed;
    }
    return null;
  }

  return {
    closeLot,

    /** Every lot whose end has come, oldest end first; then the e-mails of closed lots that did not go. */
    async closeDue(now: Date) {
      const due = await db
        .select({ id: auctionLots.id })
        .from(auctionLots)
        .where(and(eq(auctionLots.status, 'ACTIVE'), lte(auctionLots.endsAt, now)))
        .orderBy(auctionLots.endsAt)
        .limit(CLOSE_BATCH);
      for (const { id } of due) await closeLot(id, now);
      const unmailed = await db
        .select()
        .from(auctionLots)
        .where(and(eq(auctionLots.status, 'CLOSED'), isNull(auctionLots.outcomeMailedAt)))
        .orderBy(auctionLots.closedAt)
        .limit(CLOSE_BATCH);
      for (const lot of unmailed) await mailClosed(lot).catch(reportMail);
    },

    /** "Ending soon" to the watchers of open lots whose end is near (once per lot and user). */
    async warnEndingSoon(now: Date) {
      const within = new Date(now.getTime() + deps.config.marketplace.auctions.endingSoonMinutes * 60_000);
      const lots = await db
        .select()
        .from(auctionLots)
        .where(
          and(
            eq(auctionLots.status, 'ACTIVE'),
            lte(auctionLots.startsAt, now),
            gt(auctionLots.endsAt, now),
            lte(auctionLots.endsAt, within),
          ),
        );
      for (const lot of lots) {
        const watchers = await db
          .select({ userId: auctionWatches.userId })
          .from(auctionWatches)
          .where(eq(auctionWatches.lotId, lot.id));
        await mail.send(
          'endingSoon',
          lot,
          watchers.map((w) => w.userId),
          [{ key: 'mail.auction.endingSoon.body' }],
        );
      }
    },

    /** Ends bidding on a lot now (the seller's "close now", operators and tests); the job then closes it. */
    async endNow(lotId: number, now: Date) {
      const [lot] = await db
        .update(auctionLots)
        .set({ endsAt: now, startsAt: sql`least(${auctionLots.startsAt}, ${now.toISOString()}::timestamptz)` })
        .where(and(eq(auctionLots.id, lotId), eq(auctionLots.status, 'ACTIVE'), gt(auctionLots.endsAt, now)))
        .returning({ id: auctionLots.id });
      if (lot) return;
      const [any] = await db.select({ status: auctionLots.status }).from(auctionLots).where(eq(auctionLots.id, lotId));
      if (!any) throw notFound('Lot');
      if (any.status !== 'ACTIVE') throw new ApiError(409, 'auctionLotNotActive', `The lot is ${any.status}`);
    },

    /** The outbid e-mail to the users of the buyer who led before a bid. */
    async mailOutbid(lotId: number, outbidBuyerId: number, bidId: number) {
      const [lot] = await db.select().from(auctionLots).where(eq(auctionLots.id, lotId));
      if (!lot) return;
      const users = (await biddersOf(db, lotId)).filter((b) => b.buyerId === outbidBuyerId).map((b) => b.userId);
      const minimum = nextMinimum(standingOf(lot), deps.config.marketplace.auctions.increments);
      await mail.send(
        'outbid',
        lot,
        users,
        [{ key: 'mail.auction.outbid.body', values: { minimum: mail.money(minimum) } }],
        bidId,
      );
    },
  };
}

export type AuctionClosing = ReturnType<typeof createAuctionClosing>;
