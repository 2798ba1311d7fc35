import { describe, expect, it } from 'vitest';
import { displayedTerms, durationUntil, extraInformation, type OfferTermsView } from './display';
import { offerStateOf } from './status';

const offer = (over: Partial<OfferTermsView>): OfferTermsView => ({
  offerStatus: 'PENDING_ACCEPTANCE',
  offerQuantity: 10,
  offerPrice: 80,
  counterPrice: null,
  checkOutQuantity: null,
  checkOutPrice: null,
  minimumCheckoutQuantity: null,
  acceptedOrCounteredExpirationDate: null,
  ...over,
});

describe('offer states and shown values', () => {
  it('puts each status in its cart tab state', () => {
    expect(offerStateOf('BUY_AT_LIST')).toBe('READY_TO_CHECKOUT');
    expect(offerStateOf('ACCEPTED')).toBe('READY_TO_CHECKOUT');
    expect(offerStateOf('PRICE_DROPPED')).toBe('READY_TO_CHECKOUT');
    expect(offerStateOf('PENDING_ACCEPTANCE')).toBe('AWAITING_TENANT_REVIEW');
    expect(offerStateOf('COUNTERED')).toBe('AWAITING_BUYER_REVIEW');
    expect(offerStateOf('NOT_ACCEPTED')).toBe('AWAITING_BUYER_REVIEW');
    expect(offerStateOf('EXPIRED')).toBe('AWAITING_BUYER_REVIEW');
    expect(offerStateOf('OUT_OF_STOCK')).toBe('OUT_OF_STOCK');
  });
  it('shows the offer for offers under review and the checkout terms otherwise', () => {
    expect(displayedTerms(offer({}))).toEqual({ quantity: 10, price: 80 });
    expect(
      displayedTerms(offer({ offerStatus: 'COUNTERED', counterPrice: 90, checkOutPrice: 90, checkOutQuantity: 10 })),
    ).toEqual({ quantity: 10, price: 80 });
    expect(displayedTerms(offer({ offerStatus: 'ACCEPTED', checkOutPrice: 80, checkOutQuantity: 8 }))).toEqual({
      quantity: 8,
      price: 80,
    });
    expect(displayedTerms(offer({ offerStatus: 'PRICE_DROPPED', checkOutPrice: 70, checkOutQuantity: 10 }))).toEqual({
      quantity: 10,
      price: 70,
    });
  });
  it('gives the extra information of each answered status', () => {
    expect(extraInformation(offer({}))).toBeNull();
    expect(extraInformation(offer({ offerStatus: 'NOT_ACCEPTED' }))?.key).toBe('offers.info.rejected');
    expect(extraInformation(offer({ offerStatus: 'EXPIRED' }))?.key).toBe('offers.info.expired');
    expect(
      extraInformation(
        offer({
          offerStatus: 'COUNTERED',
          counterPrice: 90,
          minimumCheckoutQuantity: 5,
          acceptedOrCounteredExpirationDate: 'x',
        }),
      ),
    ).toEqual({
      key: 'offers.info.countered',
      price: 90,
      minimum: 5,
      expires: 'x',
    });
    expect(
      extraInformation(offer({ offerStatus: 'ACCEPTED', checkOutPrice: 80, minimumCheckoutQuantity: 10 })),
    ).toMatchObject({ key: 'offers.info.accepted', price: 80, minimum: 10 });
    expect(extraInformation(offer({ offerStatus: 'PRICE_DROPPED', checkOutPrice: 70 }))).toEqual({
      key: 'offers.info.priceDropped',
      price: 70,
    });
  });
  it('counts durations in days, hours and minutes', () => {
    const now = new Date('2026-11-22T10:00:00Z');
    expect(durationUntil('2026-11-23T13:25:30Z', now)).toEqual({ days: 1, hours: 3, minutes: 25 });
    expect(durationUntil('2026-11-22T09:00:00Z', now)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });
});
