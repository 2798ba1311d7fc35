import { useTranslation } from 'react-i18next';
import type { MoneyFormat } from '~/domain/money';
import { useTenant } from '../use-tenant';

/** The tenant's money format in the page's language. */
export function useMoneyFormat(): MoneyFormat {
  const { i18n } = useTranslation();
  const { currencyCode, currencySymbol, currencyPrecision } = useTenant();
  return { locale: i18n.language, currencyCode, currencySymbol, currencyPrecision };
}
