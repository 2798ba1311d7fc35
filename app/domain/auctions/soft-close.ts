/**
 * Soft close (issue 53): a bid in a lot's last N minutes (the tenant's setting, 2 by default) moves
 * its end to N minutes after that bid, so nobody wins by bidding in the last second.
 */
export const DEFAULT_SOFT_CLOSE_MINUTES = 2;

/** Where a lot stands in time: bidding opens at `startsAt` (inclusive) and ends at `endsAt` (exclusive). */
export type LotPhase = 'SCHEDULED' | 'OPEN' | 'ENDED';

export function phaseAt(lot: { startsAt: Date; endsAt: Date }, now: Date): LotPhase {
  if (now < lot.startsAt) return 'SCHEDULED';
  return now < lot.endsAt ? 'OPEN' : 'ENDED';
}

/** The lot's end after a bid at `bidAt`: unchanged unless the bid falls in the last N minutes. */
export function endAfterBid(endsAt: Date, bidAt: Date, softCloseMinutes: number): Date {
  const window = softCloseMinutes * 60_000;
  return endsAt.getTime() - bidAt.getTime() < window ? new Date(bidAt.getTime() + window) : endsAt;
}

/** Whether a lot's end is now within its soft-close window (the page says bids extend it). */
export const inSoftClose = (endsAt: Date, now: Date, softCloseMinutes: number) =>
  now < endsAt && endsAt.getTime() - now.getTime() < softCloseMinutes * 60_000;
