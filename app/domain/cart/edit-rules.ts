import { priceEntry, quantityEntry, readWholeNumber } from '../offers/entry-rules';
import type { OfferStatus } from '../offers/status';
import type { CartTab } from './tabs';

const blankOrZero = (text: string, locale: string) => {
  const reading = readWholeNumber(text, locale);
  return reading.ok && !reading.value;
};

export interface CartEntryForEdit {
  tab: CartTab;
  status: OfferStatus;
  listPrice: number;
  counterPrice: number | null;
  minimumCheckoutQuantity: number | null;
  incrementSize: number;
  quantityAvailable: number;
  /** The price kept when only the quantity may change. */
  currentPrice: number;
}

export interface CartEditResult {
  quantity: number;
  price: number;
  reducedToStock: boolean;
  /** The field rules altered what was typed (not counting a reduction to stock): shown before saving. */
  changed: { quantity: boolean; price: boolean };
  /**
   * A field left blank or at 0 that the rules filled in (0 becomes 1): a value the buyer never typed,
   * so it is shown back to confirm rather than saved, unlike a quantity cut to the stock or the increments.
   */
  filledIn: boolean;
  errors: { quantity?: string; price?: string };
}

/**
 * The inline edit of a cart row (spec 2 §5): the quantity and price field rules, then the offer
 * rules with their exact messages. `priceEditable` is false in the Cart tab (quantity only).
 */
export function checkCartEdit(
  entry: CartEntryForEdit,
  quantityText: string,
  priceText: string,
  priceEditable: boolean,
  locale = 'en',
): CartEditResult {
  const errors: CartEditResult['errors'] = {};
  const quantity = quantityEntry(
    quantityText,
    { incrementSize: entry.incrementSize, available: entry.quantityAvailable },
    locale,
  );
  const typedPrice = priceEditable ? priceEntry(priceText, entry.listPrice, locale) : null;
  if (!quantity.ok) errors.quantity = quantity.error;
  if (typedPrice && !typedPrice.ok) errors.price = typedPrice.error;
  const price = typedPrice?.ok ? typedPrice.value : entry.currentPrice;
  if (!errors.price && priceEditable) {
    if (
      (entry.status === 'NOT_ACCEPTED' || entry.status === 'EXPIRED' || entry.tab === 0) &&
      price >= entry.listPrice
    ) {
      errors.price = 'cart.errors.priceNotBelowList';
    } else if (
      entry.tab === 1 &&
      entry.status === 'COUNTERED' &&
      entry.counterPrice !== null &&
      price >= entry.counterPrice
    ) {
      errors.price = 'cart.errors.priceNotBelowCounter';
    }
  }
  const value = quantity.ok ? quantity.value : 0;
  if (quantity.ok && entry.tab === 0 && entry.status === 'ACCEPTED' && value < (entry.minimumCheckoutQuantity ?? 1)) {
    errors.quantity = 'cart.errors.belowMinimum';
  }
  return {
    quantity: value,
    price,
    reducedToStock: quantity.ok && quantity.reducedToStock,
    changed: { quantity: quantity.ok && quantity.changed, price: Boolean(typedPrice?.ok && typedPrice.changed) },
    filledIn: blankOrZero(quantityText, locale) || (priceEditable && blankOrZero(priceText, locale)),
    errors,
  };
}
