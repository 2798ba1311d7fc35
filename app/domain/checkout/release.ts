import { MANUAL_SYNC_METHOD } from '../cart/main-action';
import { REQUEST_A_QUOTE } from './options';

/** The three confirmations of spec 3 §2.3. */
export type ConfirmationType = 'payAndShipNow' | 'holdTheOrder' | 'holdTheOrderUntilShippingQuote';

export type ReleaseTitleKey =
  'checkout.release.payAndShipNow' | 'checkout.release.placeOrder' | 'checkout.release.holdUntilQuote';

/** The release dialog's title (spec 3 §4): a requested quote holds the order; a manually synchronised order system places it. */
export function releaseTitleKey(shippingMethodCode: string | null, salesOrderUpdateMethod: string): ReleaseTitleKey {
  if (shippingMethodCode === REQUEST_A_QUOTE) return 'checkout.release.holdUntilQuote';
  return isManuallySynced(salesOrderUpdateMethod) ? 'checkout.release.placeOrder' : 'checkout.release.payAndShipNow';
}

/**
 * What the release dialog asks: pay and ship now asks the tenant's own warning (payAndShipNowWarning,
 * spec 3 §2.1), so null; placing an order or holding it until a quote says what that release does.
 */
export function releaseQuestionKey(title: ReleaseTitleKey): string | null {
  if (title === 'checkout.release.holdUntilQuote') return 'checkout.releaseQuestion.holdUntilQuote';
  if (title === 'checkout.release.placeOrder') return 'checkout.releaseQuestion.placeOrder';
  return null;
}

export const isManuallySynced = (salesOrderUpdateMethod: string) => salesOrderUpdateMethod === MANUAL_SYNC_METHOD;

/** What a placed order's thank-you page says, read from the order itself (never from the address bar). */
export function confirmationTypeOf(fulfillmentStatus: string): ConfirmationType {
  if (fulfillmentStatus === 'AWAITING_SHIPPING_QUOTE') return 'holdTheOrderUntilShippingQuote';
  if (fulfillmentStatus === 'ON_HOLD') return 'holdTheOrder';
  return 'payAndShipNow';
}
