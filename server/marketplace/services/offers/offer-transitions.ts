import type { OfferReviewRules } from '../../../../app/domain/tenant-config';
import { movesAtListPrice, type OfferStatus } from '../../../../app/domain/offers/status';
import { ApiError } from '../../errors';

/** The fields of an offer that its status moves (spec 1 §3). */
export interface OfferTerms {
  status: OfferStatus;
  offerQuantity: number;
  offerPrice: number;
  counterPrice: number | null;
  checkOutQuantity: number | null;
  checkOutPrice: number | null;
  minimumCheckoutQuantity: number | null;
  acceptedOrCounteredExpirationDate: Date | null;
  statusBeforeOutOfStock: string | null;
}

const HOUR_MS = 3_600_000;
const cents = (amount: number) => Math.round(amount * 100) / 100;

const refused = (messageCode: string, message: string) => new ApiError(400, messageCode, message);

const fresh = (status: OfferStatus, quantity: number, price: number, checkOut: boolean): OfferTerms => ({
  status,
  offerQuantity: quantity,
  offerPrice: price,
  counterPrice: null,
  checkOutQuantity: checkOut ? quantity : null,
  checkOutPrice: checkOut ? price : null,
  minimumCheckoutQuantity: null,
  acceptedOrCounteredExpirationDate: null,
  statusBeforeOutOfStock: null,
});

/**
 * The buyer puts an item in the cart or changes it: at the list price it is bought (BUY_AT_LIST,
 * ready to check out), below it an offer waits for the seller (PENDING_ACCEPTANCE).
 */
export function placeByBuyer(quantity: number, price: number, listPrice: number, offersAccepted: boolean): OfferTerms {
  if (price >= listPrice) return fresh('BUY_AT_LIST', quantity, listPrice, true);
  if (!offersAccepted) throw refused('offersNotAccepted', 'This warehouse does not accept offers');
  return fresh('PENDING_ACCEPTANCE', quantity, cents(price), false);
}

/** The seller accepts: the offer price holds for one order of at least the minimum quantity until it expires. */
export function accept(
  offer: OfferTerms,
  { now, validHours, minimumQuantity }: { now: Date; validHours: number; minimumQuantity?: number },
): OfferTerms {
  if (offer.status !== 'PENDING_ACCEPTANCE')
    throw refused('offerNotPending', `Only an offer awaiting review can be accepted (it is ${offer.status})`);
  return {
    ...offer,
    status: 'ACCEPTED',
    checkOutQuantity: offer.offerQuantity,
    checkOutPrice: offer.offerPrice,
    minimumCheckoutQuantity: Math.min(minimumQuantity ?? offer.offerQuantity, offer.offerQuantity),
    acceptedOrCounteredExpirationDate: new Date(now.getTime() + validHours * HOUR_MS),
  };
}

/** The seller counters with a price between the offer and the list price. */
export function counter(
  offer: OfferTerms,
  {
    price,
    listPrice,
    now,
    validHours,
    minimumQuantity,
  }: { price: number; listPrice: number; now: Date; validHours: number; minimumQuantity?: number },
): OfferTerms {
  if (offer.status !== 'PENDING_ACCEPTANCE')
    throw refused('offerNotPending', `Only an offer awaiting review can be countered (it is ${offer.status})`);
  if (!(price > offer.offerPrice && price <= listPrice)) {
    throw refused(
      'counterOutOfRange',
      `A counter price must be above the offer (${offer.offerPrice}) and at most the list price (${listPrice})`,
    );
  }
  return {
    ...offer,
    status: 'COUNTERED',
    counterPrice: cents(price),
    checkOutQuantity: offer.offerQuantity,
    checkOutPrice: cents(price),
    minimumCheckoutQuantity: Math.min(minimumQuantity ?? offer.offerQuantity, offer.offerQuantity),
    acceptedOrCounteredExpirationDate: new Date(now.getTime() + validHours * HOUR_MS),
  };
}

export function reject(offer: OfferTerms): OfferTerms {
  if (offer.status !== 'PENDING_ACCEPTANCE')
    throw refused('offerNotPending', `Only an offer awaiting review can be rejected (it is ${offer.status})`);
  return { ...fresh('NOT_ACCEPTED', offer.offerQuantity, offer.offerPrice, false) };
}

/** Accepted and countered offers lapse when their time is up. */
export function expireIfDue(offer: OfferTerms, now: Date): OfferTerms | null {
  const due = offer.acceptedOrCounteredExpirationDate;
  if ((offer.status === 'ACCEPTED' || offer.status === 'COUNTERED') && due && due.getTime() <= now.getTime()) {
    return {
      ...offer,
      status: 'EXPIRED',
      checkOutPrice: null,
      checkOutQuantity: null,
      acceptedOrCounteredExpirationDate: due,
    };
  }
  return null;
}

/** The price the buyer would pay or is asking for, compared with a new list price. */
function standingPrice(offer: OfferTerms): number {
  if (offer.status === 'ACCEPTED' || offer.status === 'PRICE_DROPPED') return offer.checkOutPrice ?? offer.offerPrice;
  if (offer.status === 'COUNTERED') return offer.counterPrice ?? offer.offerPrice;
  return offer.offerPrice;
}

/**
 * A new list price: a cart entry bought at list follows it; an offer above it becomes PRICE_DROPPED,
 * to be checked out at the new list price.
 */
export function onListPrice(offer: OfferTerms, listPrice: number): OfferTerms | null {
  if (offer.status === 'OUT_OF_STOCK') return null;
  if (offer.status === 'BUY_AT_LIST') {
    return offer.offerPrice === listPrice ? null : { ...offer, offerPrice: listPrice, checkOutPrice: listPrice };
  }
  if (standingPrice(offer) <= listPrice) return null;
  return {
    ...offer,
    status: 'PRICE_DROPPED',
    checkOutPrice: listPrice,
    checkOutQuantity: offer.checkOutQuantity ?? offer.offerQuantity,
    acceptedOrCounteredExpirationDate: null,
  };
}

/** Stock reaching zero puts every entry out of stock; stock coming back restores the status it had. */
export function onQuantity(offer: OfferTerms, available: number): OfferTerms | null {
  if (available <= 0 && offer.status !== 'OUT_OF_STOCK') {
    return { ...offer, status: 'OUT_OF_STOCK', statusBeforeOutOfStock: offer.status };
  }
  if (available > 0 && offer.status === 'OUT_OF_STOCK') {
    const before = (offer.statusBeforeOutOfStock ?? 'BUY_AT_LIST') as OfferStatus;
    return { ...offer, status: before, statusBeforeOutOfStock: null };
  }
  return null;
}

/** The demo seller's automatic answer to an offer that waited long enough; null while it waits. */
export function autoReview(
  offer: OfferTerms & { updatedAt: Date },
  listPrice: number,
  rules: OfferReviewRules,
  now: Date,
): OfferTerms | null {
  if (!rules.enabled || offer.status !== 'PENDING_ACCEPTANCE') return null;
  if (now.getTime() - offer.updatedAt.getTime() < rules.delaySeconds * 1000) return null;
  const share = offer.offerPrice / listPrice;
  if (share >= rules.acceptAtOrAbove) return accept(offer, { now, validHours: rules.validHours });
  if (share < rules.rejectBelow) return reject(offer);
  const counterPrice = Math.max(Math.round(listPrice * rules.counterAt), offer.offerPrice + 1);
  if (counterPrice > listPrice) return accept(offer, { now, validHours: rules.validHours });
  return counter(offer, { price: counterPrice, listPrice, now, validHours: rules.validHours });
}

/**
 * The buyer changes only the quantity of an answered entry already in the cart: an accepted offer
 * keeps its price (down to its minimum quantity), a dropped price keeps the new list price.
 */
export function changeCartQuantity(offer: OfferTerms, quantity: number): OfferTerms | null {
  if (offer.status !== 'ACCEPTED' && offer.status !== 'PRICE_DROPPED') return null;
  if (offer.status === 'ACCEPTED' && quantity < (offer.minimumCheckoutQuantity ?? 1)) {
    throw refused('quantityBelowMinimum', 'New Quantity must be greater than or equal to minimum quantity');
  }
  return { ...offer, checkOutQuantity: quantity };
}

/**
 * MOVE TO CART from the offers the seller answered: a counter is taken at its price, a rejected
 * or expired offer becomes a purchase at the list price.
 */
export function moveToCart(offer: OfferTerms, listPrice: number): OfferTerms {
  if (offer.status === 'COUNTERED') {
    return {
      ...offer,
      status: 'ACCEPTED',
      checkOutPrice: offer.counterPrice,
      checkOutQuantity: offer.checkOutQuantity ?? offer.offerQuantity,
    };
  }
  if (movesAtListPrice(offer.status)) return fresh('BUY_AT_LIST', offer.offerQuantity, listPrice, true);
  throw refused('notAwaitingBuyer', `Only offers awaiting your review move to the cart (this one is ${offer.status})`);
}
