/**
 * Intl's formatters are dear to make (tens of microseconds each; a stock page made thousands) and
 * cheap to use: one per language and options, made once and kept.
 */
const made = new Map<string, object>();
/** Languages and options are the app's own, so few; the bound only guards against a leak. */
const KEPT = 256;

/** What `make` gives for this key, made the first time it is asked for (formatters and functions built on them). */
export function once<T extends object>(key: string, make: () => T): T {
  let formatter = made.get(key) as T | undefined;
  if (!formatter) {
    if (made.size >= KEPT) made.clear();
    made.set(key, (formatter = make()));
  }
  return formatter;
}

export const numberFormat = (locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat =>
  once(options ? `number|${locale}|${JSON.stringify(options)}` : `number|${locale}`, () => new Intl.NumberFormat(locale, options));

export const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  once(`date|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));

export const pluralRules = (locale: string): Intl.PluralRules => once(`plural|${locale}`, () => new Intl.PluralRules(locale));
