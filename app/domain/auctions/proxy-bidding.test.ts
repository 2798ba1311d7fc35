import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_INCREMENTS,
  MAX_BID,
  incrementAt,
  nextMinimum,
  openingStanding,
  placeBid,
  reserveMet,
  type IncrementBand,
  type Standing,
} from './proxy-bidding';
import { endAfterBid, phaseAt } from './soft-close';

/**
 * The reference model: it keeps every accepted bid and works the lot out from all of them each time
 * (who leads, the second maximum, the price, the end), where the domain moves one standing bid by bid.
 */
interface RefBid {
  bidder: number;
  amount: number;
  seq: number;
  at: number;
}
function referenceIncrement(price: number, bands: IncrementBand[]) {
  const sorted = [...bands].sort((a, b) => a.from - b.from);
  return (sorted.filter((b) => b.from <= price).at(-1) ?? sorted[0]!).increment;
}
function reference(bids: RefBid[], start: number, reserve: number | null, bands: IncrementBand[]) {
  const best = new Map<number, RefBid>();
  for (const bid of bids) {
    const held = best.get(bid.bidder);
    if (!held || bid.amount > held.amount) best.set(bid.bidder, bid);
  }
  const ranked = [...best.values()].sort((a, b) => b.amount - a.amount || a.seq - b.seq);
  const [leader, second] = ranked;
  if (!leader) return { leader: null, price: null as number | null };
  let price = second ? Math.max(start, second.amount + referenceIncrement(second.amount, bands)) : start;
  if (reserve !== null && leader.amount >= reserve && price < reserve) price = reserve;
  return { leader: leader.bidder, price: Math.min(price, leader.amount) };
}

const bandsArb = fc
  .uniqueArray(fc.integer({ min: 1, max: 5_000 }), { maxLength: 3 })
  .chain((froms) =>
    fc.tuple(
      ...[0, ...froms].map((from) => fc.integer({ min: 1, max: 300 }).map((increment) => ({ from, increment }))),
    ),
  )
  .map((bands) => fc.shuffledSubarray(bands, { minLength: bands.length }))
  .chain((shuffled) => shuffled);

const attemptArb = fc.record({
  bidder: fc.integer({ min: 1, max: 4 }),
  /** over: the next minimum plus `over`; below: under it (refused); tie: the leader's maximum; edge: a band's start or one under. */
  aim: fc.constantFrom('over', 'below', 'tie', 'edge'),
  over: fc.integer({ min: 0, max: 3_000 }),
  pick: fc.nat(),
  /** Minutes after the previous attempt. */
  gap: fc.integer({ min: 0, max: 20 }),
});

describe('proxy bidding', () => {
  it('agrees with the reference model over random bid sequences (ties, bands, reserve, soft close)', () => {
    fc.assert(
      fc.property(
        bandsArb,
        fc.integer({ min: 1, max: 2_000 }),
        fc.option(fc.integer({ min: 1, max: 8_000 }), { nil: null }),
        fc.integer({ min: 1, max: 5 }),
        fc.array(attemptArb, { maxLength: 40 }),
        (bands, start, reserve, softClose, attempts) => {
          let standing: Standing = openingStanding(start, reserve);
          const lot = { startsAt: new Date(0), endsAt: new Date(30 * 60_000) };
          const originalEnd = lot.endsAt.getTime();
          const accepted: RefBid[] = [];
          let now = 0;
          attempts.forEach(({ bidder, aim, over, pick, gap }, seq) => {
            now += gap * 60_000;
            const ref = reference(accepted, start, reserve, bands);
            const refMinimum = ref.price === null ? start : ref.price + referenceIncrement(ref.price, bands);
            expect(nextMinimum(standing, bands)).toBe(refMinimum);
            const leaderMax = Math.max(0, ...accepted.filter((b) => b.bidder === ref.leader).map((b) => b.amount));
            const ahead = bands.map((b) => b.from).filter((from) => from > refMinimum);
            const edge = ahead.length ? ahead[pick % ahead.length]! - (pick % 2) : 0;
            const amount =
              aim === 'below'
                ? refMinimum - 1 - (over % 50)
                : aim === 'tie' && ref.leader !== null
                  ? leaderMax
                  : aim === 'edge' && edge > 0
                    ? edge
                    : refMinimum + over;
            if (phaseAt(lot, new Date(now)) !== 'OPEN') return;
            const result = placeBid(standing, bidder, amount, bands);
            const ownMaximum = Math.max(0, ...accepted.filter((b) => b.bidder === bidder).map((b) => b.amount));
            const refAccepts = amount > 0 && amount >= refMinimum && (ref.leader !== bidder || amount > ownMaximum);
            expect(result.accepted).toBe(refAccepts);
            if (!result.accepted) return;
            accepted.push({ bidder, amount, seq, at: now });
            standing = result.standing;
            lot.endsAt = endAfterBid(lot.endsAt, new Date(now), softClose);
            const after = reference(accepted, start, reserve, bands);
            expect(standing.leader?.bidderId).toBe(after.leader);
            expect(standing.price).toBe(after.price);
            expect(standing.price!).toBeLessThanOrEqual(standing.leader!.maximum);
            expect(standing.bidCount).toBe(accepted.length);
            // Soft close: the end is the original one or N minutes after the last bid, whichever is later.
            expect(lot.endsAt.getTime()).toBe(Math.max(originalEnd, now + softClose * 60_000));
          });
        },
      ),
      { numRuns: 400 },
    );
  });

  it('gives a tie to the earlier maximum and raises the price to it', () => {
    const first = placeBid(openingStanding(1_000), 1, 5_000, DEFAULT_INCREMENTS);
    if (!first.accepted) throw new Error('refused');
    const tie = placeBid(first.standing, 2, 5_000, DEFAULT_INCREMENTS);
    if (!tie.accepted) throw new Error('refused');
    expect(tie.standing.leader).toEqual({ bidderId: 1, maximum: 5_000 });
    expect(tie.standing.price).toBe(5_000);
  });

  it('refuses with the amount needed, and what is not a whole positive amount within the limit', () => {
    const first = placeBid(openingStanding(1_000), 1, 20_000, DEFAULT_INCREMENTS);
    if (!first.accepted) throw new Error('refused');
    // One bidder: the price stays at the start; the next minimum is one increment above it.
    expect(first.standing.price).toBe(1_000);
    expect(placeBid(first.standing, 2, 1_050, DEFAULT_INCREMENTS)).toEqual({
      accepted: false,
      refusal: { reason: 'belowMinimum', minimum: 1_100 },
    });
    expect(placeBid(first.standing, 2, 1_100.5, DEFAULT_INCREMENTS)).toMatchObject({
      refusal: { reason: 'notWholeNumber' },
    });
    expect(placeBid(first.standing, 2, -5, DEFAULT_INCREMENTS)).toMatchObject({ refusal: { reason: 'notPositive' } });
    expect(placeBid(first.standing, 2, MAX_BID + 1, DEFAULT_INCREMENTS)).toMatchObject({
      refusal: { reason: 'aboveLimit' },
    });
    expect(placeBid(first.standing, 1, 20_000, DEFAULT_INCREMENTS)).toMatchObject({
      refusal: { reason: 'notAboveOwnMaximum', minimum: 20_001 },
    });
  });

  it('steps by the band of the price and lifts to a reserve the leader’s maximum reaches', () => {
    expect(incrementAt(9_999, DEFAULT_INCREMENTS)).toBe(100);
    expect(incrementAt(10_000, DEFAULT_INCREMENTS)).toBe(500);
    const bid = placeBid(openingStanding(1_000, 8_000), 1, 9_000, DEFAULT_INCREMENTS);
    if (!bid.accepted) throw new Error('refused');
    expect(bid.standing.price).toBe(8_000);
    expect(reserveMet(bid.standing)).toBe(true);
    const below = placeBid(openingStanding(1_000, 8_000), 1, 7_000, DEFAULT_INCREMENTS);
    if (!below.accepted) throw new Error('refused');
    expect(reserveMet(below.standing)).toBe(false);
  });
});
