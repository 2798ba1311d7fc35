import { orderConfirmationAction, orderConfirmationLoader } from '~/.server/order-confirmation';
import { OrderReleaseConfirmation } from '~/components/checkout/OrderReleaseConfirmation';
import { titled } from '~/components/page-title';
import { useTexts } from '~/i18n/use-texts';

export const meta = titled('pageTitle.orderConfirmation');
export const loader = orderConfirmationLoader;
export const action = orderConfirmationAction;

export default function OrdersOrderReleaseConfirmation() {
  useTexts('checkout', 'confirmation', 'payment');
  return <OrderReleaseConfirmation from="orders" />;
}
