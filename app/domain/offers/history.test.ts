import { describe, expect, it } from 'vitest';
import { isSellerAnswer, offerEventOf } from './history';

const row = (
  actor: string,
  fromStatus: string | null,
  toStatus: string | null,
  detail: Record<string, unknown> = {},
) => ({ actor, fromStatus, toStatus, detail: { offerQuantity: 5, offerPrice: 80, ...detail } });

describe('an offer’s history as the buyer reads it', () => {
  it('the buyer places, buys at list, changes, moves to cart', () => {
    expect(offerEventOf(row('buyer:7', null, 'PENDING_ACCEPTANCE'))).toEqual({
      event: 'placed',
      by: 'buyer',
      quantity: 5,
      price: 80,
    });
    expect(offerEventOf(row('buyer:7', null, 'BUY_AT_LIST')).event).toBe('addedToCart');
    expect(offerEventOf(row('buyer:7', 'COUNTERED', 'PENDING_ACCEPTANCE')).event).toBe('placed');
    expect(offerEventOf(row('buyer:7', 'BUY_AT_LIST', 'BUY_AT_LIST')).event).toBe('changed');
    expect(offerEventOf(row('buyer:7', 'COUNTERED', 'ACCEPTED', { movedToCart: true })).event).toBe('movedToCart');
  });
  it('the seller counters (at its price), accepts, rejects; its rules count as the seller', () => {
    expect(offerEventOf(row('seller', 'PENDING_ACCEPTANCE', 'COUNTERED', { counterPrice: 90 }))).toEqual({
      event: 'countered',
      by: 'seller',
      quantity: 5,
      price: 90,
    });
    expect(offerEventOf(row('seller:rules', 'PENDING_ACCEPTANCE', 'ACCEPTED'))).toEqual({
      event: 'accepted',
      by: 'seller',
      quantity: 5,
      price: 80,
    });
    expect(offerEventOf(row('seller', 'PENDING_ACCEPTANCE', 'NOT_ACCEPTED')).event).toBe('rejected');
  });
  it('a counter recorded without its price has none: the buyer’s offered price is never read as the counter', () => {
    expect(offerEventOf(row('seller:rules', 'PENDING_ACCEPTANCE', 'COUNTERED', { rule: 'COUNTERED' }))).toEqual({
      event: 'countered',
      by: 'seller',
      quantity: 5,
      price: null,
    });
  });
  it('the market expires, drops the price (to the new list price), runs out and comes back', () => {
    expect(offerEventOf(row('market:expiry', 'ACCEPTED', 'EXPIRED'))).toEqual({
      event: 'expired',
      by: 'market',
      quantity: 5,
      price: 80,
    });
    expect(offerEventOf(row('market:stock', 'PENDING_ACCEPTANCE', 'PRICE_DROPPED', { priceAfter: 70 })).price).toBe(70);
    expect(offerEventOf(row('market:stock', 'ACCEPTED', 'OUT_OF_STOCK')).event).toBe('outOfStock');
    expect(offerEventOf(row('market:stock', 'OUT_OF_STOCK', 'ACCEPTED')).event).toBe('backInStock');
  });
  it('only counters, acceptances and rejections are answers the buyer is e-mailed about', () => {
    expect(['countered', 'accepted', 'rejected', 'expired', 'placed'].map((e) => isSellerAnswer(e as never))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});
