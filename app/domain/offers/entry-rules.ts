/**
 * The quantity and price fields of the buy and offer dialogs and the cart rows (spec 1 §5, spec 2
 * §5, §9): one reading of what was typed and one set of "on blur" rules, run in the browser when a
 * field is left and on the server for every submission. A value the rules change is shown back;
 * text that is not a number is never turned into one: it is an error next to the field.
 */
import { numberFormat } from '../intl';

export const QUANTITY_REDUCED = 'offers.quantityReduced';
export const QUANTITY_ADJUSTED = 'offers.quantityAdjusted';
export const PRICE_ADJUSTED = 'offers.priceAdjusted';

export const ENTRY_ERRORS = {
  notNumber: 'entry.errors.notNumber',
  notWhole: 'entry.errors.notWhole',
  tooLarge: 'entry.errors.tooLarge',
} as const;

export type EntryError = (typeof ENTRY_ERRORS)[keyof typeof ENTRY_ERRORS];

export type Reading = { ok: true; value: number | null } | { ok: false; error: EntryError };

const MAX_DIGITS = 9;

/**
 * Only ASCII digits are digits here, as the tenant API reads them: a full-width `５` or an
 * Arabic-Indic `٣` is not a number to either. The no-break spaces some locales group with (and
 * browsers paste) are read as the plain space.
 */
const spacesAsSpace = (text: string) => text.replace(/[\u00a0\u202f\u2007]/g, ' ');

const escape = (s: string) => s.replace(/[\\^$.*+?()[\]{}|-]/g, '\\$&');

/** The locale's grouping and decimal marks, any no-break space read as a space. */
function marks(locale: string): { groups: string[]; decimals: string[] } {
  const parts = numberFormat(locale).formatToParts(12345.6);
  const group = spacesAsSpace(parts.find((p) => p.type === 'group')?.value ?? ',');
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  // Where the comma is the decimal mark, a point is read as one too: nobody groups with it there.
  const decimals = decimal === ',' && group !== '.' ? [',', '.'] : [decimal];
  const groups = [...new Set([group, ' '])].filter((g) => !decimals.includes(g));
  return { groups, decimals };
}

/** The number pattern of each locale, made once (a bulk import reads thousands of numbers). */
const patterns = new Map<string, RegExp>();

function numberPattern(locale: string): RegExp {
  let pattern = patterns.get(locale);
  if (!pattern) {
    const { groups, decimals } = marks(locale);
    const group = groups.map(escape).join('|');
    pattern = new RegExp(`^(\\d{1,3}(?:(?:${group})\\d{3})+|\\d+)(?:(?:${decimals.map(escape).join('|')})(\\d+))?$`);
    if (patterns.size < 50) patterns.set(locale, pattern);
  }
  return pattern;
}

/** A whole number typed as the tenant's locale writes numbers; empty reads as no value. */
export function readWholeNumber(text: string, locale = 'en'): Reading {
  const typed = spacesAsSpace(text).trim();
  if (typed === '') return { ok: true, value: null };
  const pattern = numberPattern(locale);
  const match = pattern.exec(typed);
  if (!match) return { ok: false, error: ENTRY_ERRORS.notNumber };
  if (match[2] && /[1-9]/.test(match[2])) return { ok: false, error: ENTRY_ERRORS.notWhole };
  const digits = match[1]!.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  if (digits.length > MAX_DIGITS) return { ok: false, error: ENTRY_ERRORS.tooLarge };
  return { ok: true, value: Number(digits) };
}

export type QuantityEntry =
  { ok: true; value: number; reducedToStock: boolean; changed: boolean } | { ok: false; error: EntryError };
export type PriceEntry = { ok: true; value: number; changed: boolean } | { ok: false; error: EntryError };

/**
 * Quantity: empty counts as 0 and 0 becomes 1; at or above the available quantity it is the
 * available quantity (spec 1 §5: "reduced to the available quantity"), the whole stock being
 * taken even when it is not a multiple of the increment (as the marketplace takes it); otherwise,
 * with an increment above 1, a quantity at or below it becomes the increment, and any other rounds
 * down to a multiple. What the rules make stands when sent again: the buyer confirms a value once.
 */
export function applyQuantityRules(
  typed: number,
  { incrementSize, available }: { incrementSize: number; available: number },
) {
  let value = typed === 0 ? 1 : typed;
  if (available > 0 && value >= available) return { value: available, reducedToStock: value > available };
  if (incrementSize > 1)
    value = value <= incrementSize ? incrementSize : Math.floor(value / incrementSize) * incrementSize;
  if (available > 0 && value > available) return { value: available, reducedToStock: true };
  return { value, reducedToStock: false };
}

export function quantityEntry(
  text: string,
  item: { incrementSize: number; available: number },
  locale = 'en',
): QuantityEntry {
  const reading = readWholeNumber(text, locale);
  if (!reading.ok) return reading;
  const ruled = applyQuantityRules(reading.value ?? 0, item);
  return { ok: true, ...ruled, changed: ruled.value !== reading.value };
}

/**
 * Offer price: whole numbers; empty counts as 0, below 1 becomes 1, above the list price is the list
 * price (its whole part: a list price with cents caps a whole-number offer below it).
 */
export function priceEntry(text: string, listPrice: number, locale = 'en'): PriceEntry {
  const reading = readWholeNumber(text, locale);
  if (!reading.ok) return reading;
  const value = Math.min(Math.max(reading.value ?? 0, 1), Math.max(1, Math.floor(listPrice)));
  return { ok: true, value, changed: value !== reading.value };
}

/**
 * What the buyer is told when the rules changed a value (issue 51: never a change without a word):
 * the spec's warning for a quantity cut to the stock, else that the increments or minimum changed it.
 */
export function quantityNotice(entry: QuantityEntry): string | null {
  if (!entry.ok || !entry.changed) return null;
  return entry.reducedToStock ? QUANTITY_REDUCED : QUANTITY_ADJUSTED;
}

export const priceNotice = (entry: PriceEntry): string | null => (entry.ok && entry.changed ? PRICE_ADJUSTED : null);
