/**
 * How the units of a pre-order that arrived are shared among the buyers who committed to it (issue
 * 53, decision 030): first come first served, or pro rata by largest remainder. Pure and
 * deterministic: the same commitments and units always give the same allocation.
 */

export const ALLOCATION_RULES = ['FIRST_COME', 'PRO_RATA'] as const;
export type AllocationRule = (typeof ALLOCATION_RULES)[number];

export interface Claim {
  id: number;
  /** Units asked for, at least 1. */
  quantity: number;
  /** When the claim took its place (ms since the epoch): earlier wins a tie. */
  at: number;
}

/** Earlier place first; the same instant goes to the lower id (the one stored first). */
const byPlace = (a: Claim, b: Claim) => a.at - b.at || a.id - b.id;

/** Units per claim id, every claim named (0 when it gets nothing); never more than asked, never more than `units` in all. */
export function allocate(rule: AllocationRule, units: number, claims: readonly Claim[]): Map<number, number> {
  const ordered = [...claims].sort(byPlace);
  const result = new Map<number, number>(ordered.map((c) => [c.id, 0]));
  const asked = ordered.reduce((n, c) => n + c.quantity, 0);
  const available = Math.max(0, Math.floor(units));
  if (asked <= available) {
    for (const c of ordered) result.set(c.id, c.quantity);
    return result;
  }
  if (rule === 'FIRST_COME') {
    let left = available;
    for (const c of ordered) {
      const given = Math.min(left, c.quantity);
      result.set(c.id, given);
      left -= given;
    }
    return result;
  }
  // Pro rata: each gets the whole part of its share (available × quantity / asked); the units left
  // go one each to the largest remainders, a tie to the earlier place. All in integers.
  const shares = ordered.map((c) => {
    const exact = available * c.quantity;
    return { claim: c, whole: Math.floor(exact / asked), remainder: exact % asked };
  });
  let left = available - shares.reduce((n, s) => n + s.whole, 0);
  const byRemainder = [...shares].sort((a, b) => b.remainder - a.remainder || byPlace(a.claim, b.claim));
  for (const share of byRemainder) {
    if (left === 0) break;
    share.whole += 1;
    left -= 1;
  }
  for (const s of shares) result.set(s.claim.id, s.whole);
  return result;
}
