import { checkoutScreenAction, checkoutScreenLoader } from '~/components/checkout/checkout-screen.server';
import { CheckoutScreen } from '~/components/checkout/CheckoutScreen';
import { titled } from '~/components/page-title';
export { shouldRevalidate } from '~/components/checkout/CheckoutScreen';

export const meta = titled('pageTitle.checkout');

export const loader = checkoutScreenLoader('new');
export const action = checkoutScreenAction('new');

export default CheckoutScreen;
