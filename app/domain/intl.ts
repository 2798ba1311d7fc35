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
  once(
    options ? `number|${locale}|${JSON.stringify(options)}` : `number|${locale}`,
    () => new Intl.NumberFormat(locale, options),
  );

export const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  once(`date|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));

export const pluralRules = (locale: string): Intl.PluralRules =>
  once(`plural|${locale}`, () => new Intl.PluralRules(locale));

/** How many values a remembering format keeps; past that it starts again. */
const REMEMBERED = 1_000;

/**
 * A format that keeps what it gave for each value. ICU formats in about a microsecond while its data
 * is in the processor's caches and in tens when it is not, as it is again on every page; a stock page
 * formats some eighty counts, prices and dates, most of them the same from one page to the next.
 */
export function remembering<V extends string | number>(format: (value: V) => string): (value: V) => string {
  const given = new Map<V, string>();
  return (value) => {
    // A Map does not tell -0 from 0, which formats as "-0".
    if (Object.is(value, -0)) return format(value);
    let text = given.get(value);
    if (text === undefined) {
      if (given.size >= REMEMBERED) given.clear();
      given.set(value, (text = format(value)));
    }
    return text;
  };
}

/** Numbers as the language writes them ("16,733"), remembered. */
export const numberText = (locale: string): ((value: number) => string) =>
  once(`number-text|${locale}`, () => {
    const format = numberFormat(locale);
    return remembering((value: number) => format.format(value));
  });
