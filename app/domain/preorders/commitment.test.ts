import { describe, expect, it } from 'vitest';
import { checkCommitment, commitmentUnitPrice, readCommitment, type PreorderTerms } from './commitment';

const now = new Date('2026-12-01T10:00:00Z');
const fixed: PreorderTerms = {
  expectedQuantity: 500,
  minimumCommitment: 10,
  priceMin: 18_000,
  priceMax: 18_000,
  cutOff: new Date('2026-12-05T00:00:00Z'),
};
const range: PreorderTerms = { ...fixed, priceMin: 17_000, priceMax: 19_000 };
const typed = (quantity: string, maxUnitPrice?: string, terms = fixed, at = now) =>
  readCommitment({ quantity, maxUnitPrice }, terms, at, 'en');

describe('a commitment to a pre-order', () => {
  it('takes a whole quantity from the minimum to the expected quantity at a fixed price', () => {
    expect(typed('10')).toEqual({ ok: true, quantity: 10, maxUnitPrice: null });
    expect(typed('500')).toEqual({ ok: true, quantity: 500, maxUnitPrice: null });
  });

  it('refuses, beside the quantity, what is not a whole number, negative, empty, below the minimum or above what is expected', () => {
    expect(typed('2.5')).toEqual({ ok: false, errors: { quantity: 'entry.errors.notWhole' } });
    expect(typed('-5')).toEqual({ ok: false, errors: { quantity: 'entry.errors.notNumber' } });
    expect(typed('abc')).toEqual({ ok: false, errors: { quantity: 'entry.errors.notNumber' } });
    expect(typed('')).toEqual({ ok: false, errors: { quantity: 'preorders.errors.required' } });
    expect(typed('9')).toEqual({ ok: false, errors: { quantity: 'preorders.errors.belowMinimum' } });
    expect(typed('501')).toEqual({ ok: false, errors: { quantity: 'preorders.errors.aboveExpected' } });
    expect(typed('99999999999')).toEqual({ ok: false, errors: { quantity: 'entry.errors.tooLarge' } });
  });

  it('refuses anything at or after the cut-off', () => {
    expect(typed('10', undefined, fixed, fixed.cutOff)).toEqual({
      ok: false,
      errors: { quantity: 'preorders.errors.closed' },
    });
    expect(checkCommitment({ quantity: 10, maxUnitPrice: null }, fixed, new Date('2027-01-01'))).toEqual({
      ok: false,
      errors: { quantity: 'preorders.errors.closed' },
    });
  });

  it('with a price range, needs a maximum price of at least the bottom of the range, in minor units, capped at its top', () => {
    expect(typed('10', '', range)).toEqual({ ok: false, errors: { maxUnitPrice: 'preorders.errors.priceRequired' } });
    expect(typed('10', '169', range)).toEqual({
      ok: false,
      errors: { maxUnitPrice: 'preorders.errors.priceBelowRange' },
    });
    expect(typed('10', '175.50', range)).toEqual({ ok: false, errors: { maxUnitPrice: 'entry.errors.notWhole' } });
    expect(typed('10', '175', range)).toEqual({ ok: true, quantity: 10, maxUnitPrice: 17_500 });
    expect(typed('10', '250', range)).toEqual({ ok: true, quantity: 10, maxUnitPrice: 19_000 });
    expect(checkCommitment({ quantity: 10, maxUnitPrice: 1.5 }, range, now)).toEqual({
      ok: false,
      errors: { maxUnitPrice: 'entry.errors.notWhole' },
    });
  });

  it('names both fields when both are wrong', () => {
    expect(typed('x', 'y', range)).toEqual({
      ok: false,
      errors: { quantity: 'entry.errors.notNumber', maxUnitPrice: 'entry.errors.notNumber' },
    });
  });
});

describe('the unit price a commitment shows', () => {
  it('is the final price once the stock arrived, else the fixed price, else the most the buyer would pay', () => {
    expect(commitmentUnitPrice({ maxUnitPrice: 18_500 }, { ...range, unitPrice: 17_500 })).toEqual({
      kind: 'final',
      amount: 17_500,
    });
    expect(commitmentUnitPrice({ maxUnitPrice: null }, { ...fixed, unitPrice: null })).toEqual({
      kind: 'fixed',
      amount: 18_000,
    });
    expect(commitmentUnitPrice({ maxUnitPrice: 18_500 }, { ...range, unitPrice: null })).toEqual({
      kind: 'upTo',
      amount: 18_500,
    });
  });
});
