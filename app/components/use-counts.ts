import { useTranslation } from '~/i18n/light-react-i18next';
import { localQuantity } from '~/domain/stock/quantity';
import { numberText } from '~/domain/intl';

/** "1 item", "16,733+ units": counts in the language's plural forms and number format. */
export function useCounts() {
  const { t, i18n } = useTranslation();
  return {
    items: (count: number) => t('stock.itemCount', { count, items: numberText(i18n.language)(count) }),
    units: (display: string) => {
      const { count, text } = localQuantity(display, i18n.language);
      return t('stock.unitCount', { count: Number.isNaN(count) ? 2 : count, quantity: text });
    },
  };
}
