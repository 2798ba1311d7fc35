import { getFormProps, useForm, type FieldMetadata } from '@conform-to/react';
import type { SerializeFrom } from '@remix-run/node';
import { TermsOfSaleNote } from '../TermsOfSaleNote';
import type { ShouldRevalidateFunction } from '@remix-run/react';
import { Form, Link, useActionData, useFetcher, useLoaderData, useLocation, useNavigation } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '~/i18n/light-react-i18next';
import type { CheckoutActionData, checkoutScreenLoader } from './checkout-screen.server';
import { INTEGRATED_PAYPAL } from '~/domain/checkout/options';
import { PAYMENT_WINDOW } from '~/domain/checkout/payment';
import { releaseQuestionKey, releaseTitleKey } from '~/domain/checkout/release';
import { storeHandOff } from '~/domain/checkout/stored-hand-off';
import { applyChange, changeNotices, type Row, type Selection } from '~/domain/checkout/selection';
import { formatDateTime, formatMinor } from '~/domain/money';
import { PageHeader } from '../PageHeader';
import { RouteDialog } from '../RouteDialog';
import { useHydrated } from '../use-hydrated';
import { LineItems, OrderTotals } from './OrderTotals';
import { FinalizeRows, SELECTION_FIELD_ORDER, SelectionRows, useSelectionErrorText } from './SelectionRows';
import { ErrorSummary } from '../ErrorSummary';
import { Field } from '../Field';
import { REFERENCE_MAX_LENGTH } from '~/domain/orders/reference';
import { useFeesLabel } from './charge-words';
import { PayingElsewhere, useLostPaymentWindow, usePaymentWindow } from './PayingElsewhere';
import { useMoneyFormat } from '../use-money-format';
import { STICKY_BAR, useFocusRow, useRowEditHref } from './use-rows';
import { useTexts } from '~/i18n/use-texts';
import { useTimeZone } from '~/components/use-date-time';

type LoaderData = SerializeFrom<ReturnType<typeof checkoutScreenLoader>>;
/** The checkout's form, as the action's replies name it (CHECKOUT_FORM). */
const FORM_ID = 'checkout';
/**
 * Opens the 600×700 payment pop-up and lets this one submission load in it (the provider's page comes
 * back there). The form is a plain one while paying online (reloadDocument): a fetch cannot target a window.
 */
function intoPaymentWindow(form: HTMLFormElement | null, open: () => Window | null) {
  if (!form || !open()) return;
  form.target = PAYMENT_WINDOW;
  setTimeout(() => form.removeAttribute('target'), 0);
}

/** The checkout screen (spec 3 §2.1) and, for an open order, Review and Update Order (§2.2). */
export function CheckoutScreen() {
  useTexts('checkout', 'dialog', 'offers', 'orders');
  const data = useLoaderData<LoaderData>();
  const answered = useActionData<CheckoutActionData>();
  // An answer is shown once its navigation has ended. React Router gives it while the page's data is
  // still being read again, and the location (part of the key below) changes only then: shown at once,
  // the form started again twice, the first time with its rows disabled, so that a buyer quick to
  // follow the error summary's link saw the focus go nowhere, then back to the summary.
  const navigation = useNavigation();
  const [action, setAction] = useState(answered);
  if (navigation.state === 'idle' && action !== answered) setAction(answered);
  // Kept outside the form: the form starts again from each answer, the page stays hydrated.
  const hydrated = useHydrated();
  const location = useLocation();
  const { payload } = data;
  const paying = usePaymentWindow(useLostPaymentWindow(payload.submissionKey));
  useEffect(() => {
    storeHandOff(window.localStorage, {
      warehouseCode: payload.warehouse.code,
      warehouseLabel: payload.warehouse.label,
      offerIds: payload.lineItems.map((l) => l.offerId),
      salesOrder: payload.onHoldSalesOrder?.orderNumber ?? null,
    });
  }, [payload]);
  // What the server answered last is the state to start from; the same answer again changes nothing.
  // Each answer is a navigation of its own: a DONE that saves what was already saved answers the same
  // data, yet the rows opened in the browser since must close.
  const answer = JSON.stringify([
    data.payload.selection,
    data.open,
    action?.kind === 'charges' ? null : (action ?? null),
    location.key,
  ]);
  return <CheckoutForm key={answer} data={data} action={action} hydrated={hydrated} paying={paying} />;
}

/** A recalculation of the charges changes nothing the loader shows. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get('intent') !== 'charges' && defaultShouldRevalidate;

function CheckoutForm({
  data,
  action,
  hydrated,
  paying,
}: {
  data: LoaderData;
  action: CheckoutActionData | undefined;
  hydrated: boolean;
  paying: ReturnType<typeof usePaymentWindow>;
}) {
  const zone = useTimeZone();
  const { t, i18n } = useTranslation();
  const money = useMoneyFormat();
  const location = useLocation();
  const navigation = useNavigation();
  const charges = useFetcher<CheckoutActionData>();
  const formRef = useRef<HTMLFormElement>(null);
  const { payload, kind } = data;
  const { options, orderSize: size } = payload;
  const rowsAnswer = action?.kind === 'rows' && action.form === FORM_ID ? action : null;
  // The form starts again from each answer (see CheckoutScreen): Conform's state is that answer's.
  const [form, fields] = useForm<Record<string, string | string[]>>({
    id: FORM_ID,
    lastResult: rowsAnswer?.result,
    constraint: data.constraint,
  });
  const [selection, setSelection] = useState<Selection>(rowsAnswer?.rows.selection ?? payload.selection);
  const [open, setOpen] = useState<Row[]>(rowsAnswer?.rows.open ?? data.open);
  // Notices beside the rows: the answer's, and those a change raised here since (posted with the form).
  const answered = rowsAnswer ? (rowsAnswer.rows.notices ?? []) : data.notices;
  const [raised, setRaised] = useState<Row[]>([]);
  const [changed, setChanged] = useState(0);

  // A refused DONE points at its reason; a refused order is told by the error summary, which takes the focus.
  useFocusRow(rowsAnswer?.rows.done ? rowsAnswer.rows : null);
  const errorText = useSelectionErrorText(options, size);

  // Charges follow the choice about half a second after the last change (spec 3 §9).
  useEffect(() => {
    if (!changed || !formRef.current) return;
    const timer = setTimeout(() => {
      const form = new FormData(formRef.current!);
      form.set('intent', 'charges');
      charges.submit(form, { method: 'post' });
    }, 500);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [changed]);

  const onChange = (change: Partial<Selection>) => {
    const next = applyChange(selection, { ...selection, ...change }, options, size);
    const notices = changeNotices(selection, next, options, size);
    setSelection(next);
    setRaised((rows) => [
      ...new Set([
        ...rows.filter((row) => row !== 'paymentMethod' || next.paymentMethodCode === selection.paymentMethodCode),
        ...notices,
      ]),
    ]);
    if (notices.includes('paymentMethod'))
      setOpen((rows) => (rows.includes('paymentMethod') ? rows : [...rows, 'paymentMethod']));
    setChanged((n) => n + 1);
  };
  const totals =
    charges.data?.kind === 'charges' && changed ? charges.data.charges : (rowsAnswer?.charges ?? payload.charges);
  const feesLabel = useFeesLabel(options.paymentMethods.find((p) => p.code === selection.paymentMethodCode));
  // A payment method chosen here answers the notice to choose it.
  const notices = [
    ...new Set([
      ...answered.filter(
        (row) =>
          row !== 'paymentMethod' ||
          selection.paymentMethodCode === (rowsAnswer?.rows.selection ?? payload.selection).paymentMethodCode,
      ),
      ...raised,
    ]),
  ];
  const editHref = useRowEditHref();
  const here = `${location.pathname}${location.search}`;
  const payingOnline = selection.paymentMethodCode === INTEGRATED_PAYPAL;
  const releaseKey = releaseTitleKey(selection.shippingMethodCode, data.salesOrderUpdateMethod);
  const releaseQuestion = releaseQuestionKey(releaseKey);
  const releaseDisabled = data.payAndShipNowDisabled && releaseKey !== 'checkout.release.holdUntilQuote';
  const busy = navigation.state !== 'idle';
  const submitsOrder = (intent: string) => () => {
    if (payingOnline && hydrated && (intent !== 'release' || !data.payAndShipNowWarning))
      intoPaymentWindow(formRef.current, paying.open);
  };
  const update = kind === 'update' ? payload.onHoldSalesOrder : null;
  const blocked = rowsAnswer?.rows.blocked;

  const releaseButtons = update ? (
    <button type="submit" name="intent" value="update" className="button button--primary" disabled={busy}>
      {t('checkout.updateOrder')}
    </button>
  ) : (
    <>
      <button
        type="submit"
        name="intent"
        value="hold"
        className="button button--secondary"
        disabled={busy}
        onClick={submitsOrder('hold')}
      >
        {t('checkout.holdOrder')}
      </button>
      <button
        type="submit"
        name="intent"
        value="release"
        className="button button--primary"
        disabled={busy || releaseDisabled}
        onClick={submitsOrder('release')}
      >
        {t(releaseKey)}
      </button>
    </>
  );

  return (
    <section className="page checkout">
      <PageHeader
        backTo="/cart"
        backLabel={t('checkout.backToCart')}
        title={update ? t('checkout.reviewTitle') : t('checkout.heading')}
      />
      {update ? (
        <p className="lead">
          {t('checkout.lastUpdated', {
            ref: update.refOrderNumberOrPhonexOrderNumber,
            date: formatDateTime(update.lastUpdateDate, i18n.language, zone),
          })}
        </p>
      ) : null}
      <p className="muted">{t('checkout.warehouse', { warehouse: payload.warehouse.label })}</p>
      <TermsOfSaleNote />
      {data.payAndShipNowDisabled ? (
        <p className="banner banner--info" role="note">
          {t('checkout.payAndShipNowDisabled')}
        </p>
      ) : null}
      {/* A submission takes over from a recalculation still waiting. */}
      <Form
        method="post"
        {...getFormProps(form)}
        ref={formRef}
        reloadDocument={payingOnline}
        preventScrollReset
        onSubmit={(event) => {
          setChanged(0);
          form.onSubmit(event);
        }}
      >
        <input type="hidden" name="submissionKey" value={payload.submissionKey} />
        {raised.map((row) => (
          <input key={row} type="hidden" name="notice" value={row} />
        ))}
        {update ? <input type="hidden" name="version" value={update.version} /> : null}
        <div className="checkout-summary-bar" role="region" aria-label={t('checkout.summaryBar')} {...STICKY_BAR}>
          <span>
            {t('text.labelled', { label: t('checkout.totals.total') })}{' '}
            <strong>{formatMinor(totals.total, money)}</strong>
          </span>
          <span className="checkout-summary-bar__actions">{releaseButtons}</span>
        </div>
        {paying.popup ? <PayingElsewhere popup={paying.popup} /> : null}
        {rowsAnswer && !rowsAnswer.rows.done ? (
          <ErrorSummary
            form={{ id: form.id, errors: rowsAnswer.result.error }}
            order={[...SELECTION_FIELD_ORDER, 'refOrderNumber']}
            text={errorText}
            lead={
              // The spec's sentence; the fields to finish are the summary's links.
              blocked?.length ? <FinalizeRows rows={blocked} linked={false} /> : null
            }
          />
        ) : null}
        {/* While an answer is on its way the rows wait: a change made now would be lost when it comes. */}
        <fieldset className="plain-fieldset" disabled={busy}>
          <SelectionRows
            options={options}
            size={size}
            selection={selection}
            open={open}
            fields={fields}
            notices={notices}
            refusedDone={rowsAnswer?.rows.done}
            revalidate={changed > 0}
            withDone
            editHref={editHref}
            onChange={hydrated ? onChange : undefined}
            onEdit={hydrated ? (row) => setOpen((rows) => (rows.includes(row) ? rows : [...rows, row])) : undefined}
          />
        </fieldset>
        <section className="checkout-bottom" aria-labelledby="checkout-summary-title">
          <h2 id="checkout-summary-title">{t('checkout.orderSummary')}</h2>
          {update ? <LineItems lines={update.lineItems} caption={t('checkout.linesInOrder')} /> : null}
          <LineItems lines={payload.lineItems} caption={update ? t('checkout.linesAdded') : t('checkout.lines')} />
          <OrderTotals totals={totals} busy={charges.state !== 'idle'} feesLabel={feesLabel} />
          {/* The buyer's own reference (the order's refOrderNumber, their PO number): a new order only. */}
          {update ? null : (
            <Field
              field={fields.refOrderNumber as FieldMetadata<string | undefined>}
              label={t('checkout.reference.label')}
              type="text"
              autoComplete="off"
              hint={t('checkout.reference.hint', { max: REFERENCE_MAX_LENGTH })}
              maxLength={REFERENCE_MAX_LENGTH}
              defaultValue={data.reference}
              className="checkout-reference"
            />
          )}
          <p className="checkout-actions">{releaseButtons}</p>
        </section>
        {action?.kind === 'confirm' && !paying.popup ? (
          <RouteDialog
            title={action.dialog === 'update' ? t('checkout.updateConfirm') : t(releaseKey)}
            closeTo={here}
            width="narrow"
          >
            <p>
              {action.dialog === 'update'
                ? t('checkout.cannotBeUndone')
                : releaseQuestion
                  ? t(releaseQuestion)
                  : data.payAndShipNowWarning}
            </p>
            <p className="dialog-actions">
              <Link to={here} className="button button--secondary" preventScrollReset>
                {t('checkout.cancel')}
              </Link>
              <button
                type="submit"
                name="intent"
                value={action.dialog === 'update' ? 'update-confirmed' : 'release-confirmed'}
                className="button button--primary"
                disabled={busy}
                onClick={action.dialog === 'release' ? submitsOrder('release-confirmed') : undefined}
              >
                {action.dialog === 'update' ? t('checkout.updateOrder') : t(releaseKey)}
              </button>
            </p>
          </RouteDialog>
        ) : null}
      </Form>
    </section>
  );
}
