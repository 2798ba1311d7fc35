import { dateTimeFormat, numberFormat, once, remembering } from './intl';
import { UTC, zoneName } from './time-zone';

export interface MoneyFormat {
  locale: string;
  /** ISO 4217 code: places the symbol and spaces it as the language does ("$205.00", "236 €"). */
  currencyCode: string;
  /** The tenant's own symbol, shown in place of the standard one. */
  currencySymbol: string;
  /** Digits after the decimal sign; never fewer than the currency's minor unit has (see shownDigits). */
  currencyPrecision: number;
}

/** What a tenant's configuration says of its money: the language it writes in and its currency. */
export interface TenantMoney {
  language: string;
  currencyCode: string;
  currencySymbol: string;
  currencyPrecision: number;
}

/** The tenant's money format in its own language: what the marketplace's e-mails, documents and texts show. */
export const tenantMoneyFormat = (config: TenantMoney): MoneyFormat => ({
  locale: config.language,
  currencyCode: config.currencyCode,
  currencySymbol: config.currencySymbol,
  currencyPrecision: config.currencyPrecision,
});

/** An amount in minor units written as the tenant writes money: what the marketplace's e-mails and documents print. */
export const tenantAmount =
  (config: TenantMoney) =>
  (minor: number): string =>
    formatMinor(minor, tenantMoneyFormat(config));

/** A date and time written in the tenant's language and zone, the zone named: what the marketplace's e-mails and documents print. */
export const tenantDateTime =
  (config: { language: string; timeZone: string }) =>
  (when: Date | string): string =>
    formatDateTime(typeof when === 'string' ? when : when.toISOString(), config.language, config.timeZone);

/** The digits of a currency's minor unit (ISO 4217 as Intl knows it): 2 for USD and EUR, 0 for JPY. */
export const minorUnitDigits = (currencyCode: string): number =>
  numberFormat('en', { style: 'currency', currency: currencyCode }).resolvedOptions().maximumFractionDigits ?? 2;

/**
 * The digits an amount is shown with: the tenant's precision, but never fewer than its currency's minor
 * unit, so that no amount a buyer pays is shown rounded (issue 51: "TVA 453 €" for 452,60 €).
 */
export const shownDigits = ({
  currencyCode,
  currencyPrecision,
}: Pick<MoneyFormat, 'currencyCode' | 'currencyPrecision'>): number =>
  Math.max(currencyPrecision, minorUnitDigits(currencyCode));

function formatterFor(format: MoneyFormat): Intl.NumberFormat {
  const digits = shownDigits(format);
  return numberFormat(format.locale, {
    style: 'currency',
    currency: format.currencyCode,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

/**
 * Money as the tenant shows it: the language's order, spacing and separators, the tenant's symbol and
 * precision. The symbol is found once per format, and each amount's text is remembered (see remembering).
 */
export function moneyFormatter(format: MoneyFormat): (amount: number) => string {
  return once(
    `money|${format.locale}|${format.currencyCode}|${format.currencyPrecision}|${format.currencySymbol}`,
    () => {
      const intl = formatterFor(format);
      const standard = intl.formatToParts(1).find((part) => part.type === 'currency')?.value;
      const tenant = format.currencySymbol;
      // Digits, signs and separators never hold a currency's symbol, so its one place is found by text.
      return remembering(
        standard === undefined || standard === tenant
          ? (amount: number) => intl.format(amount)
          : (amount: number) => intl.format(amount).replace(standard, () => tenant),
      );
    },
  );
}

export function formatMoney(amount: number, format: MoneyFormat): string {
  return moneyFormatter(format)(amount);
}

/**
 * A date and time in the zone given (the buyer's, time-zone.ts; UTC when none is given), followed by
 * the zone's name, so that a buyer never does the arithmetic: "Mar 5, 2026, 10:30 AM CST".
 */
export function formatDateTime(iso: string, locale: string, timeZone = UTC): string {
  return once(`date-time-text|${locale}|${timeZone}`, () => {
    const format = dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
    return remembering((text: string) => {
      const date = new Date(text);
      return Number.isNaN(date.getTime()) ? '' : `${format.format(date)} ${zoneName(date, locale, timeZone)}`;
    });
  })(iso);
}

/** A price as it comes (a decimal amount) in minor units (hundredths): what sums are made of. */
export const toMinor = (price: number) => Math.round(price * 100);

/** Quantity × unit price, exact, in minor units. */
export const lineTotalMinor = (quantity: number, unitPrice: number) => quantity * toMinor(unitPrice);

/** Money kept in minor units (hundredths), shown as the tenant shows money; the only division is for display. */
export function formatMinor(minor: number, format: MoneyFormat): string {
  return formatMoney(minor / 100, format);
}
