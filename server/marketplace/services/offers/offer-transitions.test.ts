import { describe, expect, it } from 'vitest';
import { offerReviewSchema } from '../../../../app/domain/tenant-config';
import {
  accept,
  autoReview,
  counter,
  expireIfDue,
  onListPrice,
  onQuantity,
  placeByBuyer,
  reject,
  type OfferTerms,
} from './offer-transitions';

const now = new Date('2026-11-22T10:00:00Z');
const pending = (price = 80, quantity = 10): OfferTerms => placeByBuyer(quantity, price, 100, true);
const rules = offerReviewSchema.parse({
  acceptAtOrAbove: 0.9,
  rejectBelow: 0.6,
  counterAt: 0.95,
  delaySeconds: 60,
  validHours: 24,
});

describe('the buyer places', () => {
  it('at list price: bought at list, ready to check out at that price', () => {
    expect(placeByBuyer(5, 100, 100, false)).toMatchObject({
      status: 'BUY_AT_LIST',
      offerPrice: 100,
      checkOutPrice: 100,
      checkOutQuantity: 5,
    });
    expect(placeByBuyer(5, 120, 100, true)).toMatchObject({ status: 'BUY_AT_LIST', offerPrice: 100 });
  });
  it('below list: an offer awaiting the seller', () => {
    expect(pending()).toMatchObject({ status: 'PENDING_ACCEPTANCE', offerPrice: 80, checkOutPrice: null });
  });
  it('below list where offers are not accepted: refused', () => {
    expect(() => placeByBuyer(5, 80, 100, false)).toThrow(/does not accept offers/);
  });
});

describe('the seller answers', () => {
  it('accepts with a minimum quantity and an expiry', () => {
    const accepted = accept(pending(), { now, validHours: 24, minimumQuantity: 4 });
    expect(accepted).toMatchObject({
      status: 'ACCEPTED',
      checkOutPrice: 80,
      checkOutQuantity: 10,
      minimumCheckoutQuantity: 4,
    });
    expect(accepted.acceptedOrCounteredExpirationDate?.toISOString()).toBe('2026-11-23T10:00:00.000Z');
  });
  it('the minimum quantity defaults to the offered quantity and never exceeds it', () => {
    expect(accept(pending(), { now, validHours: 1 }).minimumCheckoutQuantity).toBe(10);
    expect(accept(pending(), { now, validHours: 1, minimumQuantity: 50 }).minimumCheckoutQuantity).toBe(10);
  });
  it('counters between the offer and the list price', () => {
    const countered = counter(pending(), { price: 90, listPrice: 100, now, validHours: 2, minimumQuantity: 5 });
    expect(countered).toMatchObject({ status: 'COUNTERED', counterPrice: 90, minimumCheckoutQuantity: 5 });
    expect(countered.acceptedOrCounteredExpirationDate?.toISOString()).toBe('2026-11-22T12:00:00.000Z');
    expect(() => counter(pending(), { price: 70, listPrice: 100, now, validHours: 2 })).toThrow(/above the offer/);
    expect(() => counter(pending(), { price: 101, listPrice: 100, now, validHours: 2 })).toThrow(
      /at most the list price/,
    );
  });
  it('rejects', () => {
    expect(reject(pending())).toMatchObject({ status: 'NOT_ACCEPTED', offerPrice: 80 });
  });
  it('answers only offers awaiting review', () => {
    const bought = placeByBuyer(1, 100, 100, true);
    expect(() => accept(bought, { now, validHours: 1 })).toThrow(/awaiting review/);
    expect(() => reject(reject(pending()))).toThrow(/awaiting review/);
  });
});

describe('time and the market move offers', () => {
  it('accepted and countered offers expire when their time is up, not before', () => {
    const accepted = accept(pending(), { now, validHours: 1 });
    expect(expireIfDue(accepted, new Date('2026-11-22T10:59:59Z'))).toBeNull();
    expect(expireIfDue(accepted, new Date('2026-11-22T11:00:00Z'))).toMatchObject({
      status: 'EXPIRED',
      checkOutPrice: null,
    });
    const countered = counter(pending(), { price: 90, listPrice: 100, now, validHours: 1 });
    expect(expireIfDue(countered, new Date('2026-11-22T12:00:00Z'))?.status).toBe('EXPIRED');
    expect(expireIfDue(pending(), new Date('2030-01-01T00:00:00Z'))).toBeNull();
  });
  it('a list price below the offer: PRICE_DROPPED at the new list price', () => {
    expect(onListPrice(pending(80), 75)).toMatchObject({
      status: 'PRICE_DROPPED',
      checkOutPrice: 75,
      checkOutQuantity: 10,
    });
    expect(onListPrice(pending(80), 85)).toBeNull();
    const countered = counter(pending(80), { price: 95, listPrice: 100, now, validHours: 1 });
    expect(onListPrice(countered, 90)).toMatchObject({ status: 'PRICE_DROPPED', checkOutPrice: 90 });
    const dropped = onListPrice(pending(80), 75)!;
    expect(onListPrice(dropped, 70)).toMatchObject({ status: 'PRICE_DROPPED', checkOutPrice: 70 });
  });
  it('a cart entry bought at list follows the list price', () => {
    expect(onListPrice(placeByBuyer(2, 100, 100, true), 90)).toMatchObject({
      status: 'BUY_AT_LIST',
      offerPrice: 90,
      checkOutPrice: 90,
    });
    expect(onListPrice(placeByBuyer(2, 100, 100, true), 100)).toBeNull();
  });
  it('stock at zero: OUT_OF_STOCK; stock back: the status it had', () => {
    const out = onQuantity(pending(), 0)!;
    expect(out).toMatchObject({ status: 'OUT_OF_STOCK', statusBeforeOutOfStock: 'PENDING_ACCEPTANCE' });
    expect(onQuantity(out, 0)).toBeNull();
    expect(onQuantity(out, 5)).toMatchObject({ status: 'PENDING_ACCEPTANCE', statusBeforeOutOfStock: null });
    expect(onQuantity(pending(), 5)).toBeNull();
  });
});

describe('the automatic seller rules', () => {
  const waited = (price: number) => ({ ...pending(price), updatedAt: new Date(now.getTime() - 61_000) });
  it('wait for the delay', () => {
    expect(autoReview({ ...pending(95), updatedAt: new Date(now.getTime() - 30_000) }, 100, rules, now)).toBeNull();
  });
  it('accept at or above the accept share', () => {
    expect(autoReview(waited(90), 100, rules, now)?.status).toBe('ACCEPTED');
  });
  it('reject below the reject share', () => {
    expect(autoReview(waited(59), 100, rules, now)?.status).toBe('NOT_ACCEPTED');
  });
  it('counter in between at the counter share', () => {
    expect(autoReview(waited(70), 100, rules, now)).toMatchObject({ status: 'COUNTERED', counterPrice: 95 });
  });
  it('do nothing when disabled', () => {
    expect(autoReview(waited(90), 100, { ...rules, enabled: false }, now)).toBeNull();
  });
});
