/**
 * The buyer's home (issue 37): what needs the buyer, from the cart entries, the orders and the
 * alerts the tenant API answers. Pure rules, so the marketplace and the page agree on them.
 */
import { cartBoxes, selectionSums, totalsOf, type CartEntrySource } from './cart/boxes';
import { OWING_PAYMENT } from './orders/payment-collection';
import { ADDABLE_ORDER_STATUSES } from './orders/permissions';

/** How far back a met alert still shows. */
export const ALERTS_MET_WITHIN_MS = 7 * 24 * 3_600_000;

/** Rows each section of the home lists; the link beside it leads to the rest. */
export const HOME_ROWS = 10;

/** The buyer's offers that need them or are waiting for the seller: answered ones soonest to expire first. */
export function offersOnHome<T extends CartEntrySource>(entries: readonly T[]): { answered: T[]; waiting: T[] } {
  const expiry = (entry: T) => entry.stocklistOffer.acceptedOrCounteredExpirationDate ?? '9999';
  const answered = entries
    .filter((e) => e.stocklistOffer.offerStatus === 'ACCEPTED' || e.stocklistOffer.offerStatus === 'COUNTERED')
    .sort((a, b) => expiry(a).localeCompare(expiry(b)));
  const waiting = entries.filter((e) => e.stocklistOffer.offerStatus === 'PENDING_ACCEPTANCE');
  return { answered, waiting };
}

/** The Cart tab's entries per warehouse: lines, units and subtotal (whole currency units, as the cart box shows it). */
export function cartPerWarehouse(entries: CartEntrySource[]) {
  return cartBoxes(entries, 0, new Set()).map((box) => ({
    warehouse: box.warehouse,
    label: box.label,
    ...totalsOf(selectionSums(box.entries, new Set(box.entries.map((e) => e.stocklistOffer.offerId)))),
  }));
}

export type OrderNeed = 'onHold' | 'awaitingPayment';

/** What orderNeed reads of an order. */
export interface OrderNeedSource {
  status: string;
  paymentStatus: string;
  gracePeriodEnd: string | Date | null;
  /** The payment method is paid before shipping (payment-collection.ts); on account it is due from the invoice. */
  paidBeforeShipping: boolean;
  /** When an order on account is due (its invoice plus the terms' days); null before it is invoiced or when not on account. */
  accountDueDate: string | Date | null;
}

/**
 * Why an order needs the buyer: on hold (to release, or to add a cart to), or awaiting payment (an
 * integrated payment awaited or failed, a grace period to pay running on a method paid before
 * shipping, or an order on account past its due date, all with something still owed). A canceled
 * order needs nothing; an order on account not yet due is not chased here.
 */
export function orderNeed(order: OrderNeedSource, now = new Date()): OrderNeed | null {
  if (order.status === 'CANCELED') return null;
  if (ADDABLE_ORDER_STATUSES.includes(order.status)) return 'onHold';
  if (order.paymentStatus === 'AWAITING_PAYMENT' || order.paymentStatus === 'FAILED') return 'awaitingPayment';
  if (!OWING_PAYMENT.includes(order.paymentStatus)) return null;
  if (order.paidBeforeShipping) return order.gracePeriodEnd !== null ? 'awaitingPayment' : null;
  return order.accountDueDate !== null && new Date(order.accountDueDate).getTime() <= now.getTime()
    ? 'awaitingPayment'
    : null;
}

/** The date Home shows beside an order awaiting payment: the grace period's end, or the due date on account. */
export const paymentDueBy = (order: OrderNeedSource): Date | string | null =>
  order.paidBeforeShipping ? order.gracePeriodEnd : order.accountDueDate;
