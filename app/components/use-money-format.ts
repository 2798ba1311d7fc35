import { useTranslation } from '~/i18n/light-react-i18next';
import { moneyFormatter, type MoneyFormat } from '~/domain/money';
import { useTenant } from './use-tenant';

/** The tenant's money format in the page's language. */
export function useMoneyFormat(): MoneyFormat {
  const { i18n } = useTranslation();
  const { currencyCode, currencySymbol, currencyPrecision } = useTenant();
  return { locale: i18n.language, currencyCode, currencySymbol, currencyPrecision };
}

/** Amounts shown in the tenant's money format (the same function for the same format). */
export function useMoney(): (amount: number) => string {
  return moneyFormatter(useMoneyFormat());
}
