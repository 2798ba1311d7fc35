import { normalizeQuantity } from '../offers/entry-rules';
import type { OfferStatus } from '../offers/status';
import type { CartTab } from './tabs';

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
  errors: { quantity?: string; price?: string };
}

const DIGITS = /^\d{0,9}$/;

/**
 * The inline edit of a cart row (spec 2 §5): the quantity and price field rules, then the offer
 * rules with their exact messages. `priceEditable` is false in the Cart tab (quantity only).
 */
export function checkCartEdit(entry: CartEntryForEdit, quantityText: string, priceText: string, priceEditable: boolean): CartEditResult {
  const errors: CartEditResult['errors'] = {};
  if (!DIGITS.test(quantityText.trim())) errors.quantity = 'cart.errors.quantityNumber';
  if (priceEditable && !DIGITS.test(priceText.trim())) errors.price = 'cart.errors.priceNumber';
  const normalized = normalizeQuantity(errors.quantity ? '' : quantityText, { incrementSize: entry.incrementSize, available: entry.quantityAvailable });
  const typedPrice = Number(priceText.trim() || '0');
  const price = priceEditable ? Math.min(Math.max(typedPrice || 1, 1), entry.listPrice) : entry.currentPrice;
  if (!errors.price && priceEditable) {
    if ((entry.status === 'NOT_ACCEPTED' || entry.status === 'EXPIRED' || entry.tab === 0) && price >= entry.listPrice) {
      errors.price = 'cart.errors.priceNotBelowList';
    } else if (entry.tab === 1 && entry.status === 'COUNTERED' && entry.counterPrice !== null && price >= entry.counterPrice) {
      errors.price = 'cart.errors.priceNotBelowCounter';
    }
  }
  if (!errors.quantity && entry.tab === 0 && entry.status === 'ACCEPTED' && normalized.value < (entry.minimumCheckoutQuantity ?? 1)) {
    errors.quantity = 'cart.errors.belowMinimum';
  }
  return { quantity: normalized.value, price, reducedToStock: normalized.reducedToStock, errors };
}
