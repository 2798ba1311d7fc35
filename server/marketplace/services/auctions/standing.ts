import type { Standing } from '../../../../app/domain/auctions/proxy-bidding';
import type { auctionLots } from '../../db/schema';

export type LotRow = typeof auctionLots.$inferSelect;

/** A lot row's standing, as the proxy-bidding rule reads it. */
export const standingOf = (lot: LotRow): Standing => ({
  startingPrice: lot.startingPrice,
  reserve: lot.reservePrice,
  bidCount: lot.bidCount,
  leader:
    lot.leaderBuyerId !== null && lot.leaderMaximum !== null
      ? { bidderId: lot.leaderBuyerId, maximum: lot.leaderMaximum }
      : null,
  secondMaximum: lot.secondMaximum,
  price: lot.currentPrice,
});

/** The lot row's columns for a standing. */
export const standingColumns = (standing: Standing) => ({
  leaderBuyerId: standing.leader?.bidderId ?? null,
  leaderMaximum: standing.leader?.maximum ?? null,
  secondMaximum: standing.secondMaximum,
  currentPrice: standing.price,
  bidCount: standing.bidCount,
});
