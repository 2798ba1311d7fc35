/** The add-to-existing-order choice (spec 3 §2.2): the on-hold orders of the warehouse, newest first, and a new order. */

export const NEW_ORDER_CHOICE = 'new';

export interface OnHoldOrder {
  phonexOrderNumber: string;
  lastUpdateDate: string;
}

const time = (iso: string) => {
  const value = Date.parse(iso);
  return Number.isNaN(value) ? -Infinity : value;
};

/** Newest lastUpdateDate first; orders updated at the same moment keep the marketplace's order. */
export function newestFirst<T extends OnHoldOrder>(orders: readonly T[]): T[] {
  return orders
    .map((order, index) => ({ order, index }))
    .sort((a, b) => time(b.order.lastUpdateDate) - time(a.order.lastUpdateDate) || a.index - b.index)
    .map(({ order }) => order);
}

/** Where REVIEW COMBINED ORDER goes for a choice, or null when the choice is not one of those offered. */
export function addToOrderTarget(
  warehouseLabel: string,
  choice: string,
  orders: readonly OnHoldOrder[],
): string | null {
  const warehouse = encodeURIComponent(warehouseLabel);
  if (choice === NEW_ORDER_CHOICE) return `/checkout/${warehouse}`;
  if (!orders.some((order) => order.phonexOrderNumber === choice)) return null;
  return `/checkout/add-to-unshipped-order/${warehouse}/${encodeURIComponent(choice)}`;
}

/** The choice selected when the page opens: the newest on-hold order, or a new order when there is none. */
export const defaultChoice = (orders: readonly OnHoldOrder[]) =>
  newestFirst(orders)[0]?.phonexOrderNumber ?? NEW_ORDER_CHOICE;
