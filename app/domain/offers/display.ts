import { offerStateOf, type OfferStatus } from './status';

export interface OfferTermsView {
  offerStatus: OfferStatus;
  offerQuantity: number;
  offerPrice: number;
  counterPrice: number | null;
  checkOutQuantity: number | null;
  checkOutPrice: number | null;
  minimumCheckoutQuantity: number | null;
  acceptedOrCounteredExpirationDate: string | null;
}

/**
 * The quantity and price a cart entry shows (spec 2 §4): the offer's own for offers waiting for
 * the seller or for the buyer, otherwise the checkout quantity and price.
 */
export function displayedTerms(offer: OfferTermsView): { quantity: number; price: number } {
  const state = offerStateOf(offer.offerStatus);
  if (state === 'AWAITING_TENANT_REVIEW' || state === 'AWAITING_BUYER_REVIEW')
    return { quantity: offer.offerQuantity, price: offer.offerPrice };
  return { quantity: offer.checkOutQuantity ?? offer.offerQuantity, price: offer.checkOutPrice ?? offer.offerPrice };
}

/** Days, hours and minutes left until a moment (spec 1 §9), never negative. */
export function durationUntil(iso: string, now: Date): { days: number; hours: number; minutes: number } {
  const minutesLeft = Math.max(0, Math.floor((new Date(iso).getTime() - now.getTime()) / 60_000));
  return {
    days: Math.floor(minutesLeft / 1440),
    hours: Math.floor((minutesLeft % 1440) / 60),
    minutes: minutesLeft % 60,
  };
}

/** The extra-information text of an offer (spec 1 §4) as an i18n key and the values it needs. */
export function extraInformation(
  offer: OfferTermsView,
): { key: string; price?: number; minimum?: number; expires?: string } | null {
  switch (offer.offerStatus) {
    case 'NOT_ACCEPTED':
      return { key: 'offers.info.rejected' };
    case 'EXPIRED':
      return { key: 'offers.info.expired' };
    case 'ACCEPTED':
      return {
        key: 'offers.info.accepted',
        price: offer.checkOutPrice ?? offer.offerPrice,
        minimum: offer.minimumCheckoutQuantity ?? 1,
        expires: offer.acceptedOrCounteredExpirationDate ?? undefined,
      };
    case 'COUNTERED':
      return {
        key: 'offers.info.countered',
        price: offer.counterPrice ?? offer.offerPrice,
        minimum: offer.minimumCheckoutQuantity ?? 1,
        expires: offer.acceptedOrCounteredExpirationDate ?? undefined,
      };
    case 'PRICE_DROPPED':
      return { key: 'offers.info.priceDropped', price: offer.checkOutPrice ?? offer.offerPrice };
    default:
      return null;
  }
}
