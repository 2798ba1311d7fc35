import { describe, expect, it } from 'vitest';
import { isPriceText, isQuantityText, normalizeOfferPrice, normalizeQuantity } from './entry-rules';

describe('quantity on blur (spec 1 §5, spec 2 §5)', () => {
  const plain = { incrementSize: 1, available: 50 };
  it('empty counts as 0 and 0 becomes 1', () => {
    expect(normalizeQuantity('', plain)).toEqual({ value: 1, reducedToStock: false });
    expect(normalizeQuantity('0', plain).value).toBe(1);
  });
  it('non-numeric counts as 0', () => {
    expect(normalizeQuantity('abc', plain).value).toBe(1);
  });
  it('rounds down to the increment, with the increment as the minimum', () => {
    const byFive = { incrementSize: 5, available: 100 };
    expect(normalizeQuantity('12', byFive).value).toBe(10);
    expect(normalizeQuantity('3', byFive).value).toBe(5);
    expect(normalizeQuantity('5', byFive).value).toBe(5);
    expect(normalizeQuantity('0', byFive).value).toBe(5);
  });
  it('above the available stock it is reduced and says so', () => {
    expect(normalizeQuantity('80', plain)).toEqual({ value: 50, reducedToStock: true });
    expect(normalizeQuantity('80', { incrementSize: 5, available: 48 })).toEqual({ value: 45, reducedToStock: true });
    expect(normalizeQuantity('10', { incrementSize: 5, available: 3 })).toEqual({ value: 3, reducedToStock: true });
  });
  it('reads only whole digits as a quantity', () => {
    for (const ok of ['', ' 12 ', '0']) expect(isQuantityText(ok)).toBe(true);
    for (const bad of ['-3', '2.5', 'ten', '1e3', '9999999999999']) expect(isQuantityText(bad)).toBe(false);
  });
});

describe('offer price on blur', () => {
  it('is at least 1', () => {
    expect(normalizeOfferPrice('0', 100)).toBe(1);
    expect(normalizeOfferPrice('', 100)).toBe(1);
    expect(normalizeOfferPrice('0.5', 100)).toBe(1);
  });
  it('is capped at the list price', () => {
    expect(normalizeOfferPrice('150', 100)).toBe(100);
    expect(normalizeOfferPrice('99.5', 100)).toBe(99.5);
  });
  it('reads digits with up to two decimals', () => {
    for (const ok of ['10', '10.5', '10.25']) expect(isPriceText(ok)).toBe(true);
    for (const bad of ['-1', '10.123', 'abc', '1,000']) expect(isPriceText(bad)).toBe(false);
  });
});
