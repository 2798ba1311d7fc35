/**
 * The quick order pad (issue 37, part 2): lines a buyer types or pastes — item number, warehouse,
 * quantity and an optional offer price — read into the same rows a spreadsheet import gives, so the
 * import's review, rules and limits judge them. Nothing here reads a number: the marketplace reads
 * the quantity and the price in the tenant's language, as it reads a spreadsheet's cells.
 */
import { headerKey, IMPORT_COLUMN_HEADERS, IMPORT_LIMITS, type ImportRow } from './import';

/** The most characters the pad takes (room for the import's row limit at about 50 characters a line). */
export const QUICK_ORDER_MAX_CHARS = 1_000_000;

export interface QuickOrderLimits {
  chars: number;
  rows: number;
  cellChars: number;
}

export const QUICK_ORDER_LIMITS: QuickOrderLimits = {
  chars: QUICK_ORDER_MAX_CHARS,
  rows: IMPORT_LIMITS.rows,
  cellChars: IMPORT_LIMITS.cellChars,
};

/** Why the text as a whole cannot be read, as the tenant API's message codes (the import's own where the limit is the import's). */
export type QuickOrderRefusal =
  | { messageCode: 'quickOrderEmpty'; params: Record<string, never> }
  | { messageCode: 'quickOrderTooLong'; params: { max: number } }
  | { messageCode: 'importTooManyRows'; params: { max: number } }
  | { messageCode: 'importCellTooLong'; params: { line: string; max: number } };

export type QuickOrderReading = { ok: true; rows: ImportRow[] } | { ok: false; refusal: QuickOrderRefusal };

/** Header words a first line may carry besides the import's column headers (compared as `headerKey` does). */
const HEADER_WORDS = [
  'item',
  'item number',
  'item no',
  'item no.',
  'sku',
  'warehouse',
  'quantity',
  'qty',
  'price',
  'offer price',
  ...Object.values(IMPORT_COLUMN_HEADERS),
];

/** A number as a spreadsheet or a person writes one: digits with grouping or decimal marks. */
const NUMBER_LIKE = /^[+-]?\d[\d.,'’\u00a0\u202f]*$/;

/**
 * One line's fields. A tab means a spreadsheet's cells; else a semicolon; else commas when they give
 * at least three fields (so `99,50` in a line of spaces stays a price); else runs of spaces, where
 * the warehouse is what lies between the item number and the trailing numbers (`Hong Kong` stays
 * one). Fields past the fourth go back into the price with their separator: `1,234` or `99,50`
 * split by a comma is read whole, and a stray fifth field makes the price unreadable, never dropped.
 */
export function fieldsOf(line: string): string[] {
  const split = (separator: string) => {
    const parts = line.split(separator).map((f) => f.trim());
    while (parts.length && parts[parts.length - 1] === '') parts.pop();
    if (parts.length <= 4) return parts;
    return [...parts.slice(0, 3), parts.slice(3).join(separator === '\t' ? ' ' : separator)];
  };
  if (line.includes('\t')) return split('\t');
  if (line.includes(';')) return split(';');
  if (line.split(',').length >= 3) return split(',');
  const words = line.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 3) return words;
  const numbers =
    words.length >= 4 && NUMBER_LIKE.test(words[words.length - 1]!) && NUMBER_LIKE.test(words[words.length - 2]!)
      ? 2
      : NUMBER_LIKE.test(words[words.length - 1]!)
        ? 1
        : 0;
  if (numbers === 0) return [words[0]!, words[1]!, words[2]!, words.slice(3).join(' ')];
  return [words[0]!, words.slice(1, words.length - numbers).join(' '), ...words.slice(words.length - numbers)];
}

/** A first line that names the columns (any header word, and no digit where the quantity goes) is a header, not an order. */
function isHeader(fields: string[], headerNames: ReadonlySet<string>): boolean {
  return !/\d/.test(fields[2] ?? '') && fields.some((f) => headerNames.has(headerKey(f)));
}

/**
 * Reads the pad's text into import rows, each with its line in the text (blank lines count, so a
 * review's row is the line the buyer sees). Blank lines and a header line are skipped; the limits
 * are the import's: rows, characters a cell, and the text's own length.
 */
export function parseQuickOrder(
  text: string,
  {
    limits = QUICK_ORDER_LIMITS,
    headerNames = [],
  }: { limits?: QuickOrderLimits; headerNames?: readonly string[] } = {},
): QuickOrderReading {
  if (text.length > limits.chars)
    return { ok: false, refusal: { messageCode: 'quickOrderTooLong', params: { max: limits.chars } } };
  const names = new Set([...HEADER_WORDS, ...headerNames].map(headerKey));
  const rows: ImportRow[] = [];
  let first = true;
  const lines = text.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const fields = fieldsOf(lines[i]!);
    if (fields.every((f) => f === '')) continue;
    const line = i + 1;
    if (first) {
      first = false;
      if (isHeader(fields, names)) continue;
    }
    if (fields.some((f) => f.length > limits.cellChars))
      return {
        ok: false,
        refusal: { messageCode: 'importCellTooLong', params: { line: String(line), max: limits.cellChars } },
      };
    if (rows.length >= limits.rows)
      return { ok: false, refusal: { messageCode: 'importTooManyRows', params: { max: limits.rows } } };
    rows.push({
      line,
      itemNumber: fields[0] ?? '',
      warehouse: fields[1] ?? '',
      quantity: fields[2] ?? '',
      price: fields[3] ?? '',
    });
  }
  if (!rows.length) return { ok: false, refusal: { messageCode: 'quickOrderEmpty', params: {} } };
  return { ok: true, rows };
}
