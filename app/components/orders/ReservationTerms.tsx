import { Form, Link, useNavigation } from '@remix-run/react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from '~/i18n/light-react-i18next';
import type { OrderTerms } from '~/.server/api/order-terms';
import type { ShownTerms } from '~/.server/order-terms-actions';
import { formatDateTime, formatMinor } from '~/domain/money';
import { formatFeePercent, percentToRate } from '~/domain/orders/fees';
import { LATE_PAYMENT_NOTICE_DELAY_MS, LATE_PAYMENT_NOTICE_MS } from '~/domain/orders/terms';
import { useMoneyFormat } from '../use-money-format';
import { RouteDialog } from '../RouteDialog';
import { TermsOfSaleNote } from '../TermsOfSaleNote';
import { useTimeZone } from '~/components/use-date-time';

interface Props {
  /** The terms as loadOrderTerms answered them; null draws nothing (no grace period) unless there is an error. */
  terms: ShownTerms | null;
  /** The translation key of the §8 fetch failure, shown in place of the box. */
  error?: string | null;
  /** Whether the fee dialog is open (the page's `?dialog=fees`). */
  dialogOpen: boolean;
  /** The page's URL without the dialog, and with it. */
  closeTo: string;
  feesTo: string;
  /** Where the forms post; the current route by default. */
  action?: string;
  /** The way to pay, shown once the payment is overdue (HowToPay). */
  howToPay?: ReactNode;
}

/**
 * The late-payment policy box of an order (spec 3 §2.6, §4, §6): shown with
 * isPaymentGracePeriodSectionApplicable. It says when payment is due and what it costs after, asks
 * the buyer to accept the reservation and cancellation terms, shows the fees once they run, opens
 * the fee dialog (rates per 24 hours as a percent with 2 decimals and as an amount on the current
 * order value) and offers Extend Time with canExtendPaymentTime. Every command is a plain form post.
 */
export function ReservationTerms({ terms, error, dialogOpen, closeTo, feesTo, action, howToPay }: Props) {
  const zone = useTimeZone();
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state !== 'idle' && navigation.formData?.get('intent') === intent;
  if (error) {
    return (
      <p className="notice notice--error" role="alert">
        {t(error)}
      </p>
    );
  }
  if (!terms?.isPaymentGracePeriodSectionApplicable) return null;
  const locale = i18n.language;
  const percent = (value: number) => formatFeePercent(percentToRate(value) ?? 0, locale);
  return (
    <section className="order-terms stack" aria-labelledby={headingId} data-testid="order-terms">
      <h2 id={headingId}>{t('orderTerms.heading')}</h2>
      {terms.racFeesApply ? <LatePaymentNotice /> : null}
      {terms.gracePeriodEnd ? (
        terms.overdue ? (
          <>
            <p className="notice notice--warning" data-testid="payment-overdue">
              {t('orderTerms.overdue', { date: formatDateTime(terms.gracePeriodEnd, locale, zone) })}
            </p>
            {howToPay}
          </>
        ) : (
          <p>{t('orderTerms.dueBy', { date: formatDateTime(terms.gracePeriodEnd, locale, zone) })}</p>
        )
      ) : null}
      {terms.useCurrentAccountTextForPayment ? <p>{t('orderTerms.currentAccount')}</p> : null}
      <p>
        {t('orderTerms.policy', {
          reservationPercent: percent(terms.reservationFeePercent),
          cancellationPercent: percent(terms.cancellationFeePercent),
        })}
      </p>
      <TermsOfSaleNote />
      {terms.racFeeAgreed && terms.racFeeAgreedDate ? (
        <p data-testid="terms-accepted">
          {t('orderTerms.acceptedOn', { date: formatDateTime(terms.racFeeAgreedDate, locale, zone) })}
        </p>
      ) : null}
      <FeesSoFar terms={terms} />
      {terms.racFeePeriodEnd ? (
        <p>{t('orderTerms.feesEnd', { date: formatDateTime(terms.racFeePeriodEnd, locale, zone) })}</p>
      ) : null}
      <div className="row">
        <Link to={feesTo} preventScrollReset className="button button--secondary">
          {t('orderTerms.viewFees')}
        </Link>
      </div>
      {!terms.racFeeAgreed && terms.gracePeriodEnd ? (
        <Form method="post" action={action} preventScrollReset className="stack">
          <p>{t('orderTerms.acceptPrompt')}</p>
          <input type="hidden" name="phonexOrderNumber" value={terms.phonexOrderNumber} />
          <input type="hidden" name="reservationFeePercent" value={String(terms.reservationFeePercent)} />
          <input type="hidden" name="cancellationFeePercent" value={String(terms.cancellationFeePercent)} />
          <input type="hidden" name="gracePeriodEnd" value={terms.gracePeriodEnd} />
          <div className="row">
            <button
              type="submit"
              name="intent"
              value="accept-terms"
              className="button button--primary"
              disabled={busy('accept-terms')}
            >
              {t('orderTerms.accept')}
            </button>
          </div>
        </Form>
      ) : null}
      {terms.canExtendPaymentTime ? (
        <Form method="post" action={action} preventScrollReset className="stack">
          <p>{terms.paymentTimeExtensionCustomText || t('orderTerms.extendText')}</p>
          <div className="row">
            <button
              type="submit"
              name="intent"
              value="extend-payment-time"
              className="button button--secondary"
              disabled={busy('extend-payment-time')}
            >
              {t('orderTerms.extend')}
            </button>
          </div>
        </Form>
      ) : null}
      {dialogOpen ? <FeeDialog terms={terms} closeTo={closeTo} /> : null}
    </section>
  );
}

function FeesSoFar({ terms }: { terms: OrderTerms }) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  if (!terms.racFeesApply) return null;
  return (
    <p data-testid="fees-so-far">
      {t('orderTerms.accrued', {
        reservationFee: formatMinor(terms.reservationFee, money),
        cancellationFee: formatMinor(terms.cancellationFee, money),
      })}
    </p>
  );
}

/** Spec 3 §9: appears after 0 ms and stays 300 000 ms; without JavaScript it simply stays. */
function LatePaymentNotice() {
  const { t } = useTranslation();
  const [shown, setShown] = useState(true);
  useEffect(() => {
    const show = setTimeout(() => setShown(true), LATE_PAYMENT_NOTICE_DELAY_MS);
    const hide = setTimeout(() => setShown(false), LATE_PAYMENT_NOTICE_DELAY_MS + LATE_PAYMENT_NOTICE_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(hide);
    };
  }, []);
  if (!shown) return null;
  return (
    <p className="notice notice--warning" role="status" data-testid="late-payment-notice">
      {t('orderTerms.late')}
    </p>
  );
}

/** The fee dialog: the rates per 24 hours, as a percent with 2 decimals and as an amount on the current order value. */
function FeeDialog({ terms, closeTo }: { terms: OrderTerms; closeTo: string }) {
  const { t, i18n } = useTranslation();
  const money = useMoneyFormat();
  const rows = [
    {
      key: 'reservation',
      label: t('orderTerms.reservationFee'),
      percent: terms.reservationFeePercent,
      amount: terms.reservationFeeRateAmount,
    },
    {
      key: 'cancellation',
      label: t('orderTerms.cancellationFee'),
      percent: terms.cancellationFeePercent,
      amount: terms.cancellationFeeRateAmount,
    },
  ];
  return (
    <RouteDialog title={t('orderTerms.dialogTitle')} closeTo={closeTo} width="narrow">
      <p>{t('orderTerms.dialogIntro', { value: formatMinor(terms.orderValue, money) })}</p>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{t('orderTerms.fee')}</th>
            <th scope="col">{t('orderTerms.percentPer24h')}</th>
            <th scope="col">{t('orderTerms.amountPer24h')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} data-fee={row.key}>
              <th scope="row">{row.label}</th>
              <td>{formatFeePercent(percentToRate(row.percent) ?? 0, i18n.language)}</td>
              <td>{formatMinor(row.amount, money)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </RouteDialog>
  );
}
