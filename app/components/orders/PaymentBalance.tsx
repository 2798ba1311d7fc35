import { Fragment } from 'react';
import { useTranslation } from '~/i18n/light-react-i18next';
import type { PaymentBalanceView } from '~/.server/api/checkout';
import { formatMinor } from '~/domain/money';
import { useMoneyFormat } from '../use-money-format';

/** What the order's ledger says, as term and amount pairs: paid so far, then the balance still due or the credit owed back. */
export function usePaymentBalanceRows(
  payment: PaymentBalanceView,
  returnCredit = 0,
): [name: 'paid' | 'returnCredit' | 'balance' | 'credit', label: string, amount: string][] {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const amount = (minor: number) => formatMinor(minor, money);
  return [
    ['paid', t('payment.amountPaid'), amount(payment.amountPaid)],
    ...(returnCredit > 0
      ? [['returnCredit', t('payment.returnCredit'), amount(returnCredit)] as ['returnCredit', string, string]]
      : []),
    payment.creditDue > 0
      ? ['credit', t('payment.creditDue'), amount(payment.creditDue)]
      : ['balance', t('payment.balanceDue'), amount(payment.balanceDue)],
  ];
}

/** Paid (with what returns credited, when any) and balance due (or credit due) as a definition list, under an order's totals. */
export function PaymentBalance({ payment, returnCredit }: { payment: PaymentBalanceView; returnCredit?: number }) {
  const rows = usePaymentBalanceRows(payment, returnCredit);
  return (
    <dl className="order-totals order-totals--payment" data-payment-balance="">
      {rows.map(([name, label, value]) => (
        <Fragment key={name}>
          <dt>{label}</dt>
          <dd data-payment={name}>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
