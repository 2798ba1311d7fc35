import { useTranslation } from '~/i18n/light-react-i18next';
import type { Charges, PricedLine } from '~/domain/checkout/charges';
import type { RacFees } from '~/domain/orders/fees';
import { formatMinor } from '~/domain/money';
import { useMoneyFormat } from '../use-money-format';
import { useCounts } from '../use-counts';

/** A placed order's totals carry the reservation and cancellation fees charged on it; a checkout's have none. */
export type TotalsView = Omit<Charges, 'totalQuantity'> & Partial<RacFees>;

/** The totals block (spec 3 §2.1): combined subtotal, additional service fees, freight, a promotion's discount and the insurance when there are, fees, tax with its description, the reservation and cancellation fees charged (untaxed) when there are, total price. */
export function OrderTotals({
  totals,
  busy = false,
  feesLabel,
}: {
  totals: TotalsView;
  busy?: boolean;
  /** Which fee "Fees" is (the payment method's). */ feesLabel?: string;
}) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const amount = (minor: number) => formatMinor(minor, money);
  return (
    <dl className="order-totals" aria-busy={busy}>
      <dt>{t('checkout.totals.subtotal')}</dt>
      <dd>{amount(totals.subtotal)}</dd>
      <dt>{t('checkout.totals.services')}</dt>
      <dd>{amount(totals.additionalServicesFee)}</dd>
      <dt>{t('checkout.totals.freight')}</dt>
      <dd>{totals.freightUndefined ? t('checkout.totals.freightPending') : amount(totals.freight)}</dd>
      {totals.freightDiscount ? (
        <>
          <dt>{t('checkout.totals.freightDiscount', { promotion: totals.promotion })}</dt>
          <dd>{amount(-totals.freightDiscount)}</dd>
        </>
      ) : null}
      {totals.insurance ? (
        <>
          <dt>{t('checkout.totals.insurance')}</dt>
          <dd>{amount(totals.insurance)}</dd>
        </>
      ) : null}
      <dt>{feesLabel ?? t('checkout.totals.fees')}</dt>
      <dd>{amount(totals.paymentFee)}</dd>
      <dt>
        {totals.taxDescription
          ? t('checkout.totals.taxWith', { description: totals.taxDescription })
          : t('checkout.totals.tax')}
      </dt>
      <dd>{amount(totals.tax)}</dd>
      {totals.reservationFee ? (
        <>
          <dt>{t('orderTerms.reservationFee')}</dt>
          <dd data-charge="reservationFee">{amount(totals.reservationFee)}</dd>
        </>
      ) : null}
      {totals.cancellationFee ? (
        <>
          <dt>{t('orderTerms.cancellationFee')}</dt>
          <dd data-charge="cancellationFee">{amount(totals.cancellationFee)}</dd>
        </>
      ) : null}
      <dt className="order-totals__total">{t('checkout.totals.total')}</dt>
      <dd className="order-totals__total">{amount(totals.total)}</dd>
    </dl>
  );
}

/** Order lines: item, quantity, unit and extended price. */
export function LineItems({ lines, caption }: { lines: PricedLine[]; caption: string }) {
  const { t } = useTranslation();
  const { number } = useCounts();
  const money = useMoneyFormat();
  return (
    <table className="data-table line-items stacked-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('checkout.item')}</th>
          <th scope="col">{t('offers.quantity')}</th>
          <th scope="col">{t('checkout.unitPrice')}</th>
          <th scope="col">{t('checkout.extendedPrice')}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.itemNumberWarehouse + line.unitPrice} data-item={line.itemNumberWarehouse}>
            <th scope="row">
              {line.description} <span className="muted">{line.itemNumber}</span>
            </th>
            <td data-label={t('offers.quantity')}>{number(line.quantity)}</td>
            <td data-label={t('checkout.unitPrice')}>{formatMinor(line.unitPrice, money)}</td>
            <td data-label={t('checkout.extendedPrice')}>{formatMinor(line.extendedPrice, money)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
