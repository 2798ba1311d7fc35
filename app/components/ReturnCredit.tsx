import { useTranslation } from '~/i18n/light-react-i18next';
import { formatMinor, type MoneyFormat } from '~/domain/money';
import { creditShown } from '~/domain/returns/rules';

/** A return's credit as its status allows: the amount credited, or the word for a credit still to come or never coming. */
export function ReturnCredit({ status, amount, money }: { status: string; amount: number; money: MoneyFormat }) {
  const { t } = useTranslation();
  const shown = creditShown(status);
  if (shown === 'amount') return <>{formatMinor(amount, money)}</>;
  return <span className="muted">{t(shown === 'pending' ? 'returns.credit.pending' : 'returns.credit.none')}</span>;
}
