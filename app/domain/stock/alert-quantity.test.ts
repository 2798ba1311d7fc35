import { describe, expect, it } from 'vitest';
import { defaultAlertQuantity, normalizeAlertQuantity } from './alert-quantity';

describe('stock alert quantity (spec 1 §5)', () => {
  it('blank, zero and text that is not a whole number become 1', () => {
    for (const text of ['', ' ', '0', 'abc', '-5', '2.5']) expect(normalizeAlertQuantity(text, 1)).toBe(1);
  });
  it('rounds down to the increment, with one increment as the minimum', () => {
    expect(normalizeAlertQuantity('23', 5)).toBe(20);
    expect(normalizeAlertQuantity('3', 5)).toBe(5);
    expect(normalizeAlertQuantity('0', 5)).toBe(5);
    expect(normalizeAlertQuantity('25', 5)).toBe(25);
  });
  it('starts new alerts at the configured quantity, else 100, in increments', () => {
    expect(defaultAlertQuantity(undefined, 1)).toBe(100);
    expect(defaultAlertQuantity(40, 1)).toBe(40);
    expect(defaultAlertQuantity(undefined, 30)).toBe(90);
  });
});
