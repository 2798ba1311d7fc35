import type ExcelJS from 'exceljs';

/** Texts a spreadsheet program could take for a formula when the cell is edited or the sheet saved as CSV. */
const FORMULA_START = /^[=+\-@\t\r]/;

export const looksLikeFormula = (value: unknown): value is string => typeof value === 'string' && FORMULA_START.test(value);

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

/** Spreadsheet money: a number with the tenant's symbol and precision as its format (the value stays a number). */
export const moneyNumFmt = (format: { currencySymbol: string; currencyPrecision: number }) =>
  `"${format.currencySymbol.replace(/"/g, '')}"#,##0${format.currencyPrecision ? `.${'0'.repeat(format.currencyPrecision)}` : ''}`;
