import { describe, expect, it } from 'vitest';
import { alertQuantityEntry, defaultAlertQuantity, postedAlertQuantity } from './alert-quantity';

describe('stock alert quantity (spec 1 §5)', () => {
  it('blank and zero become 1', () => {
    for (const text of ['', ' ', '0'])
      expect(alertQuantityEntry(text, 1)).toEqual({ ok: true, value: 1, changed: true });
  });
  it('text that is not a whole number is an error, never a 1-unit alert', () => {
    for (const text of ['abc', 'lots', '-5', '1O'])
      expect(alertQuantityEntry(text, 1)).toEqual({ ok: false, error: 'entry.errors.notNumber' });
    expect(alertQuantityEntry('2.5', 1)).toEqual({ ok: false, error: 'entry.errors.notWhole' });
  });
  it('rounds down to the increment, with one increment as the minimum', () => {
    expect(alertQuantityEntry('23', 5)).toMatchObject({ value: 20, changed: true });
    expect(alertQuantityEntry('3', 5)).toMatchObject({ value: 5 });
    expect(alertQuantityEntry('0', 5)).toMatchObject({ value: 5 });
    expect(alertQuantityEntry('25', 5)).toEqual({ ok: true, value: 25, changed: false });
  });
  it('starts new alerts at the configured quantity, else 100, in increments', () => {
    expect(defaultAlertQuantity(undefined, 1)).toBe(100);
    expect(defaultAlertQuantity(40, 1)).toBe(40);
    expect(defaultAlertQuantity(undefined, 30)).toBe(90);
  });
  it('on the server, blank or zero is shown back as 1 before anything is saved', () => {
    expect(postedAlertQuantity('')).toEqual({ error: 'alerts.errors.becomesOne', value: '1' });
    expect(postedAlertQuantity('lots')).toEqual({ error: 'entry.errors.notNumber', value: 'lots' });
    expect(postedAlertQuantity('1 200')).toEqual({ quantity: 1200 });
  });
});
