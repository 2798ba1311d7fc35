import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate, ALLOCATION_RULES, type Claim } from './allocation';

const claims = fc.uniqueArray(
  fc.record({
    id: fc.integer({ min: 1, max: 10_000 }),
    quantity: fc.integer({ min: 1, max: 500 }),
    at: fc.integer({ min: 0, max: 50 }),
  }),
  { selector: (c) => c.id, maxLength: 30 },
);
const total = (m: Map<number, number>) => [...m.values()].reduce((n, q) => n + q, 0);

describe('allocating the units that arrived', () => {
  it('gives everyone what they asked when enough arrived', () => {
    const asked: Claim[] = [
      { id: 1, quantity: 5, at: 1 },
      { id: 2, quantity: 7, at: 2 },
    ];
    for (const rule of ALLOCATION_RULES)
      expect([...allocate(rule, 20, asked)]).toEqual([
        [1, 5],
        [2, 7],
      ]);
  });

  it('first come first served: the earlier commitments are filled, the next one in part, the rest get nothing', () => {
    const asked: Claim[] = [
      { id: 3, quantity: 10, at: 3 },
      { id: 1, quantity: 10, at: 1 },
      { id: 2, quantity: 10, at: 2 },
    ];
    expect(Object.fromEntries(allocate('FIRST_COME', 15, asked))).toEqual({ 1: 10, 2: 5, 3: 0 });
  });

  it('pro rata: whole shares, then the units left to the largest remainders, a tie to the earlier commitment', () => {
    // 8 units for 3 + 3 + 3 asked: 2.67 each; the two units left go to the two earliest of three equal remainders.
    const asked: Claim[] = [
      { id: 7, quantity: 3, at: 2 },
      { id: 8, quantity: 3, at: 1 },
      { id: 9, quantity: 3, at: 1 },
    ];
    expect(Object.fromEntries(allocate('PRO_RATA', 8, asked))).toEqual({ 7: 2, 8: 3, 9: 3 });
    // 100 units for 50 + 30 + 21 asked: 49.50, 29.70, 20.79 → 49, 29, 20 and two left to .79 and .70.
    expect(
      Object.fromEntries(
        allocate('PRO_RATA', 100, [
          { id: 1, quantity: 50, at: 1 },
          { id: 2, quantity: 30, at: 2 },
          { id: 3, quantity: 21, at: 3 },
        ]),
      ),
    ).toEqual({ 1: 49, 2: 30, 3: 21 });
  });

  it('never gives more than arrived nor more than asked, and leaves nothing unallocated that someone still wants', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ALLOCATION_RULES),
        fc.integer({ min: 0, max: 5_000 }),
        claims,
        (rule, units, cs) => {
          const result = allocate(rule, units, cs);
          const asked = cs.reduce((n, c) => n + c.quantity, 0);
          expect(result.size).toBe(cs.length);
          for (const c of cs) {
            expect(result.get(c.id)).toBeGreaterThanOrEqual(0);
            expect(result.get(c.id)).toBeLessThanOrEqual(c.quantity);
          }
          expect(total(result)).toBe(Math.min(units, asked));
        },
      ),
    );
  });

  it('pro rata gives each its share rounded down or up, never further, and the same answer whatever the order given', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5_000 }), claims, (units, cs) => {
        const result = allocate('PRO_RATA', units, cs);
        const asked = cs.reduce((n, c) => n + c.quantity, 0);
        if (asked > units)
          for (const c of cs) {
            const share = (units * c.quantity) / asked;
            expect(result.get(c.id)).toBeGreaterThanOrEqual(Math.floor(share));
            expect(result.get(c.id)).toBeLessThanOrEqual(Math.ceil(share));
          }
        expect(allocate('PRO_RATA', units, [...cs].reverse())).toEqual(result);
      }),
    );
  });

  it('first come first served never serves a later commitment while an earlier one is short', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5_000 }), claims, (units, cs) => {
        const result = allocate('FIRST_COME', units, cs);
        const ordered = [...cs].sort((a, b) => a.at - b.at || a.id - b.id);
        const firstShort = ordered.findIndex((c) => result.get(c.id)! < c.quantity);
        if (firstShort >= 0) for (const c of ordered.slice(firstShort + 1)) expect(result.get(c.id)).toBe(0);
      }),
    );
  });
});
