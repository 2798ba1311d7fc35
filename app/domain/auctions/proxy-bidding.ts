/**
 * Proxy bidding on a lot (issue 53), amounts in minor units. A bidder (a buyer's company) gives a
 * maximum; the lot's price is the lowest that beats the second-highest maximum by the increment of
 * that maximum's band, never above the highest maximum and never below the starting price. Of two
 * equal maximums the earlier one leads. A leader's maximum that reaches the reserve lifts the price to
 * the reserve at once (the lot is then sold at least at it). Nobody but the bidder sees a maximum.
 *
 * The marketplace keeps a lot's standing (leader, leader's maximum, second maximum, price) on the lot
 * row and moves it with `placeBid` under a row lock, one bid at a time.
 */

/** A price band: from this price (inclusive) on, bids go up by `increment`. */
export interface IncrementBand {
  from: number;
  increment: number;
}

/** The highest amount a bid may name (an int4 column with room to spare). */
export const MAX_BID = 1_000_000_000;

export const DEFAULT_INCREMENTS: IncrementBand[] = [
  { from: 0, increment: 100 },
  { from: 10_000, increment: 500 },
  { from: 100_000, increment: 2_500 },
  { from: 1_000_000, increment: 10_000 },
];

export interface Standing {
  startingPrice: number;
  /** The seller's reserve; null: none. Never shown to buyers, only whether it is met. */
  reserve: number | null;
  bidCount: number;
  leader: { bidderId: number; maximum: number } | null;
  /** The highest maximum of any other bidder; null while one bidder (or none) has bid. */
  secondMaximum: number | null;
  /** The current price; null before the first bid. */
  price: number | null;
}

export type BidRefusal =
  | { reason: 'notWholeNumber' }
  | { reason: 'notPositive' }
  | { reason: 'aboveLimit'; limit: number }
  | { reason: 'belowMinimum'; minimum: number }
  | { reason: 'notAboveOwnMaximum'; minimum: number };

export type BidResult = { accepted: true; standing: Standing } | { accepted: false; refusal: BidRefusal };

/** The increment of the band the price falls in (bands sorted or not; the lowest band applies below its start). */
export function incrementAt(price: number, bands: readonly IncrementBand[]): number {
  let chosen: IncrementBand | undefined;
  for (const band of bands) if (band.from <= price && (!chosen || band.from > chosen.from)) chosen = band;
  chosen ??= bands.reduce((a, b) => (b.from < a.from ? b : a));
  return chosen.increment;
}

export const openingStanding = (startingPrice: number, reserve: number | null = null): Standing => ({
  startingPrice,
  reserve,
  bidCount: 0,
  leader: null,
  secondMaximum: null,
  price: null,
});

/** The price of a lot with this leader's maximum and this second maximum. */
export function priceOf(
  { startingPrice, reserve }: Pick<Standing, 'startingPrice' | 'reserve'>,
  leaderMaximum: number,
  secondMaximum: number | null,
  bands: readonly IncrementBand[],
): number {
  const competed =
    secondMaximum === null ? startingPrice : Math.max(startingPrice, secondMaximum + incrementAt(secondMaximum, bands));
  const lifted = reserve !== null && leaderMaximum >= reserve ? Math.max(competed, reserve) : competed;
  return Math.min(leaderMaximum, lifted);
}

/** The least a new bid may name: the starting price before any bid, then the price plus its increment. */
export function nextMinimum(standing: Standing, bands: readonly IncrementBand[]): number {
  return standing.price === null ? standing.startingPrice : standing.price + incrementAt(standing.price, bands);
}

/** What no lot takes as a bid: an amount not whole, not positive, or above the limit. */
export function amountRefusal(amount: number): BidRefusal | null {
  if (!Number.isSafeInteger(amount)) return { reason: 'notWholeNumber' };
  if (amount <= 0) return { reason: 'notPositive' };
  if (amount > MAX_BID) return { reason: 'aboveLimit', limit: MAX_BID };
  return null;
}

/** Checks an amount as a bid of this bidder would: whole, positive, within the limit, at least the next minimum. */
export function refusalOf(
  standing: Standing,
  bidderId: number,
  amount: number,
  bands: readonly IncrementBand[],
): BidRefusal | null {
  const malformed = amountRefusal(amount);
  if (malformed) return malformed;
  const minimum = nextMinimum(standing, bands);
  if (standing.leader?.bidderId === bidderId) {
    // The leader may only raise the maximum; the price does not move for it alone.
    const own = standing.leader.maximum + 1;
    if (amount < Math.max(own, minimum)) return { reason: 'notAboveOwnMaximum', minimum: Math.max(own, minimum) };
    return null;
  }
  if (amount < minimum) return { reason: 'belowMinimum', minimum };
  return null;
}

/** The standing after this bidder's maximum, or why the bid is refused. */
export function placeBid(
  standing: Standing,
  bidderId: number,
  amount: number,
  bands: readonly IncrementBand[],
): BidResult {
  const refusal = refusalOf(standing, bidderId, amount, bands);
  if (refusal) return { accepted: false, refusal };
  const { leader } = standing;
  let next: Pick<Standing, 'leader' | 'secondMaximum'>;
  if (!leader) next = { leader: { bidderId, maximum: amount }, secondMaximum: null };
  else if (leader.bidderId === bidderId)
    next = { leader: { bidderId, maximum: amount }, secondMaximum: standing.secondMaximum };
  // A tie goes to the earlier maximum: the leader's.
  else if (amount > leader.maximum) next = { leader: { bidderId, maximum: amount }, secondMaximum: leader.maximum };
  else next = { leader, secondMaximum: Math.max(standing.secondMaximum ?? 0, amount) };
  const price = priceOf(standing, next.leader!.maximum, next.secondMaximum, bands);
  return { accepted: true, standing: { ...standing, ...next, bidCount: standing.bidCount + 1, price } };
}

/** Whether the lot sells at its price: a bid was made and the price reached the reserve (none: any bid). */
export const reserveMet = ({ price, reserve }: Pick<Standing, 'price' | 'reserve'>): boolean =>
  price !== null && (reserve === null || price >= reserve);
