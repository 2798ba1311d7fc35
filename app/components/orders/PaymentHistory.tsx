import { useTranslation } from '~/i18n/light-react-i18next';
import { formatDateTime, formatMinor } from '~/domain/money';
import { paymentEntryText, signedAmount, type PaymentHistoryEntry } from '~/domain/orders/payment-history';
import { useMoneyFormat } from '../use-money-format';
import { useTimeZone } from '../use-date-time';

/** Each row of the order's payment ledger on a line of its own, oldest first: what the paid amount above adds up from. */
export function PaymentHistory({ entries }: { entries: PaymentHistoryEntry[] }) {
  const { t, i18n } = useTranslation();
  const money = useMoneyFormat();
  const zone = useTimeZone();
  if (!entries.length) return null;
  return (
    <div className="payment-history">
      <table className="data-table" aria-describedby="payment-history-note">
        <caption>{t('payment.history.heading')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('payment.history.date')}</th>
            <th scope="col">{t('payment.history.description')}</th>
            <th scope="col" className="payment-history__amount">
              {t('payment.history.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry, index) => {
            const { key, returnNumber } = paymentEntryText(entry);
            return (
              <tr key={index} data-ledger={entry.kind}>
                <td>{formatDateTime(entry.at, i18n.language, zone)}</td>
                <td>{t(`payment.history.${key}`, { returnNumber })}</td>
                <td className="payment-history__amount">{formatMinor(signedAmount(entry), money)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p id="payment-history-note" className="visually-hidden">
        {t('payment.history.caption')}
      </p>
    </div>
  );
}
