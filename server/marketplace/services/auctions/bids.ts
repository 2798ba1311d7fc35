import { and, eq } from 'drizzle-orm';
import { amountRefusal, placeBid as proxyBid, type BidRefusal } from '../../../../app/domain/auctions/proxy-bidding';
import { endAfterBid, phaseAt } from '../../../../app/domain/auctions/soft-close';
import type { MarketplaceDeps, SignedInUser } from '../../context';
import { auctionBids, auctionLots } from '../../db/schema';
import { ApiError, notFound } from '../../errors';
import { requireBuyerWith } from '../identity/buyer-guard';
import { standingColumns, standingOf } from './standing';

/** Bidding needs the authority to buy; a pxns seller does not bid. */
export const BID_AUTHORITY = 'CAN_BUY_ONLINE';

export const lotClosed = () => new ApiError(422, 'auctionLotClosed', 'Bidding on this lot has ended', {});
export const lotNotOpen = () => new ApiError(422, 'auctionLotNotOpen', 'Bidding on this lot has not started yet', {});

/** A refused bid as the API says it: the reason's code, and the amount needed where there is one. */
export function bidRefused(refusal: BidRefusal): ApiError {
  switch (refusal.reason) {
    case 'belowMinimum':
    case 'notAboveOwnMaximum':
      return new ApiError(422, 'auctionBidTooLow', `Your bid must be at least ${refusal.minimum}`, {
        minimum: refusal.minimum,
      });
    case 'aboveLimit':
      return new ApiError(422, 'auctionBidAboveLimit', `Your bid can be at most ${refusal.limit}`, {
        limit: refusal.limit,
      });
    case 'notWholeNumber':
      return new ApiError(422, 'auctionBidNotWhole', 'Enter the amount as a whole number of minor units', {});
    case 'notPositive':
      return new ApiError(422, 'auctionBidNotPositive', 'Enter an amount above zero', {});
  }
}

export interface PlacedBid {
  bidId: number;
  lotId: number;
  /** The buyer who led before this bid and leads no more (an outbid e-mail is due), if any. */
  outbidBuyerId: number | null;
  replayed: boolean;
}

/**
 * Places a bid: one transaction that locks the lot's row, checks the lot is open, applies the proxy
 * rule to the standing kept on the row, records the bid and moves the end by soft close. Bidders on
 * one lot are served one at a time, in the order their locks are granted, whatever the replica.
 */
export function createAuctionBids(deps: Pick<MarketplaceDeps, 'db' | 'config'>) {
  const { db } = deps;
  const rules = () => deps.config.marketplace.auctions;

  async function replayOf(buyerId: number, key: string): Promise<PlacedBid | null> {
    const [bid] = await db.select().from(auctionBids).where(eq(auctionBids.idempotencyKey, key));
    if (!bid) return null;
    if (bid.buyerId !== buyerId) throw notFound('Bid');
    return { bidId: bid.id, lotId: bid.lotId, outbidBuyerId: null, replayed: true };
  }

  return {
    async place(user: SignedInUser, lotId: number, amount: number, key?: string): Promise<PlacedBid> {
      const buyerId = await requireBuyerWith(
        db,
        user,
        BID_AUTHORITY,
        { messageCode: 'auctionBidNotAllowed', message: 'Your account cannot bid on auctions' },
        { messageCode: 'auctionBidNotAllowed', message: 'Your account cannot bid on auctions' },
      );
      // An amount no lot takes is refused before a replay is looked for: a replayed key does not make it a bid.
      const malformed = amountRefusal(amount);
      if (malformed) throw bidRefused(malformed);
      if (key) {
        const earlier = await replayOf(buyerId, key);
        if (earlier) return earlier;
      }
      const { increments, softCloseMinutes } = rules();
      const placed = await db.transaction(async (tx) => {
        const [lot] = await tx.select().from(auctionLots).where(eq(auctionLots.id, lotId)).for('update');
        if (!lot || lot.status === 'CANCELED') throw notFound('Lot');
        const now = new Date();
        const phase = lot.status === 'CLOSED' ? 'ENDED' : phaseAt(lot, now);
        if (phase === 'SCHEDULED') throw lotNotOpen();
        if (phase === 'ENDED') throw lotClosed();
        const before = standingOf(lot);
        const result = proxyBid(before, buyerId, amount, increments);
        if (!result.accepted) throw bidRefused(result.refusal);
        const { standing } = result;
        const [bid] = await tx
          .insert(auctionBids)
          .values({
            lotId,
            buyerId,
            userId: user.id,
            maximum: amount,
            priceAfter: standing.price!,
            placedAt: now,
            idempotencyKey: key ?? null,
          })
          .onConflictDoNothing({ target: auctionBids.idempotencyKey })
          .returning({ id: auctionBids.id });
        // The same key committed by another request between our look and our lock: that bid stands alone.
        if (!bid) return null;
        await tx
          .update(auctionLots)
          .set({ ...standingColumns(standing), endsAt: endAfterBid(lot.endsAt, now, softCloseMinutes) })
          .where(and(eq(auctionLots.id, lotId), eq(auctionLots.status, 'ACTIVE')));
        const previous = before.leader?.bidderId ?? null;
        return {
          bidId: bid.id,
          lotId,
          outbidBuyerId: previous !== null && previous !== standing.leader!.bidderId ? previous : null,
          replayed: false,
        };
      });
      return placed ?? (await replayOf(buyerId, key!))!;
    },
  };
}

export type AuctionBids = ReturnType<typeof createAuctionBids>;
