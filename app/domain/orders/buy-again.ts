/**
 * Buy again (issue 37): what becomes of each line of a past order when the buyer orders it again.
 * One rule for the review the buyer reads and for the confirmation the marketplace applies.
 *
 * A line goes to the cart at today's list price in the order's warehouse, at the ordered quantity
 * under the quantity rules of the buy dialog (increments; capped at what is available). The
 * confirmation SETS the cart entry to that quantity (never adds to it): a replayed or doubled
 * confirmation finds the lines already in the cart and changes nothing, without a key to remember.
 * An entry the buyer is negotiating (an offer, a counter, an accepted price) is left as it is.
 */
import { applyQuantityRules } from '../offers/entry-rules';
import type { OfferStatus } from '../offers/status';

export interface StockToday {
  quantityAvailable: number;
  /** Major units, as offers and the cart carry prices; null: not for sale. */
  listPrice: number | null;
  incrementSize: number;
}

export interface CartEntryToday {
  status: OfferStatus;
  offerQuantity: number;
}

export type BuyAgainOutcome =
  | { kind: 'toCart'; quantity: number; unitPrice: number }
  | { kind: 'short'; quantity: number; available: number; unitPrice: number }
  | { kind: 'inCart'; quantity: number }
  | { kind: 'offerOpen'; status: OfferStatus }
  | { kind: 'gone' };
export type BuyAgainKind = BuyAgainOutcome['kind'];

/** The outcomes that put something in the cart on confirmation. */
export const goesToCart = (
  outcome: BuyAgainOutcome,
): outcome is Extract<BuyAgainOutcome, { kind: 'toCart' | 'short' }> =>
  outcome.kind === 'toCart' || outcome.kind === 'short';

export function buyAgainOutcome(
  orderedQuantity: number,
  item: StockToday | null,
  entry: CartEntryToday | null,
): BuyAgainOutcome {
  if (entry && entry.status !== 'BUY_AT_LIST') return { kind: 'offerOpen', status: entry.status };
  if (!item || item.listPrice === null || item.quantityAvailable <= 0) return { kind: 'gone' };
  const { value: quantity, reducedToStock } = applyQuantityRules(Math.max(1, orderedQuantity), {
    incrementSize: item.incrementSize,
    available: item.quantityAvailable,
  });
  if (entry && entry.offerQuantity >= quantity) return { kind: 'inCart', quantity: entry.offerQuantity };
  if (reducedToStock) return { kind: 'short', quantity, available: item.quantityAvailable, unitPrice: item.listPrice };
  return { kind: 'toCart', quantity, unitPrice: item.listPrice };
}

/** An order's lines by item: an item ordered on two lines (a cart added to the order later) is bought again once, for both. */
export function linesByItem<L extends { itemNumberWarehouse: string; quantity: number }>(lines: readonly L[]): L[] {
  const byItem = new Map<string, L>();
  for (const line of lines) {
    const known = byItem.get(line.itemNumberWarehouse);
    byItem.set(line.itemNumberWarehouse, known ? { ...known, quantity: known.quantity + line.quantity } : line);
  }
  return [...byItem.values()];
}
