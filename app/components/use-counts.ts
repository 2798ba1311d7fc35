import { useTranslation } from '~/i18n/light-react-i18next';
import { badgeCount, localQuantity } from '~/domain/stock/quantity';
import { numberText } from '~/domain/intl';

/** "1 item", "16,733+ units", "1,519": counts in the language's plural forms and number format. */
export function useCounts() {
  const { t, i18n } = useTranslation();
  const number = numberText(i18n.language);
  return {
    number,
    /** A quantity as the stock list displays it ("16733+"), in the language's digits. */
    displayed: (display: string) => localQuantity(display, i18n.language).text,
    /** A count badge's number, capped, in the language's digits ("1,234", "999 999+"). */
    badge: (count: number) => localQuantity(badgeCount(count), i18n.language).text,
    items: (count: number) => t('stock.itemCount', { count, items: count }),
    units: (display: string) => {
      const { count, text } = localQuantity(display, i18n.language);
      return t('stock.unitCount', { count: Number.isNaN(count) ? 2 : count, quantity: text });
    },
  };
}
