/**
 * The "on blur" rules of the buy, offer and cart fields (spec 1 §5, spec 2 §5). They run in the
 * browser when a field is left and on the server for every submission.
 */

export const QUANTITY_REDUCED = 'offers.quantityReduced';

/** What a rule made of the typed text: the value to use, and whether it was reduced to the stock. */
export interface Normalized {
  value: number;
  reducedToStock: boolean;
}

/** Only digits are a number; anything else (letters, signs, fractions) is not a quantity. */
const WHOLE = /^\d+$/;
const AMOUNT = /^\d+(\.\d{1,2})?$/;

/** Whether the text can be read as a quantity: empty or whole digits. */
export function isQuantityText(text: string): boolean {
  const trimmed = text.trim();
  return trimmed === '' || (WHOLE.test(trimmed) && trimmed.length <= 12);
}

export function isPriceText(text: string): boolean {
  const trimmed = text.trim();
  return trimmed === '' || (AMOUNT.test(trimmed) && trimmed.length <= 15);
}

/** Empty or non-numeric text counts as 0. */
function numberOf(text: string): number {
  const trimmed = text.trim();
  return AMOUNT.test(trimmed) ? Number(trimmed) : 0;
}

/**
 * Quantity: 0 becomes 1; with an increment above 1 a quantity at or below it becomes the
 * increment, otherwise it rounds down to a multiple; above the available stock it is reduced.
 */
export function normalizeQuantity(text: string, { incrementSize, available }: { incrementSize: number; available: number }): Normalized {
  let value = Math.floor(numberOf(text));
  if (value === 0) value = 1;
  if (incrementSize > 1) value = value <= incrementSize ? incrementSize : Math.floor(value / incrementSize) * incrementSize;
  if (available > 0 && value > available) {
    const step = incrementSize > 1 ? incrementSize : 1;
    const capped = Math.floor(available / step) * step;
    return { value: capped > 0 ? capped : available, reducedToStock: true };
  }
  return { value, reducedToStock: false };
}

/** Offer price: 0 becomes 1 (the minimum), anything above the list price is the list price. */
export function normalizeOfferPrice(text: string, listPrice: number): number {
  const value = numberOf(text);
  const atLeastOne = value < 1 ? 1 : value;
  return Math.min(atLeastOne, listPrice);
}
