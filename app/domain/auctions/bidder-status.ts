/**
 * Where a buyer stands on a lot (issue 53): highest bidder, outbid, reserve not met (leading below
 * the reserve), won, lost; null when the buyer has not bid.
 */
export type BidderStatus = 'HIGHEST' | 'OUTBID' | 'RESERVE_NOT_MET' | 'WON' | 'LOST' | null;

export interface LotForStatus {
  status: string;
  outcome: string | null;
  ended: boolean;
  leaderBuyerId: number | null;
  reserveMet: boolean;
}

export function bidderStatus(lot: LotForStatus, buyerId: number, hasBid: boolean): BidderStatus {
  if (!hasBid || lot.status === 'CANCELED') return null;
  const leads = lot.leaderBuyerId === buyerId;
  if (lot.status === 'CLOSED') {
    if (lot.outcome === 'SOLD') return leads ? 'WON' : 'LOST';
    return leads ? 'RESERVE_NOT_MET' : 'LOST';
  }
  if (leads) return lot.reserveMet ? 'HIGHEST' : 'RESERVE_NOT_MET';
  return lot.ended ? 'LOST' : 'OUTBID';
}
