import { checkoutScreenAction, checkoutScreenLoader } from '~/components/checkout/checkout-screen.server';
import { CheckoutScreen } from '~/components/checkout/CheckoutScreen';
import { titled } from '~/components/page-title';
export { shouldRevalidate } from '~/components/checkout/CheckoutScreen';

export const meta = titled('pageTitle.reviewOrder');

export const loader = checkoutScreenLoader('update');
export const action = checkoutScreenAction('update');

export default CheckoutScreen;
