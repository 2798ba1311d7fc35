import type { SerializeFrom } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useEffect } from 'react';
import { useTranslation } from '~/i18n/light-react-i18next';
import type { OrderSummary } from '~/.server/api/checkout';
import type { orderConfirmationLoader } from '~/.server/order-confirmation';
import { PayNowForm } from '~/components/checkout/PayNowForm';
import { usePaymentBalanceRows } from '~/components/orders/PaymentBalance';
import { usePaymentResult, useReportToOpener } from '~/components/checkout/usePaymentResult';
import { useMoneyFormat } from '~/components/use-money-format';
import { canPayNow, confirmationPath, type IntegratedPayment } from '~/domain/checkout/payment';
import { clearHandOff } from '~/domain/checkout/stored-hand-off';
import { formatMinor } from '~/domain/money';
import { PickUpLocationBlock } from '~/components/orders/PickUpLocation';
import { useCounts } from '../use-counts';

const MARK = '\u0000';

type ConfirmationKey =
  | 'confirmation.message.payAndShipNow'
  | 'confirmation.message.holdTheOrder'
  | 'confirmation.message.holdTheOrderUntilShippingQuote'
  | 'confirmation.message.payAndShipNowPickUp'
  | 'confirmation.message.holdTheOrderPickUp';

/**
 * The thank-you page of spec 3 §2.3 after a checkout (back to the stock list) and of §2.6 after an
 * order is released from its details (back to the orders, with the processing wording).
 */
export function OrderReleaseConfirmation({ from }: { from: 'checkout' | 'orders' }) {
  const { order, confirmationType, payment } = useLoaderData<typeof orderConfirmationLoader>() as Extract<
    SerializeFrom<typeof orderConfirmationLoader>,
    { order: unknown }
  >;
  const { t, i18n } = useTranslation();
  // A retry opens the payment pop-up; its outcome brings this page back with the order as it is now.
  usePaymentResult();
  // Submitted: the hand-off the browser kept is done with (spec 3 §9).
  useEffect(() => clearHandOff(window.localStorage), []);
  const closing = useReportToOpener(
    payment === 'none'
      ? null
      : {
          type: 'px-payment',
          orderNumber: order.phonexOrderNumber,
          status: payment === 'paid' ? 'SUCCESS' : 'FAILURE',
        },
  );
  const method = order.paymentMethod;
  const provider = method ? method.label.toLocaleUpperCase(i18n.language) : '';
  const owed = canPayNow(payment);
  const orderNumber = order.refOrderNumberOrPhonexOrderNumber;
  // The sentence is the language's; the number in it is a link to the order.
  const [numberBefore = '', numberAfter = ''] = t('confirmation.orderNumber', { orderNumber: MARK }).split(MARK);
  // A pick-up is never told it will be shipped: the message names where it is collected.
  const pickUp = order.pickUp;
  const messageKey: ConfirmationKey =
    pickUp && (confirmationType === 'payAndShipNow' || confirmationType === 'holdTheOrder')
      ? `confirmation.message.${confirmationType}PickUp`
      : `confirmation.message.${confirmationType}`;
  // Released from the order's page: the payment was accepted, or the request is being processed (spec 3 §2.6).
  const message =
    owed && method
      ? t('confirmation.paymentRequired', { method: method.label })
      : from === 'orders'
        ? payment === 'paid'
          ? t('confirmation.orders.paymentAccepted')
          : t('confirmation.orders.processing')
        : t(messageKey, { orderNumber, warehouse: pickUp?.warehouse ?? '' });
  return (
    <section className="page order-confirmation">
      <h1>{t('confirmation.title')}</h1>
      {closing ? (
        <p className="banner banner--info" role="status">
          {t('confirmation.paymentWindowClosing')}
        </p>
      ) : null}
      {payment === 'failed' ? (
        <div className="notice notice--error order-confirmation__failure" role="alert">
          <p>{t('confirmation.paymentFailed')}</p>
          <p>{t('confirmation.payNowPrompt', { provider })}</p>
        </div>
      ) : null}
      <p className="order-confirmation__number">
        {numberBefore}
        <Link to={`/orders/${encodeURIComponent(order.phonexOrderNumber)}`}>{orderNumber}</Link>
        {numberAfter}
      </p>
      <p className="order-confirmation__message">{message}</p>
      {order.pxnsOrder ? <p className="order-confirmation__pending">{t('confirmation.pxnsPending')}</p> : null}
      {pickUp ? <PickUpLocationBlock location={pickUp} /> : null}
      {method ? (
        <PaymentSection
          method={method}
          payment={payment}
          provider={provider}
          orderNumber={order.phonexOrderNumber}
          closing={closing}
        />
      ) : null}
      <OrderSummaryTable order={order} />
      <p className="order-confirmation__actions">
        {from === 'orders' ? (
          <Link to="/orders" className="button button--primary">
            {t('confirmation.backToOrders')}
          </Link>
        ) : (
          <Link to="/stock" className="button button--primary">
            {t('confirmation.backToStock')}
          </Link>
        )}
      </p>
    </section>
  );
}

function PaymentSection({
  method,
  payment,
  provider,
  orderNumber,
  closing,
}: {
  method: NonNullable<OrderSummary['paymentMethod']>;
  payment: IntegratedPayment;
  provider: string;
  orderNumber: string;
  closing: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="confirmation-payment">
      <h2 id="confirmation-payment">{t('confirmation.paymentHeading')}</h2>
      <p>{t('confirmation.paymentMethod', { method: method.label })}</p>
      {method.instructions ? <p className="order-confirmation__instructions">{method.instructions}</p> : null}
      {payment === 'paid' ? <p>{t('confirmation.paid')}</p> : null}
      {payment === 'awaiting' ? <p>{t('confirmation.paymentAwaiting')}</p> : null}
      {/* In the pop-up that is about to close, the retry belongs to the page that opened it. */}
      {canPayNow(payment) && !closing ? (
        <PayNowForm action={confirmationPath(orderNumber)} intent="payNow">
          {t('confirmation.payNow', { provider })}
        </PayNowForm>
      ) : null}
    </section>
  );
}

function OrderSummaryTable({ order }: { order: OrderSummary }) {
  const { t } = useTranslation();
  const { number } = useCounts();
  const format = useMoneyFormat();
  const money = (minor: number) => formatMinor(minor, format);
  const { charges } = order;
  const paymentRows = usePaymentBalanceRows(order.payment);
  const totals: [string, string, string][] = [
    ['subtotal', t('confirmation.subtotal'), money(charges.subtotal)],
    ['services', t('confirmation.servicesFee'), money(charges.additionalServicesFee)],
    [
      'freight',
      t('confirmation.freight'),
      charges.freightUndefined ? t('confirmation.freightPending') : money(charges.freight),
    ],
    ...(charges.freightDiscount
      ? [
          [
            'freightDiscount',
            t('confirmation.freightDiscount', { promotion: charges.promotion }),
            money(-charges.freightDiscount),
          ] as [string, string, string],
        ]
      : []),
    ...(charges.insurance
      ? [['insurance', t('confirmation.insurance'), money(charges.insurance)] as [string, string, string]]
      : []),
    [
      'fees',
      order.paymentMethod ? t('confirmation.feesOf', { method: order.paymentMethod.label }) : t('confirmation.fees'),
      money(charges.paymentFee),
    ],
    [
      'tax',
      charges.taxDescription
        ? t('confirmation.taxWith', { description: charges.taxDescription })
        : t('confirmation.tax'),
      money(charges.tax),
    ],
    ['total', t('confirmation.total'), money(charges.total)],
    ...paymentRows,
  ];
  return (
    <section aria-labelledby="confirmation-summary">
      <h2 id="confirmation-summary">{t('confirmation.summary')}</h2>
      <table className="data-table order-confirmation__lines stacked-table">
        <caption>{t('confirmation.lines', { orderNumber: order.refOrderNumberOrPhonexOrderNumber })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('confirmation.item')}</th>
            <th scope="col">{t('confirmation.quantity')}</th>
            <th scope="col">{t('confirmation.unitPrice')}</th>
            <th scope="col">{t('confirmation.extendedPrice')}</th>
          </tr>
        </thead>
        <tbody>
          {order.lineItems.map((line) => (
            <tr key={line.itemNumberWarehouse} data-item={line.itemNumberWarehouse}>
              <th scope="row">
                {line.description} <span className="muted">{line.itemNumber}</span>
              </th>
              <td data-label={t('confirmation.quantity')}>{number(line.quantity)}</td>
              <td data-label={t('confirmation.unitPrice')}>{money(line.unitPrice)}</td>
              <td data-label={t('confirmation.extendedPrice')}>{money(line.extendedPrice)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {totals.map(([name, label, value]) => (
            <tr key={name} data-total={name}>
              <th scope="row" colSpan={3}>
                {label}
              </th>
              <td>{value}</td>
            </tr>
          ))}
        </tfoot>
      </table>
    </section>
  );
}
