import type { SerializeFrom } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react';
import { useEffect } from 'react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { orderDetailsAction, orderDetailsLoader, type OrderActionData } from './order-details.server';
import { PageHeader } from '~/components/PageHeader';
import { titled } from '~/components/page-title';
import { RouteDialog } from '~/components/RouteDialog';
import { useFocusRow } from '~/components/checkout/use-rows';
import { OrderChoiceForm } from '~/components/orders/OrderChoiceForm';
import { OrderChoiceSummary } from '~/components/orders/OrderChoiceSummary';
import { OrderExports } from '~/components/orders/OrderExports';
import { OrderItemsGrid } from '~/components/orders/OrderItemsGrid';
import { OrderSubtotal } from '~/components/orders/OrderSubtotal';
import { FinalizeFirst, PendingChangesBar } from '~/components/orders/PendingChangesBar';
import { ReservationTerms } from '~/components/orders/ReservationTerms';
import { StatusChip } from '~/components/orders/StatusChip';
import { PayNowForm } from '~/components/checkout/PayNowForm';
import { usePaymentResult } from '~/components/checkout/usePaymentResult';
import { PaymentBalance } from '~/components/orders/PaymentBalance';
import { PaymentHistory } from '~/components/orders/PaymentHistory';
import { AccountTerms, HowToPay } from '~/components/orders/AccountTerms';
import { PickUpLocationBlock } from '~/components/orders/PickUpLocation';
import { INTEGRATED_PAYPAL } from '~/domain/checkout/options';
import { paysBalanceOnline } from '~/domain/checkout/payment';
import { ROWS } from '~/domain/checkout/selection';
import { clearHandOffOf } from '~/domain/checkout/stored-hand-off';
import { formatDateTime, formatMinor } from '~/domain/money';
import { useMoneyFormat } from '~/components/use-money-format';
import { cannotBeEdited, ROW_PERMISSION } from '~/domain/orders/permissions';
import { paymentMethodOfTotals } from '~/domain/orders/pending';
import { useTexts } from '~/i18n/use-texts';
import { useCanBuy } from '~/components/use-can-buy';
import { useTimeZone } from '~/components/use-date-time';

export const meta = titled('pageTitle.orderDetails');
export const loader = orderDetailsLoader;
export const action = orderDetailsAction;

type LoaderData = SerializeFrom<typeof orderDetailsLoader>;
type Loaded = Extract<LoaderData, { details: unknown }>;

/** Tracking numbers mean nothing before the first shipment (spec 3 §2.6). */
const SHOWS_TRACKING = ['PARTIALLY_SHIPPED', 'SHIPPED', 'INVOICED'];

/** Order details, spec 3 §2.6: the order, its billing and shipping, its items, pending changes saved at once, release and cancel. */
export default function OrderDetailsPage() {
  const zone = useTimeZone();
  useTexts(
    'buyAgain',
    'cart',
    'checkout',
    'confirmation',
    'dialog',
    'offers',
    'orderDocuments',
    'orderTerms',
    'orders',
    'payment',
  );
  // Paying the balance opens the provider's pop-up; its outcome brings the thank-you page.
  usePaymentResult();
  const data = useLoaderData<typeof loader>() as Loaded;
  const answer = useActionData<OrderActionData>();
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const location = useLocation();
  const money = useMoneyFormat();
  const { details, settings } = data;
  const { salesOrder: order, permission, orderOptions: options, pending, preview } = details;
  const busy = navigation.state !== 'idle';
  const buyAgain = useCanBuy();
  const here = `${location.pathname}${location.search}`;
  const totals = pending.count ? preview.charges : order.charges;
  const paymentMethodLabel = paymentMethodOfTotals(
    pending.count,
    preview.selection.paymentMethodCode,
    options?.paymentMethods,
    order.paymentMethodLabel,
  );
  const feesLabel = paymentMethodLabel ? t('confirmation.feesOf', { method: paymentMethodLabel }) : undefined;
  // The provider's page is another site's (or no route of ours): the release goes there as a full page.
  const payingOnline = preview.selection.paymentMethodCode === INTEGRATED_PAYPAL;
  // Once on the page, not three times (decision 031): one set of totals, one set of buttons.
  const subtotal = (
    <OrderSubtotal
      totals={totals}
      feesLabel={feesLabel}
      permission={permission}
      status={order.fulfillmentStatus}
      version={order.version}
      payAndShipNowDisabled={data.payAndShipNowDisabled}
      payingOnline={payingOnline}
      busy={busy}
    />
  );
  const owesOnline = paysBalanceOnline({
    paymentMethodCode: order.selection.paymentMethodCode ?? null,
    paymentStatus: order.paymentStatus,
    fulfillmentStatus: order.fulfillmentStatus,
    balanceDue: order.payment.balanceDue,
  });
  const howToPay = <HowToPay payOnline={owesOnline} instructions={order.paymentInstructions} />;
  const rowsAnswer = answer?.kind === 'rows' ? answer : null;
  const editableRows = ROWS.filter((row) => permission[ROW_PERMISSION[row]]);
  const date = (iso: string) => formatDateTime(iso, i18n.language, zone);
  const dialogSearch = (open: boolean) => {
    const search = new URLSearchParams(location.search);
    if (open) search.set('dialog', 'fees');
    else search.delete('dialog');
    return `${location.pathname}${search.size ? `?${search}` : ''}`;
  };
  const withDialog = dialogSearch(true);
  const withoutDialog = dialogSearch(false);

  // Updated from the checkout: the hand-off the browser kept for this order is done with (spec 3 §9).
  useEffect(() => {
    clearHandOffOf(window.localStorage, order.phonexOrderNumber);
  }, [order.phonexOrderNumber]);

  useFocusRow(rowsAnswer?.rows);

  return (
    <section className="page order-details">
      <PageHeader
        backTo="/orders"
        backLabel={t('orders.details.back')}
        title={t('orders.details.title', { order: order.refOrderNumberOrPhonexOrderNumber })}
      />
      {/* The order's document and follow-up actions, one row under its title. */}
      <div className="order-actions">
        <OrderExports
          orderNumber={order.phonexOrderNumber}
          manifestSummary={data.manifestSummary}
          fulfillmentStatus={order.fulfillmentStatus}
          showInvoiceFulfillmentStatuses={settings?.showInvoiceFulfillmentStatuses ?? []}
        />
        {data.canRequestReturn ? (
          <Link
            to={`/returns/new?order=${encodeURIComponent(order.phonexOrderNumber)}`}
            className="button button--secondary"
          >
            {t('orders.details.requestReturn')}
          </Link>
        ) : null}
        {buyAgain ? (
          <Link
            to={`/orders/${encodeURIComponent(order.phonexOrderNumber)}/buy-again`}
            className="button button--secondary"
          >
            {t('buyAgain.action')}
          </Link>
        ) : null}
      </div>
      <dl className="order-meta">
        <dt>{t('orders.details.fulfillmentStatus')}</dt>
        <dd>
          <StatusChip statuses={settings?.fulfillmentStatuses ?? []} code={order.fulfillmentStatus} />
        </dd>
        <dt>{t('orders.details.paymentStatus')}</dt>
        <dd>
          <StatusChip statuses={settings?.paymentStatuses ?? []} code={order.paymentStatus} />
        </dd>
        <dt>{t('orders.details.created')}</dt>
        <dd>{date(order.createDate)}</dd>
        <dt>{t('orders.details.updated')}</dt>
        <dd>{date(order.updateDate)}</dd>
        <dt>{t('orders.details.warehouse')}</dt>
        <dd>{order.warehouse}</dd>
        {order.auctionLot ? (
          <>
            <dt>{t('orders.details.auctionLot')}</dt>
            <dd>
              <Link to={`/auctions/${order.auctionLot.id}`}>{order.auctionLot.title}</Link>
            </dd>
          </>
        ) : null}
        {order.refOrderNumber ? (
          // The title says the buyer's reference: the order's own number is said here.
          <>
            <dt>{t('orders.details.reference')}</dt>
            <dd>{order.refOrderNumber}</dd>
            <dt>{t('orders.details.orderNumber')}</dt>
            <dd>{order.phonexOrderNumber}</dd>
          </>
        ) : null}
        {SHOWS_TRACKING.includes(order.fulfillmentStatus) && order.trackingNumbers.length ? (
          <>
            <dt>{t('orders.details.trackingNumbers')}</dt>
            <dd>{order.trackingNumbers.join(', ')}</dd>
          </>
        ) : null}
        {order.pxnsOrder ? (
          <>
            <dt>{t('orders.details.network')}</dt>
            <dd>{t('orders.details.networkOrder')}</dd>
          </>
        ) : null}
      </dl>
      {data.payAndShipNowDisabled && permission.canPayAndShipNow ? (
        <p className="banner banner--info" role="note">
          {t('checkout.payAndShipNowDisabled')}
        </p>
      ) : null}
      {cannotBeEdited(order.fulfillmentStatus, options !== null) ? (
        <p className="banner banner--info" role="note">
          {t('orders.details.cannotBeEdited')}
        </p>
      ) : null}
      {answer?.kind === 'blocked' ? <FinalizeFirst rows={answer.rows} line={answer.line} /> : null}
      <PendingChangesBar count={pending.count} version={order.version} busy={busy} />
      {subtotal}
      <section className="order-section order-payment" aria-labelledby="order-payment-title">
        <h2 id="order-payment-title">{t('payment.heading')}</h2>
        <PaymentBalance payment={order.payment} returnCredit={order.returnCredit} />
        {order.accountTerms ? <AccountTerms terms={order.accountTerms} howToPay={howToPay} /> : null}
        {owesOnline ? (
          <PayNowForm
            action={`/orders/order-release-confirmation?order=${encodeURIComponent(order.phonexOrderNumber)}`}
            intent="payNow"
            id="pay-now"
          >
            {t('payment.payBalance', { provider: order.paymentMethodLabel.toLocaleUpperCase(i18n.language) })}
          </PayNowForm>
        ) : null}
        <PaymentHistory entries={order.paymentHistory} />
      </section>

      <section className="order-section" aria-labelledby="order-choice-title">
        <h2 id="order-choice-title">{t('orders.details.billingAndShipping')}</h2>
        {order.pickUp ? <PickUpLocationBlock location={order.pickUp} level={3} /> : null}
        {options && editableRows.length ? (
          <OrderChoiceForm
            options={options}
            size={preview.orderSize}
            selection={preview.selection}
            open={data.open}
            reply={rowsAnswer}
            constraint={data.choiceConstraint}
            editable={editableRows}
            busy={busy}
          />
        ) : (
          <OrderChoiceSummary order={order} />
        )}
      </section>
      {permission.isPaymentGracePeriodSectionApplicable ? (
        <ReservationTerms
          terms={data.terms.terms}
          error={data.terms.error}
          dialogOpen={data.feesDialogOpen}
          closeTo={withoutDialog}
          feesTo={withDialog}
          howToPay={howToPay}
        />
      ) : null}

      <OrderItemsGrid
        items={order.items}
        totalItems={data.totalItems}
        pages={data.pages}
        pageSize={data.pageSize}
        permission={permission}
        editLine={data.editLine}
        constraint={data.linesConstraint}
        maxDisplayed={data.maxDisplayed}
        busy={busy}
      />

      {answer?.kind === 'confirm' ? (
        <RouteDialog
          title={answer.dialog === 'release' ? t('orders.details.payAndShipNow') : t('orders.details.cancelOrder')}
          closeTo={here}
          width="narrow"
        >
          <p>{answer.dialog === 'release' ? settings?.payAndShipNowWarning : t('orders.details.cancelConfirm')}</p>
          {answer.dialog === 'cancel' && answer.feeChanged ? (
            <p role="alert">{t('orders.details.cancelFeeChanged')}</p>
          ) : null}
          {answer.dialog === 'cancel' && answer.cancellationFee > 0 ? (
            <p data-testid="cancellation-fee">
              {t('orders.details.cancelFee', { fee: formatMinor(answer.cancellationFee, money) })}
            </p>
          ) : null}
          <Form method="post" className="dialog-actions" preventScrollReset reloadDocument={payingOnline}>
            <input type="hidden" name="version" value={order.version} />
            {answer.dialog === 'cancel' ? (
              <input type="hidden" name="cancellationFee" value={answer.cancellationFee} />
            ) : null}
            <Link to={here} className="button button--secondary" preventScrollReset>
              {answer.dialog === 'release' ? t('checkout.cancel') : t('orders.details.keepOrder')}
            </Link>
            <button
              type="submit"
              name="intent"
              value={answer.dialog === 'release' ? 'release-confirmed' : 'cancel-order-confirmed'}
              className="button button--primary"
              disabled={busy}
            >
              {answer.dialog === 'release' ? t('orders.details.payAndShipNow') : t('orders.details.cancelOrder')}
            </button>
          </Form>
        </RouteDialog>
      ) : null}
    </section>
  );
}
