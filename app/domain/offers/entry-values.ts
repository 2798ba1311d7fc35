import { z } from 'zod';

/**
 * The numbers the entry rules let through (entry-rules.ts for offers and cart rows,
 * stock/alert-quantity.ts for alerts), as the tenant API takes them: whole numbers of at least 1
 * (for prices, see isOfferPrice). A value the dialog would refuse or change (cents, 0) is refused
 * here, not changed.
 */
export const MAX_ENTRY_QUANTITY = 10_000_000;
export const MAX_ENTRY_PRICE = 100_000_000;

const wholeAtLeastOne = (max: number) =>
  z.number().int('whole numbers only').min(1, 'at least 1').max(max, `at most ${max}`);

export const offerQuantityValue = wholeAtLeastOne(MAX_ENTRY_QUANTITY);

/** A price as the API reads one: at least 1, cents at most; whether it may have cents is `isOfferPrice`'s to say. */
export const offerPriceValue = z
  .number()
  .min(1, 'at least 1')
  .max(MAX_ENTRY_PRICE, `at most ${MAX_ENTRY_PRICE}`)
  .multipleOf(0.01, 'cents at most');

/**
 * Spec 2 §5, §9: an offer price is a whole number ("Whole numbers only"), as the dialog reads it.
 * The only prices with cents are the seller's own, taken as they are: buying at the list price, or
 * keeping the price of a cart entry (a counter offer) while changing its quantity.
 */
export const isOfferPrice = (price: number, sellerPrices: readonly (number | null)[]) =>
  Number.isInteger(price) || sellerPrices.includes(price);
export const OFFER_PRICE_NOT_WHOLE = 'offerPrice: whole numbers only';

/** Spec 1 §5: blank or zero becomes 1 in the dialog, which the buyer sees before it is saved. */
export const alertQuantityValue = wholeAtLeastOne(MAX_ENTRY_QUANTITY);
