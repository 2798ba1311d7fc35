export interface MoneyFormat {
  locale: string;
  currencySymbol: string;
  currencyPrecision: number;
}

/** Money as the tenant shows it: its symbol, its precision, the language's separators. */
export function formatMoney(amount: number, format: MoneyFormat): string {
  const number = new Intl.NumberFormat(format.locale, {
    minimumFractionDigits: format.currencyPrecision,
    maximumFractionDigits: format.currencyPrecision,
  }).format(amount);
  return `${format.currencySymbol}${number}`;
}

/** Dates are shown in UTC so the server's page and the browser's agree. */
export function formatDateTime(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`;
}
