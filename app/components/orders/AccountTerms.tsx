import type { ReactNode } from 'react';
import { useTranslation } from '~/i18n/light-react-i18next';
import type { OrderDetails } from '~/.server/api/order-details';
import { formatDateTime } from '~/domain/money';
import { useTimeZone } from '~/components/use-date-time';

type Terms = NonNullable<OrderDetails['salesOrder']['accountTerms']>;

/**
 * When an order on account (net terms) is due (issue 51): its terms' days from the invoice, with the
 * due date once it is invoiced, the current-account text where the tenant's terms carry it, and
 * once overdue, how to pay. No grace period, fees or ACCEPT TERMS: those are for methods paid
 * before shipping (ReservationTerms).
 */
export function AccountTerms({ terms, howToPay }: { terms: Terms; howToPay: ReactNode }) {
  const zone = useTimeZone();
  const { t, i18n } = useTranslation();
  const date = (iso: string) => formatDateTime(iso, i18n.language, zone);
  const values =
    terms.dueDate && terms.invoicedAt
      ? { date: date(terms.dueDate), days: terms.termsDays, invoiced: date(terms.invoicedAt) }
      : null;
  return (
    <div className="stack" data-testid="account-terms">
      {values === null ? (
        <p>{t('orderTerms.account.notInvoiced', { days: terms.termsDays })}</p>
      ) : terms.overdue ? (
        <p className="notice notice--warning" data-testid="payment-overdue">
          {t('orderTerms.account.overdue', values)}
        </p>
      ) : (
        <p>{t('orderTerms.account.dueBy', values)}</p>
      )}
      {terms.useCurrentAccountTextForPayment ? <p>{t('orderTerms.currentAccount')}</p> : null}
      {terms.overdue ? howToPay : null}
    </div>
  );
}

/**
 * The way to pay an overdue order: the pop-up payment where the order is paid online (the button of
 * the payment section, which this links to), else the method's own instructions. Nothing when the
 * method has neither.
 */
export function HowToPay({ payOnline, instructions }: { payOnline: boolean; instructions: string }) {
  const { t } = useTranslation();
  if (payOnline) {
    return (
      <p>
        <a href="#pay-now" className="button button--primary">
          {t('orderTerms.payNow')}
        </a>
      </p>
    );
  }
  return instructions ? <p data-testid="how-to-pay">{t('orderTerms.howToPay', { instructions })}</p> : null;
}
