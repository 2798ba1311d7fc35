import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { checkoutApi, type OrderSummary } from '~/.server/api/checkout';
import { ApiFailure } from '~/.server/api/client';
import { endsSession, requireBuyer, signOutOnForbidden } from '~/.server/auth';
import { formRefusal, parseForm, readForm } from '~/.server/forms';
import { redirectToPaymentProvider } from '~/.server/integrated-payment';
import { failureToast, redirectWithToast } from '~/.server/toast';
import { PayNowForm } from '~/components/checkout/PayNowForm';
import { usePaymentResult, useReportToOpener } from '~/components/checkout/usePaymentResult';
import { titled } from '~/components/page-title';
import { useTenant } from '~/components/use-tenant';
import { canPayNow, confirmationPath, integratedPaymentOf, ORDER_NUMBER, type IntegratedPayment } from '~/domain/checkout/payment';
import { confirmationTypeOf } from '~/domain/checkout/release';
import { formatMinor } from '~/domain/money';

export const meta = titled('pageTitle.orderConfirmation');

/** The order this page is about: `?order=` as the marketplace writes order numbers, else none. */
function orderParam(request: Request): string | null {
  const order = new URL(request.url).searchParams.get('order');
  return order !== null && ORDER_NUMBER.test(order) ? order : null;
}

/**
 * Spec 3 §2.3. Everything shown is read from the order (buyer-scoped by the marketplace): the
 * confirmation type from its fulfilment status, the payment outcome from its payment status.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token } = await requireBuyer(request, context);
  const orderNumber = orderParam(request);
  if (!orderNumber) return redirect('/stock');
  try {
    const order = await checkoutApi.orderSummary(context, token, orderNumber);
    const payment = integratedPaymentOf({ paymentMethodCode: order.paymentMethod?.code ?? null, paymentStatus: order.paymentStatus, fulfillmentStatus: order.fulfillmentStatus });
    return json({ order, confirmationType: confirmationTypeOf(order.fulfillmentStatus), payment });
  } catch (error) {
    // Another buyer's order or none at all: the marketplace answers 404 and nothing of it shows.
    if (error instanceof ApiFailure && (error.status === 404 || error.status === 400)) {
      return redirectWithToast('/stock', { type: 'error', key: 'confirmation.notFound', values: { orderNumber } });
    }
    return signOutOnForbidden(request, error);
  }
}

/** The one command of this page: pay an order whose integrated payment failed or never finished. */
const payForm = z.object({ intent: z.enum(['payNow']) });

export async function action({ request, context }: ActionFunctionArgs) {
  const { token } = await requireBuyer(request, context);
  const form = await readForm(request);
  parseForm(form, payForm);
  const orderNumber = orderParam(request);
  if (!orderNumber) throw formRefusal(400);
  try {
    // Paid on success is released too: the buyer asked to pay and ship now.
    return await redirectToPaymentProvider(context, token, orderNumber, true);
  } catch (error) {
    if (endsSession(error)) return signOutOnForbidden(request, error);
    context.logger.warn({ err: error, orderNumber }, 'integrated payment not started');
    return redirectWithToast(confirmationPath(orderNumber), failureToast(error, 'confirmation.paymentNotStarted'));
  }
}

type ConfirmationKey = 'confirmation.message.payAndShipNow' | 'confirmation.message.holdTheOrder' | 'confirmation.message.holdTheOrderUntilShippingQuote';

export default function OrderReleaseConfirmationPage() {
  const { order, confirmationType, payment } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  // A retry opens the payment pop-up; its outcome brings this page back with the order as it is now.
  usePaymentResult();
  const closing = useReportToOpener(payment === 'none' ? null : { type: 'px-payment', orderNumber: order.phonexOrderNumber, status: payment === 'paid' ? 'SUCCESS' : 'FAILURE' });
  const method = order.paymentMethod;
  const provider = method ? method.label.toLocaleUpperCase(i18n.language) : '';
  const owed = canPayNow(payment);
  const orderNumber = order.refOrderNumberOrPhonexOrderNumber;
  const messageKey: ConfirmationKey = `confirmation.message.${confirmationType}`;
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
      <p className="order-confirmation__number">{t('confirmation.orderNumber', { orderNumber })}</p>
      <p className="order-confirmation__message">{owed && method ? t('confirmation.paymentRequired', { method: method.label }) : t(messageKey, { orderNumber })}</p>
      {order.pxnsOrder ? <p className="order-confirmation__pending">{t('confirmation.pxnsPending')}</p> : null}
      {method ? <PaymentSection method={method} payment={payment} provider={provider} orderNumber={order.phonexOrderNumber} closing={closing} /> : null}
      <OrderSummaryTable order={order} />
      <p className="order-confirmation__actions">
        <Link to="/stock" className="button button--primary">
          {t('confirmation.backToStock')}
        </Link>
      </p>
    </section>
  );
}

function PaymentSection({ method, payment, provider, orderNumber, closing }: { method: NonNullable<OrderSummary['paymentMethod']>; payment: IntegratedPayment; provider: string; orderNumber: string; closing: boolean }) {
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
  const { t, i18n } = useTranslation();
  const config = useTenant();
  const money = (minor: number) => formatMinor(minor, { locale: i18n.language, ...config });
  const { charges } = order;
  const totals: [string, string, string][] = [
    ['subtotal', t('confirmation.subtotal'), money(charges.subtotal)],
    ['services', t('confirmation.servicesFee'), money(charges.additionalServicesFee)],
    ['freight', t('confirmation.freight'), charges.freightUndefined ? t('confirmation.freightPending') : money(charges.freight)],
    ['fees', t('confirmation.fees'), money(charges.paymentFee)],
    ['tax', charges.taxDescription ? t('confirmation.taxWith', { description: charges.taxDescription }) : t('confirmation.tax'), money(charges.tax)],
    ['total', t('confirmation.total'), money(charges.total)],
  ];
  return (
    <section aria-labelledby="confirmation-summary">
      <h2 id="confirmation-summary">{t('confirmation.summary')}</h2>
      <table className="data-table order-confirmation__lines">
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
              <td>{line.quantity}</td>
              <td>{money(line.unitPrice)}</td>
              <td>{money(line.extendedPrice)}</td>
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
