import { useTranslation } from '~/i18n/light-react-i18next';
import { BILL_MY_ACCOUNT, type Fee, type PaymentMethod, type ShippingMethod } from '~/domain/checkout/options';
import { formatMinor } from '~/domain/money';
import { useMoneyFormat } from '../use-money-format';

/** A fee's rule in words: "$25.00 per order", "2.9% of the total" (rates are basis points). */
export function useFeeRule(): (fee: Fee) => string {
  const { t, i18n } = useTranslation();
  const money = useMoneyFormat();
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 2 });
  return (fee) =>
    t(`checkout.fee.${fee.type}`, {
      amount: formatMinor(fee.value, money),
      percent: percent.format(fee.value / 10_000),
    });
}

/** The totals' "Fees" named after the payment method that charges them, with its rule. */
export function useFeesLabel(payment: PaymentMethod | undefined): string {
  const { t } = useTranslation();
  const rule = useFeeRule();
  return payment?.fee
    ? t('checkout.totals.feesOf', { method: payment.label, rule: rule(payment.fee) })
    : t('checkout.totals.fees');
}

/**
 * Beside a shipping method: what it costs for this order to the chosen address (when the checkout
 * priced it) and how long delivery takes, so that methods can be compared before choosing.
 */
export function MethodQuote({
  method,
  freights,
}: {
  method: ShippingMethod;
  freights: Record<string, number | null> | undefined;
}) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const priced = freights && method.code in freights;
  const freight = freights?.[method.code];
  const price = !priced
    ? null
    : method.code === BILL_MY_ACCOUNT
      ? t('checkout.methodPrice.ownCarrier')
      : freight === null || freight === undefined
        ? t('checkout.methodPrice.quoted')
        : freight === 0
          ? t('checkout.methodPrice.free')
          : formatMinor(freight, money);
  if (!price && !method.deliveryEstimate) return null;
  return (
    <span className="method-quote" data-method-quote={method.code}>
      {price ? <span className="method-quote__price">{price}</span> : null}
      {method.deliveryEstimate ? <span className="method-quote__estimate muted">{method.deliveryEstimate}</span> : null}
    </span>
  );
}
