import { describe, expect, it } from 'vitest';
import { buyAgainOutcome, goesToCart, linesByItem } from './buy-again';

const item = { quantityAvailable: 50, listPrice: 120.5, incrementSize: 1 };

describe('buy again: what becomes of a line ordered again', () => {
  it('in stock: to the cart at the ordered quantity and today’s list price', () => {
    expect(buyAgainOutcome(4, item, null)).toEqual({ kind: 'toCart', quantity: 4, unitPrice: 120.5 });
  });
  it('short: capped at what is available, which it says', () => {
    expect(buyAgainOutcome(80, item, null)).toEqual({ kind: 'short', quantity: 50, available: 50, unitPrice: 120.5 });
  });
  it('increments of today are kept (rounded down, at least one increment)', () => {
    expect(buyAgainOutcome(7, { ...item, incrementSize: 5 }, null)).toEqual({
      kind: 'toCart',
      quantity: 5,
      unitPrice: 120.5,
    });
    expect(buyAgainOutcome(3, { ...item, incrementSize: 5 }, null)).toEqual({
      kind: 'toCart',
      quantity: 5,
      unitPrice: 120.5,
    });
  });
  it('gone: no such item, none left, or no list price', () => {
    expect(buyAgainOutcome(4, null, null)).toEqual({ kind: 'gone' });
    expect(buyAgainOutcome(4, { ...item, quantityAvailable: 0 }, null)).toEqual({ kind: 'gone' });
    expect(buyAgainOutcome(4, { ...item, listPrice: null }, null)).toEqual({ kind: 'gone' });
  });
  it('already in the cart with as many: nothing changes (a replayed confirmation adds nothing)', () => {
    expect(buyAgainOutcome(4, item, { status: 'BUY_AT_LIST', offerQuantity: 4 })).toEqual({
      kind: 'inCart',
      quantity: 4,
    });
    expect(buyAgainOutcome(4, item, { status: 'BUY_AT_LIST', offerQuantity: 9 })).toEqual({
      kind: 'inCart',
      quantity: 9,
    });
  });
  it('in the cart with fewer: the entry is raised to the ordered quantity, not added to', () => {
    expect(buyAgainOutcome(4, item, { status: 'BUY_AT_LIST', offerQuantity: 1 })).toEqual({
      kind: 'toCart',
      quantity: 4,
      unitPrice: 120.5,
    });
  });
  it('an offer under negotiation is left alone', () => {
    for (const status of ['PENDING_ACCEPTANCE', 'COUNTERED', 'ACCEPTED', 'PRICE_DROPPED'] as const) {
      expect(buyAgainOutcome(4, item, { status, offerQuantity: 2 })).toEqual({ kind: 'offerOpen', status });
    }
  });
  it('only toCart and short put something in the cart', () => {
    expect(goesToCart({ kind: 'toCart', quantity: 1, unitPrice: 1 })).toBe(true);
    expect(goesToCart({ kind: 'short', quantity: 1, available: 1, unitPrice: 1 })).toBe(true);
    expect(goesToCart({ kind: 'gone' })).toBe(false);
    expect(goesToCart({ kind: 'inCart', quantity: 1 })).toBe(false);
  });
  it('an item on two lines is ordered again once, for both', () => {
    expect(
      linesByItem([
        { itemNumberWarehouse: 'A', quantity: 2 },
        { itemNumberWarehouse: 'B', quantity: 1 },
        { itemNumberWarehouse: 'A', quantity: 3 },
      ]),
    ).toEqual([
      { itemNumberWarehouse: 'A', quantity: 5 },
      { itemNumberWarehouse: 'B', quantity: 1 },
    ]);
  });
});
