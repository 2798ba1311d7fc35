import { describe, expect, it } from 'vitest';
import { addToOrderTarget, defaultChoice, newestFirst } from './add-to-order';

const orders = [
  { phonexOrderNumber: 'SO-1', lastUpdateDate: '2026-01-02T10:00:00.000Z' },
  { phonexOrderNumber: 'SO-2', lastUpdateDate: '2026-03-01T10:00:00.000Z' },
  { phonexOrderNumber: 'SO-3', lastUpdateDate: '2026-01-02T10:00:00.000Z' },
];

describe('the add to existing order choice (spec 3 §2.2)', () => {
  it('lists the newest lastUpdateDate first, ties in the given order', () => {
    expect(newestFirst(orders).map((o) => o.phonexOrderNumber)).toEqual(['SO-2', 'SO-1', 'SO-3']);
  });
  it('selects the newest order first, a new order when there is none', () => {
    expect(defaultChoice(orders)).toBe('SO-2');
    expect(defaultChoice([])).toBe('new');
  });
  it('goes to the combined review of a listed order, or to a new checkout', () => {
    expect(addToOrderTarget('Miami', 'SO-1', orders)).toBe('/checkout/add-to-unshipped-order/Miami/SO-1');
    expect(addToOrderTarget('Hong Kong', 'new', orders)).toBe('/checkout/Hong%20Kong');
    expect(addToOrderTarget('Miami', 'SO-9', orders)).toBeNull();
  });
});
