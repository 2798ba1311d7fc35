import { useTranslation } from '~/i18n/light-react-i18next';
import type { OrderDetails } from '~/.server/api/order-details';
import type { Address } from '~/domain/checkout/options';
import { AddressLines } from '../checkout/SelectionRows';

const asAddress = (value: Record<string, unknown> | null): Address | null =>
  value && typeof value.label === 'string' ? (value as unknown as Address) : null;

/** The billing and shipping section of an order that offers nothing to change: what it was placed with (spec 3 §2.6). */
export function OrderChoiceSummary({ order }: { order: OrderDetails['salesOrder'] }) {
  const { t } = useTranslation();
  const shipTo = asAddress(order.shippingAddress);
  const billTo = asAddress(order.billingAddress);
  const none = <span className="muted">{t('orders.details.none')}</span>;
  return (
    <dl className="order-choice">
      <dt>{t('checkout.row.shippingMethod')}</dt>
      <dd>{order.shippingMethodLabel || none}</dd>
      <dt>{t('checkout.row.shippingAddress')}</dt>
      <dd>{shipTo ? <AddressLines address={shipTo} /> : none}</dd>
      <dt>{t('checkout.row.billingAddress')}</dt>
      <dd>{billTo ? <AddressLines address={billTo} /> : none}</dd>
      <dt>{t('checkout.row.paymentMethod')}</dt>
      <dd>{order.paymentMethodLabel || none}</dd>
      <dt>{t('checkout.row.additionalServices')}</dt>
      <dd>{order.additionalServiceLabels.length ? order.additionalServiceLabels.join(', ') : none}</dd>
    </dl>
  );
}
