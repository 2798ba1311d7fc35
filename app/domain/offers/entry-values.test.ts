import { describe, expect, it } from 'vitest';
import { alertQuantityEntry } from '../stock/alert-quantity';
import { priceEntry, quantityEntry } from './entry-rules';
import { alertQuantityValue, isOfferPrice, offerPriceValue, offerQuantityValue } from './entry-values';

/** The tenant API takes exactly what the dialogs' rules leave: what the rules would change is refused. */
describe('the numbers the tenant API takes, as the entry rules leave them', () => {
  it('offer prices are whole numbers of at least 1 (spec 2: "Whole numbers only"), cents only as the seller set them', () => {
    expect(offerPriceValue.safeParse(174).success).toBe(true);
    for (const price of [0, -1, 0.99, 1.005, 100_000_001, '12', Number.NaN]) {
      expect(offerPriceValue.safeParse(price).success, String(price)).toBe(false);
    }
    expect(isOfferPrice(174, [174.51])).toBe(true);
    expect(isOfferPrice(1.5, [200])).toBe(false);
    expect(isOfferPrice(174.5, [174.51, null])).toBe(false);
    // Buying at a list price with cents, or keeping a counter offer's price.
    expect(isOfferPrice(174.51, [174.51])).toBe(true);
    expect(isOfferPrice(99.9, [120, 99.9])).toBe(true);
  });

  it('offer and alert quantities are whole numbers of at least 1', () => {
    for (const schema of [offerQuantityValue, alertQuantityValue]) {
      expect(schema.safeParse(1).success).toBe(true);
      for (const quantity of [0, -3, 2.5, 10_000_001, '5'])
        expect(schema.safeParse(quantity).success, String(quantity)).toBe(false);
    }
  });

  it('every value the dialogs settle on is one the API takes', () => {
    for (const typed of ['', '0', '1', '7', '12.00', '999', '1,000']) {
      const price = priceEntry(typed, 174.51);
      const quantity = quantityEntry(typed, { incrementSize: 5, available: 480 });
      const alert = alertQuantityEntry(typed, 5);
      if (price.ok) expect(offerPriceValue.safeParse(price.value).success, `price ${typed}`).toBe(true);
      if (quantity.ok) expect(offerQuantityValue.safeParse(quantity.value).success, `quantity ${typed}`).toBe(true);
      if (alert.ok) expect(alertQuantityValue.safeParse(alert.value).success, `alert ${typed}`).toBe(true);
    }
  });
});
