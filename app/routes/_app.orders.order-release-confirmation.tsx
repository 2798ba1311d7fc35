import { orderConfirmationAction, orderConfirmationLoader } from '~/.server/order-confirmation';
import { OrderReleaseConfirmation } from '~/components/checkout/OrderReleaseConfirmation';
import { titled } from '~/components/page-title';

export const meta = titled('pageTitle.orderConfirmation');
export const loader = orderConfirmationLoader;
export const action = orderConfirmationAction;

export default function OrdersOrderReleaseConfirmation() {
  return <OrderReleaseConfirmation from="orders" />;
}
