import { DAY_MS, MAX_FEE_RATE } from './fees';

/**
 * Payment terms of a released order (spec 3 §4, §6): the grace period to pay, the fee rates that
 * run after it, and the buyer's right to extend the time to pay. The tenant sets them in the
 * setting 'order-terms'; these are the defaults.
 */
export interface OrderTermsSettings {
  /** Rates per 24 hours in hundredths of a percent (50 = 0.50 %). */
  reservationFeeRate: number;
  cancellationFeeRate: number;
  /** Days from release to the end of the grace period. */
  gracePeriodDays: number;
  /** Days one Extend Time adds to the grace period. */
  extensionDays: number;
  /** How many times a buyer may extend the time to pay one order. */
  maxExtensions: number;
  /** Shown by the Extend Time button; empty: the portal's own text. */
  paymentTimeExtensionCustomText: string;
  /** The late-payment box names the buyer's current account as where to pay. */
  useCurrentAccountTextForPayment: boolean;
}

export const DEFAULT_ORDER_TERMS_SETTINGS: OrderTermsSettings = {
  reservationFeeRate: 50,
  cancellationFeeRate: 100,
  gracePeriodDays: 3,
  extensionDays: 3,
  maxExtensions: 2,
  paymentTimeExtensionCustomText: '',
  useCurrentAccountTextForPayment: false,
};

const wholeIn = (value: unknown, min: number, max: number, fallback: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : fallback;

/** The stored setting over the defaults, field by field; a value out of range keeps the default. */
export function orderTermsSettingsOf(
  stored: Partial<Record<keyof OrderTermsSettings, unknown>> | undefined,
): OrderTermsSettings {
  const s = stored ?? {};
  const d = DEFAULT_ORDER_TERMS_SETTINGS;
  return {
    reservationFeeRate: wholeIn(s.reservationFeeRate, 0, MAX_FEE_RATE, d.reservationFeeRate),
    cancellationFeeRate: wholeIn(s.cancellationFeeRate, 0, MAX_FEE_RATE, d.cancellationFeeRate),
    gracePeriodDays: wholeIn(s.gracePeriodDays, 0, 365, d.gracePeriodDays),
    extensionDays: wholeIn(s.extensionDays, 1, 365, d.extensionDays),
    maxExtensions: wholeIn(s.maxExtensions, 0, 100, d.maxExtensions),
    paymentTimeExtensionCustomText:
      typeof s.paymentTimeExtensionCustomText === 'string'
        ? s.paymentTimeExtensionCustomText.slice(0, 1000)
        : d.paymentTimeExtensionCustomText,
    useCurrentAccountTextForPayment:
      typeof s.useCurrentAccountTextForPayment === 'boolean'
        ? s.useCurrentAccountTextForPayment
        : d.useCurrentAccountTextForPayment,
  };
}

/** What the permission flags read of an order. */
export interface PaymentTermsOrder {
  /** Fulfilment status. */
  status: string;
  paymentStatus: string;
  gracePeriodEnd: Date | string | null;
  /** Extend Time presses so far (order events PAYMENT_TIME_EXTENDED). */
  paymentTimeExtensions: number;
  /** The order's payment method is paid before shipping (payment-collection.ts): only then do a grace period and its fees apply. */
  paidBeforeShipping: boolean;
}

/** What the permission flags read of the tenant's settings. */
export interface PaymentTermsSettings {
  /** orderSettings.paymentCollectionSettings.gracePeriodEnabled */
  gracePeriodEnabled: boolean;
  maxExtensions: number;
}

/** Orders that owe nothing more, or are no longer an order. */
export const SETTLED_PAYMENT_STATUSES = ['PAID', 'REFUNDED', 'CREDIT_DUE', 'NOTHING_DUE'];
const SETTLED_PAYMENT = new Set(SETTLED_PAYMENT_STATUSES);
const CLOSED_FULFILMENT = new Set(['CANCELED']);

/**
 * isPaymentGracePeriodSectionApplicable (spec 3 §6): the late-payment box shows when the tenant
 * collects payment with a grace period, the order's payment method is paid before shipping (an
 * order on net terms is due from its invoice, not within the grace period), and the order has a
 * grace period running (set at release), is not cancelled and is not paid.
 */
export function isPaymentGracePeriodSectionApplicable(
  order: Omit<PaymentTermsOrder, 'paymentTimeExtensions'>,
  settings: Pick<PaymentTermsSettings, 'gracePeriodEnabled'>,
): boolean {
  return (
    settings.gracePeriodEnabled &&
    order.paidBeforeShipping &&
    order.gracePeriodEnd !== null &&
    !CLOSED_FULFILMENT.has(order.status) &&
    !SETTLED_PAYMENT.has(order.paymentStatus)
  );
}

/** canExtendPaymentTime (spec 3 §6): where the box shows, while the buyer has extensions left. */
export function canExtendPaymentTime(order: PaymentTermsOrder, settings: PaymentTermsSettings, _now: Date): boolean {
  return isPaymentGracePeriodSectionApplicable(order, settings) && order.paymentTimeExtensions < settings.maxExtensions;
}

/** The grace period's end after one more Extend Time. */
export function extendedGracePeriodEnd(gracePeriodEnd: Date, extensionDays: number): Date {
  return new Date(gracePeriodEnd.getTime() + extensionDays * DAY_MS);
}

/** The grace period's end for an order released now. */
export function gracePeriodEndFrom(releasedAt: Date, gracePeriodDays: number): Date {
  return new Date(releasedAt.getTime() + gracePeriodDays * DAY_MS);
}

/** Whether the time to pay is over: the box then says the payment is overdue instead of asking to pay by a past date. */
export function isPaymentOverdue(gracePeriodEnd: Date | string | null, now: Date): boolean {
  if (gracePeriodEnd === null) return false;
  const end = new Date(gracePeriodEnd).getTime();
  return Number.isFinite(end) && end <= now.getTime();
}

/** The late-payment notice (spec 3 §9): shown after 0 ms, for 300 000 ms (with JavaScript; without, it stays). */
export const LATE_PAYMENT_NOTICE_DELAY_MS = 0;
export const LATE_PAYMENT_NOTICE_MS = 300_000;
