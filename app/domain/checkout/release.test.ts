import { describe, expect, it } from 'vitest';
import { MANUAL_SYNC_METHOD } from '../cart/main-action';
import { confirmationTypeOf, isManuallySynced, releaseQuestionKey, releaseTitleKey } from './release';

describe('releaseTitleKey (spec 3 §4)', () => {
  it('a requested quote holds the order until the quote, whatever the sync method', () => {
    expect(releaseTitleKey('REQUEST_A_QUOTE', MANUAL_SYNC_METHOD)).toBe('checkout.release.holdUntilQuote');
    expect(releaseTitleKey('REQUEST_A_QUOTE', 'AUTOMATIC')).toBe('checkout.release.holdUntilQuote');
  });
  it('a manually synchronised order system places the order', () => {
    expect(releaseTitleKey('ACME_STANDARD_SHIPPING', MANUAL_SYNC_METHOD)).toBe('checkout.release.placeOrder');
    expect(releaseTitleKey(null, MANUAL_SYNC_METHOD)).toBe('checkout.release.placeOrder');
    expect(isManuallySynced(MANUAL_SYNC_METHOD)).toBe(true);
  });
  it('otherwise pays and ships now', () => {
    expect(releaseTitleKey('ACME_STANDARD_SHIPPING', 'AUTOMATIC')).toBe('checkout.release.payAndShipNow');
    expect(releaseTitleKey(null, '')).toBe('checkout.release.payAndShipNow');
    expect(isManuallySynced('')).toBe(false);
  });
});

describe('releaseQuestionKey: each release asks its own question', () => {
  it('pay and ship now asks the tenant warning; placing and holding until a quote have their own words', () => {
    expect(releaseQuestionKey('checkout.release.payAndShipNow')).toBeNull();
    expect(releaseQuestionKey('checkout.release.placeOrder')).toBe('checkout.releaseQuestion.placeOrder');
    expect(releaseQuestionKey('checkout.release.holdUntilQuote')).toBe('checkout.releaseQuestion.holdUntilQuote');
  });
});

describe('confirmationTypeOf (spec 3 §2.3), read from the order', () => {
  it.each([
    ['AWAITING_SHIPPING_QUOTE', 'holdTheOrderUntilShippingQuote'],
    ['ON_HOLD', 'holdTheOrder'],
    ['UNSHIPPED', 'payAndShipNow'],
    ['SHIPPED', 'payAndShipNow'],
    ['INVOICED', 'payAndShipNow'],
  ])('%s is %s', (status, type) => expect(confirmationTypeOf(status)).toBe(type));
});
