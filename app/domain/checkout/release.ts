import { MANUAL_SYNC_METHOD } from '../cart/main-action';
import { REQUEST_A_QUOTE } from './options';

/** The three confirmations of spec 3 §2.3. */
export type ConfirmationType = 'payAndShipNow' | 'holdTheOrder' | 'holdTheOrderUntilShippingQuote';

/** The release dialog's title (spec 3 §4): a requested quote holds the order; a manually synchronised order system places it. */
export function releaseTitleKey(shippingMethodCode: string | null, salesOrderUpdateMethod: string): string {
  if (shippingMethodCode === REQUEST_A_QUOTE) return 'checkout.release.holdUntilQuote';
  return isManuallySynced(salesOrderUpdateMethod) ? 'checkout.release.placeOrder' : 'checkout.release.payAndShipNow';
}

export const isManuallySynced = (salesOrderUpdateMethod: string) => salesOrderUpdateMethod === MANUAL_SYNC_METHOD;

/** What a placed order's thank-you page says, read from the order itself (never from the address bar). */
export function confirmationTypeOf(fulfillmentStatus: string): ConfirmationType {
  if (fulfillmentStatus === 'AWAITING_SHIPPING_QUOTE') return 'holdTheOrderUntilShippingQuote';
  if (fulfillmentStatus === 'ON_HOLD') return 'holdTheOrder';
  return 'payAndShipNow';
}
