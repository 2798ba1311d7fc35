import { lineTotalMinor } from '../money';
import { displayedTerms, type OfferTermsView } from '../offers/display';
import { offerStateOf, type OfferStatus } from '../offers/status';
import { tabOfState, type CartTab } from './tabs';

/** What the cart needs of an entry (the tenant API's cart item, flattened). */
export interface CartEntrySource {
  itemNumberWarehouse: string;
  warehouse: string;
  warehouseLabel: string;
  quantityAvailable: number;
  stocklistOffer: OfferTermsView & { offerId: number };
}

export interface CartBox<T extends CartEntrySource> {
  warehouse: string;
  label: string;
  /** Every entry of this tab and warehouse. */
  entries: T[];
  /** The entries the status filters let through. */
  shown: T[];
  statuses: { status: OfferStatus; count: number; on: boolean }[];
}

/** The tab an entry sits in. */
export const entryTab = (entry: CartEntrySource): CartTab => tabOfState(offerStateOf(entry.stocklistOffer.offerStatus));

/** Entry counts per tab, for the tab badges. */
export function tabCounts(entries: CartEntrySource[]): [number, number, number] {
  const counts: [number, number, number] = [0, 0, 0];
  for (const entry of entries) counts[entryTab(entry)] += 1;
  return counts;
}

/** A tab's entries grouped into warehouse boxes, in order of first appearance, with status filters applied. */
export function cartBoxes<T extends CartEntrySource>(
  entries: T[],
  tab: CartTab,
  hidden: ReadonlySet<string>,
): CartBox<T>[] {
  const boxes = new Map<string, CartBox<T>>();
  for (const entry of entries) {
    if (entryTab(entry) !== tab) continue;
    let box = boxes.get(entry.warehouse);
    if (!box) {
      box = { warehouse: entry.warehouse, label: entry.warehouseLabel, entries: [], shown: [], statuses: [] };
      boxes.set(entry.warehouse, box);
    }
    box.entries.push(entry);
  }
  for (const box of boxes.values()) {
    const counts = new Map<OfferStatus, number>();
    for (const entry of box.entries)
      counts.set(entry.stocklistOffer.offerStatus, (counts.get(entry.stocklistOffer.offerStatus) ?? 0) + 1);
    box.statuses = [...counts].map(([status, count]) => ({
      status,
      count,
      on: !hidden.has(filterKey(box.warehouse, status)),
    }));
    box.shown =
      tab === 2
        ? box.entries
        : box.entries.filter((e) => !hidden.has(filterKey(box.warehouse, e.stocklistOffer.offerStatus)));
  }
  return [...boxes.values()];
}

/** A status filter switched off, as the `off` URL parameter lists it. */
export const filterKey = (warehouse: string, status: string) => `${warehouse}:${status}`;

/** Selected entries, their quantity and their subtotal in cents (exact: money is never added as floats). */
export interface SelectionSums {
  items: number;
  quantity: number;
  cents: number;
}

/** The sums over the selected ones of some entries. */
export function selectionSums(
  entries: Pick<CartEntrySource, 'stocklistOffer'>[],
  selected: ReadonlySet<number>,
): SelectionSums {
  const sums = { items: 0, quantity: 0, cents: 0 };
  for (const entry of entries) {
    if (!selected.has(entry.stocklistOffer.offerId)) continue;
    const terms = displayedTerms(entry.stocklistOffer);
    sums.items += 1;
    sums.quantity += terms.quantity;
    sums.cents += lineTotalMinor(terms.quantity, terms.price);
  }
  return sums;
}

/** Two parts' sums together (the rows a page shows and the rest of the box). */
export const addSums = (a: SelectionSums, b: SelectionSums): SelectionSums => ({
  items: a.items + b.items,
  quantity: a.quantity + b.quantity,
  cents: a.cents + b.cents,
});

/** Number of selected entries, their quantity and their subtotal rounded to a whole number. */
export function selectionTotals(entries: Pick<CartEntrySource, 'stocklistOffer'>[], selected: ReadonlySet<number>) {
  return totalsOf(selectionSums(entries, selected));
}

/** Sums as the box shows them: the subtotal rounded to a whole number. */
export const totalsOf = (sums: SelectionSums) => ({
  items: sums.items,
  quantity: sums.quantity,
  subtotal: Math.round(sums.cents / 100),
});
