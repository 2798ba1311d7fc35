import { INTEGRATED_PAYPAL } from './options';

/**
 * Where an order's integrated payment stands (spec 3 §2.3, §4): 'none' when the order is not paid
 * through the integrated provider (or is cancelled), 'paid', 'failed' after the provider refused or
 * the buyer cancelled, 'awaiting' while no payment has finished. Read from the order, never the URL.
 */
export type IntegratedPayment = 'none' | 'paid' | 'failed' | 'awaiting';

export function integratedPaymentOf(order: {
  paymentMethodCode: string | null;
  paymentStatus: string;
  fulfillmentStatus: string;
}): IntegratedPayment {
  if (order.paymentMethodCode !== INTEGRATED_PAYPAL || order.fulfillmentStatus === 'CANCELED') return 'none';
  if (order.paymentStatus === 'PAID' || order.paymentStatus === 'CREDIT_DUE') return 'paid';
  if (order.paymentStatus === 'FAILED') return 'failed';
  return 'awaiting';
}

/** A payment can be (re)started while it is owed: the retry button of the thank-you page. */
export const canPayNow = (payment: IntegratedPayment) => payment === 'failed' || payment === 'awaiting';

/** Statuses whose release starts the payment (Pay and ship now), or that wait for the seller's quote first: no separate pay button. */
const PAID_ON_RELEASE = ['ON_HOLD', 'AWAITING_SHIPPING_QUOTE'];

/** A released order paid through the integrated provider that still owes part of its total: its page offers to pay the balance. */
export function paysBalanceOnline(order: {
  paymentMethodCode: string | null;
  paymentStatus: string;
  fulfillmentStatus: string;
  balanceDue: number;
}): boolean {
  return (
    order.balanceDue > 0 && !PAID_ON_RELEASE.includes(order.fulfillmentStatus) && canPayNow(integratedPaymentOf(order))
  );
}

/** What the payment pop-up tells the page that opened it (window.postMessage, same origin only). */
export const PAYMENT_MESSAGE_TYPE = 'px-payment';
/** The pop-up's window name: the checkout and thank-you forms target it. */
export const PAYMENT_WINDOW = 'px-payment';
export const PAYMENT_WINDOW_FEATURES = 'width=600,height=700';

export interface PaymentMessage {
  type: typeof PAYMENT_MESSAGE_TYPE;
  orderNumber: string;
  status: 'SUCCESS' | 'FAILURE';
}

/** Order numbers as the marketplace writes them (and as its payment return path accepts them). */
export const ORDER_NUMBER = /^[A-Za-z0-9-]{1,40}$/;

export function isPaymentMessage(data: unknown): data is PaymentMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Record<string, unknown>;
  return (
    message.type === PAYMENT_MESSAGE_TYPE &&
    typeof message.orderNumber === 'string' &&
    ORDER_NUMBER.test(message.orderNumber) &&
    (message.status === 'SUCCESS' || message.status === 'FAILURE')
  );
}

/**
 * The thank-you page of an order. `FAILURE`: the payment window reported a failure (or was closed); the
 * page then says the payment did not go through while the order still waits for it (never that it was paid).
 */
export const confirmationPath = (orderNumber: string, outcome?: 'FAILURE') =>
  `/checkout/order-release-confirmation?order=${encodeURIComponent(orderNumber)}${outcome === 'FAILURE' ? '&payment=failure' : ''}`;

/** What the thank-you page shows: the order's own state, or a failure the payment window reported while the order still waits. */
export const shownPayment = (payment: IntegratedPayment, reportedFailure: boolean): IntegratedPayment =>
  payment === 'awaiting' && reportedFailure ? 'failed' : payment;
