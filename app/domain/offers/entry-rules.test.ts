import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyQuantityRules,
  ENTRY_ERRORS,
  PRICE_ADJUSTED,
  priceEntry,
  priceNotice,
  QUANTITY_ADJUSTED,
  QUANTITY_REDUCED,
  quantityEntry,
  quantityNotice,
  readWholeNumber,
} from './entry-rules';

describe('reading a typed whole number', () => {
  it('reads digits, blanks and grouping as each locale writes them', () => {
    expect(readWholeNumber('')).toEqual({ ok: true, value: null });
    expect(readWholeNumber('   ')).toEqual({ ok: true, value: null });
    expect(readWholeNumber(' 12 ')).toEqual({ ok: true, value: 12 });
    expect(readWholeNumber('007')).toEqual({ ok: true, value: 7 });
    expect(readWholeNumber('1,000')).toEqual({ ok: true, value: 1000 });
    expect(readWholeNumber('1 000')).toEqual({ ok: true, value: 1000 });
    expect(readWholeNumber('1\u202f000', 'fr')).toEqual({ ok: true, value: 1000 });
    expect(readWholeNumber('1\u00a0000', 'fr')).toEqual({ ok: true, value: 1000 });
    expect(readWholeNumber('12.00')).toEqual({ ok: true, value: 12 });
    expect(readWholeNumber('12,00', 'fr')).toEqual({ ok: true, value: 12 });
    expect(readWholeNumber('1.319', 'de')).toEqual({ ok: true, value: 1319 });
    expect(readWholeNumber('1 319', 'de')).toEqual({ ok: true, value: 1319 });
    expect(readWholeNumber('12,00', 'de')).toEqual({ ok: true, value: 12 });
    expect(readWholeNumber('12,50', 'de')).toEqual({ ok: false, error: ENTRY_ERRORS.notWhole });
  });

  it('reads ASCII digits only: digits of other scripts and full-width ones are not numbers, as in the tenant API', () => {
    for (const text of ['١٢', '٣', '۱۲', '१२', '１２', '５', '1２', '１,０００', '12．00']) {
      expect(readWholeNumber(text), text).toEqual({ ok: false, error: ENTRY_ERRORS.notNumber });
    }
    expect(readWholeNumber('1\u2007000', 'fr')).toEqual({ ok: true, value: 1000 });
  });

  it('says when a whole-number field is given decimals, in the locale’s own notation', () => {
    expect(readWholeNumber('12.5')).toEqual({ ok: false, error: ENTRY_ERRORS.notWhole });
    expect(readWholeNumber('12,50', 'fr')).toEqual({ ok: false, error: ENTRY_ERRORS.notWhole });
    expect(readWholeNumber('12.50', 'fr')).toEqual({ ok: false, error: ENTRY_ERRORS.notWhole });
  });

  it('never turns text that is not a number into one', () => {
    for (const text of [
      '1O',
      'lots',
      '-3',
      '+3',
      '1e3',
      '0x10',
      '12,5',
      '1,00',
      '1,0000',
      '12..5',
      'NaN',
      'Infinity',
      '½',
      '1 2',
    ]) {
      expect(readWholeNumber(text), text).toEqual({ ok: false, error: ENTRY_ERRORS.notNumber });
    }
    expect(readWholeNumber('1234567890')).toEqual({ ok: false, error: ENTRY_ERRORS.tooLarge });
  });
});

describe('quantity rules (spec 1 §5, spec 2 §5)', () => {
  const plain = { incrementSize: 1, available: 50 };
  const byFive = { incrementSize: 5, available: 500 };

  it('empty counts as 0 and 0 becomes 1, and says it changed', () => {
    expect(quantityEntry('', plain)).toEqual({ ok: true, value: 1, reducedToStock: false, changed: true });
    expect(quantityEntry('0', plain)).toEqual({ ok: true, value: 1, reducedToStock: false, changed: true });
    expect(quantityEntry('7', plain)).toEqual({ ok: true, value: 7, reducedToStock: false, changed: false });
  });

  it('aligns to the increment, with the increment as the minimum', () => {
    expect(applyQuantityRules(12, byFive).value).toBe(10);
    expect(applyQuantityRules(3, byFive).value).toBe(5);
    expect(applyQuantityRules(5, byFive).value).toBe(5);
    expect(applyQuantityRules(0, byFive).value).toBe(5);
  });

  it('is reduced to the available quantity itself when above it', () => {
    expect(applyQuantityRules(80, plain)).toEqual({ value: 50, reducedToStock: true });
    expect(applyQuantityRules(80, { incrementSize: 5, available: 48 })).toEqual({ value: 48, reducedToStock: true });
    expect(applyQuantityRules(10, { incrementSize: 5, available: 3 })).toEqual({ value: 3, reducedToStock: true });
    // The whole stock is taken as it is, even off the increments (the marketplace takes it so).
    expect(applyQuantityRules(42, { incrementSize: 5, available: 42 })).toEqual({ value: 42, reducedToStock: false });
    expect(applyQuantityRules(43, { incrementSize: 5, available: 42 })).toEqual({ value: 42, reducedToStock: true });
  });

  it('makes values that stand when sent again, so a buyer confirms a changed value once (issue 51)', () => {
    fc.assert(
      fc.property(
        fc.nat(100_000),
        fc.integer({ min: 1, max: 50 }),
        fc.nat(5_000),
        (typed, incrementSize, available) => {
          const ruled = applyQuantityRules(typed, { incrementSize, available });
          expect(applyQuantityRules(ruled.value, { incrementSize, available })).toEqual({
            value: ruled.value,
            reducedToStock: false,
          });
          expect(ruled.value).toBeGreaterThanOrEqual(1);
          if (available > 0) expect(ruled.value).toBeLessThanOrEqual(available);
          if (available > 0 && ruled.value < available) expect(ruled.value % incrementSize).toBe(0);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('refuses text instead of guessing', () => {
    expect(quantityEntry('1.5', plain)).toEqual({ ok: false, error: ENTRY_ERRORS.notWhole });
    expect(quantityEntry('1O', plain)).toEqual({ ok: false, error: ENTRY_ERRORS.notNumber });
  });
});

describe('offer price rules', () => {
  it('is at least 1 and at most the list price', () => {
    expect(priceEntry('0', 100)).toEqual({ ok: true, value: 1, changed: true });
    expect(priceEntry('', 100)).toEqual({ ok: true, value: 1, changed: true });
    expect(priceEntry('150', 100)).toEqual({ ok: true, value: 100, changed: true });
    expect(priceEntry('99', 100)).toEqual({ ok: true, value: 99, changed: false });
  });

  it('caps at the whole part of a list price with cents, so the offer stays whole', () => {
    expect(priceEntry('175', 174.51)).toEqual({ ok: true, value: 174, changed: true });
    expect(priceEntry('174', 174.51)).toEqual({ ok: true, value: 174, changed: false });
    expect(priceEntry('5', 0.5)).toEqual({ ok: true, value: 1, changed: true });
  });

  it('takes whole numbers only (spec 2 §5, §9)', () => {
    expect(priceEntry('12.5', 100)).toEqual({ ok: false, error: ENTRY_ERRORS.notWhole });
    expect(priceEntry('12,50', 100, 'fr')).toEqual({ ok: false, error: ENTRY_ERRORS.notWhole });
    expect(priceEntry('12,50', 100)).toEqual({ ok: false, error: ENTRY_ERRORS.notNumber });
  });
});

describe('what the buyer is told when the rules change a value (issue 51)', () => {
  it('names the cut to the stock with the spec’s warning, and any other change of the quantity', () => {
    const stock = quantityEntry('99999', { incrementSize: 1, available: 291 });
    expect(stock).toMatchObject({ ok: true, value: 291 });
    expect(quantityNotice(stock)).toBe(QUANTITY_REDUCED);
    const tens = quantityEntry('15', { incrementSize: 10, available: 500 });
    expect(tens).toMatchObject({ ok: true, value: 10 });
    expect(quantityNotice(tens)).toBe(QUANTITY_ADJUSTED);
    expect(quantityNotice(quantityEntry('0', { incrementSize: 1, available: 5 }))).toBe(QUANTITY_ADJUSTED);
    expect(quantityNotice(quantityEntry('', { incrementSize: 1, available: 5 }))).toBe(QUANTITY_ADJUSTED);
  });

  it('says nothing when the value stands, or when it is not a number (that is an error, not a change)', () => {
    expect(quantityNotice(quantityEntry('20', { incrementSize: 10, available: 500 }))).toBeNull();
    expect(quantityNotice(quantityEntry('291', { incrementSize: 1, available: 291 }))).toBeNull();
    expect(quantityNotice(quantityEntry('lots', { incrementSize: 1, available: 291 }))).toBeNull();
    expect(priceNotice(priceEntry('12.5', 100))).toBeNull();
    expect(priceNotice(priceEntry('90', 100))).toBeNull();
  });

  it('names a price raised to 1 or lowered to the list price', () => {
    expect(priceNotice(priceEntry('0', 100))).toBe(PRICE_ADJUSTED);
    expect(priceNotice(priceEntry('500', 100))).toBe(PRICE_ADJUSTED);
  });
});
