/** What a buyer hears of a lot when the list reads itself again: its price, its bids, its end and the buyer's status. */
export interface LiveLot {
  id: number;
  currentPrice: number | null;
  bidCount: number;
  endsAt: string;
  phase: string;
  myStatus: string | null;
}

/**
 * The lots of `after` that changed since `before` (the same lot by id: a new price or bid count, a
 * moved end, a new phase or status), in the order of `after`. A lot that was not on the list before
 * (another page, a new search) is not a change: only what moved while the buyer looked is announced.
 */
export function changedLots<T extends LiveLot>(before: readonly LiveLot[], after: readonly T[]): T[] {
  const seen = new Map(before.map((lot) => [lot.id, lot]));
  return after.filter((lot) => {
    const was = seen.get(lot.id);
    return (
      was !== undefined &&
      (was.currentPrice !== lot.currentPrice ||
        was.bidCount !== lot.bidCount ||
        was.endsAt !== lot.endsAt ||
        was.phase !== lot.phase ||
        was.myStatus !== lot.myStatus)
    );
  });
}
