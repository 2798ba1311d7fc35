import { shownDigits } from '../../../../app/domain/money';
import type ExcelJS from 'exceljs';
import { numberFormat } from '../../../../app/domain/intl';

/** Texts a spreadsheet program could take for a formula when the cell is edited or the sheet saved as CSV. */
const FORMULA_START = /^[=+\-@\t\r]/;

export const looksLikeFormula = (value: unknown): value is string =>
  typeof value === 'string' && FORMULA_START.test(value);

/**
 * No formula injection: a text cell that starts with = + - @ (or a tab or carriage return) is
 * written as an inline rich-text string in Text format, never as a formula or a plain value a
 * program might evaluate.
 */
export function guardRow(row: ExcelJS.Row): ExcelJS.Row {
  row.eachCell((cell) => {
    if (looksLikeFormula(cell.value)) {
      cell.value = { richText: [{ text: cell.value }] };
      cell.numFmt = '@';
    }
  });
  return row;
}

/** Whether a language writes the currency symbol after the amount ("1.319 €" in de and fr), as Intl says. */
function symbolAfter(language: string | undefined): boolean {
  if (!language) return false;
  const parts = numberFormat(language, { style: 'currency', currency: 'EUR' }).formatToParts(1);
  return parts.findIndex((p) => p.type === 'currency') > parts.findIndex((p) => p.type === 'integer');
}

/**
 * Spreadsheet money: a number with the tenant's symbol and precision as its format (the value stays a
 * number), the symbol on the side the tenant's language puts it ("$"#,##0.00, #,##0" €"). The
 * separators are the reader's spreadsheet program's own.
 */
export const moneyNumFmt = (format: {
  currencySymbol: string;
  currencyPrecision: number;
  currencyCode?: string;
  locale?: string;
  language?: string;
}) => {
  const symbol = format.currencySymbol.replace(/"/g, '');
  // Never fewer digits than the currency's minor unit: a sheet shows the cents a buyer pays.
  const digits = format.currencyCode
    ? shownDigits({ currencyCode: format.currencyCode, currencyPrecision: format.currencyPrecision })
    : format.currencyPrecision;
  const number = `#,##0${digits ? `.${'0'.repeat(digits)}` : ''}`;
  return symbolAfter(format.locale ?? format.language) ? `${number}" ${symbol}"` : `"${symbol}"${number}`;
};
