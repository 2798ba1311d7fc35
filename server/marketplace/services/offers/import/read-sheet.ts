import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type * as XLSX from '@e965/xlsx';
import { sheetJs } from '../../shared/heavy-libraries';
import {
  headerKey,
  IMPORT_COLUMN_HEADERS,
  IMPORT_COLUMNS,
  IMPORT_LIMITS,
  type ImportColumn,
  type ImportLimits,
  type ImportRow,
} from '../../../../../app/domain/offers/import';
import { ApiError } from '../../../errors';
import { xlsxWorkbookReader } from './xlsx-reader';
import { guardXls } from './xls-guard';
import { guardZip } from './zip-guard';

export type { ImportRow } from '../../../../../app/domain/offers/import';

/** The header texts each required column is recognised by (English and the tenant's words). */
export type HeaderNames = Record<ImportColumn, string[]>;

const notASpreadsheet = () =>
  new ApiError(400, 'importNotSpreadsheet', 'Please upload an Excel spreadsheet (xlsx or xls)');
const unreadable = () => new ApiError(400, 'importUnreadable', 'The file could not be read as a spreadsheet');

/** A date's day as YYYY-MM-DD, by its UTC fields (exceljs) or its local ones (SheetJS makes local midnights). */
function dayOf(date: Date, local = false): string {
  if (Number.isNaN(date.getTime())) return '';
  if (!local) return date.toISOString().slice(0, 10);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * A cell's value as text: formulas give their last computed value, dates their day, rich text its
 * characters. Numbers keep the 15 significant digits a spreadsheet shows, so a computed 110*0.9
 * (99.00000000000001 as stored by Excel, or by LibreOffice in an xls) reads as the 99 the buyer sees.
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(Number(value.toPrecision(15))) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return dayOf(value);
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.richText))
      return v.richText.map((r: { text?: unknown }) => (typeof r.text === 'string' ? r.text : '')).join('');
    if ('formula' in v || 'sharedFormula' in v)
      return v.result === undefined ? `=${String(v.formula ?? v.sharedFormula ?? '')}` : cellText(v.result);
    if ('text' in v) return cellText(v.text);
    if ('error' in v) return String(v.error);
  }
  return '';
}

/**
 * Turns a stream of sheet rows (cells as text, by column) into offer rows: finds the header by its
 * texts in any order, skips blank rows and enforces the row and cell limits as the rows arrive.
 *
 * A header drawn over two rows works too: a header cell merged down over both rows keeps its text
 * in the upper row only (the cell under it reads blank), so a blank cell of a header row stands for
 * the header text above it when a required column is not found in the row itself.
 */
class RowCollector {
  private columns: Record<ImportColumn, number> | null = null;
  private best: { found: ImportColumn[] } = { found: [] };
  private seen = 0;
  /** The header keys of the last non-blank row before the header, its blank cells filled from above. */
  private above: string[] = [];
  readonly rows: ImportRow[] = [];

  constructor(
    private readonly names: HeaderNames,
    private readonly limits: ImportLimits,
    private readonly labels: Record<ImportColumn, string>,
  ) {}

  /** The columns a row is read up to: all of them until the header is found, then the header's. */
  width = Infinity;

  /** Takes one row; answers false once the sheet has nothing more to give (the header was never found in time). */
  add(line: number, cells: string[]): boolean {
    for (const cell of cells) {
      if (cell.length > this.limits.cellChars) {
        throw new ApiError(
          400,
          'importCellTooLong',
          `Row ${line} has a cell longer than ${this.limits.cellChars} characters`,
          // The row's number is an identifier, written as the sheet writes it ("Row 12345"), never grouped.
          { line: String(line), max: this.limits.cellChars },
        );
      }
    }
    if (!this.columns) {
      if (cells.every((c) => c.trim() === '')) return true;
      this.seen += 1;
      const keys = cells.map(headerKey);
      const width = Math.max(keys.length, this.above.length);
      const filled = Array.from({ length: width }, (_, i) => keys[i] || this.above[i] || '');
      const found: Partial<Record<ImportColumn, number>> = {};
      for (const column of IMPORT_COLUMNS) {
        const index = keys.findIndex((k) => k !== '' && this.names[column].includes(k));
        // Only a cell blank in this row takes the text above it, and only for a column not found in the row.
        const above =
          index >= 0 ? -1 : filled.findIndex((k, i) => !keys[i] && k !== '' && this.names[column].includes(k));
        if (index >= 0) found[column] = index;
        else if (above >= 0) found[column] = above;
      }
      this.above = filled;
      const foundColumns = IMPORT_COLUMNS.filter((c) => found[c] !== undefined);
      if (foundColumns.length === IMPORT_COLUMNS.length) {
        this.columns = found as Record<ImportColumn, number>;
        this.width = Math.max(...Object.values(this.columns)) + 1;
      } else if (foundColumns.length > this.best.found.length) this.best = { found: foundColumns };
      return this.columns !== null || this.seen < this.limits.headerSearchRows;
    }
    const at = (column: ImportColumn) => (cells[this.columns![column]] ?? '').trim();
    const row = {
      line,
      itemNumber: at('itemNumber'),
      warehouse: at('warehouse'),
      quantity: at('newOfferQuantity'),
      price: at('newOfferPrice'),
    };
    // A row without an offer is blank whatever else it holds: the stock export's rows the buyer made no offer on.
    if (!row.quantity && !row.price) return true;
    if (this.rows.length >= this.limits.rows) {
      throw new ApiError(400, 'importTooManyRows', `The file has more than ${this.limits.rows} rows`, {
        max: this.limits.rows,
      });
    }
    this.rows.push(row);
    return true;
  }

  finish(): ImportRow[] {
    if (!this.columns) {
      const missing = IMPORT_COLUMNS.filter((c) => !this.best.found.includes(c));
      if (!this.best.found.length) {
        throw new ApiError(
          400,
          'importNoHeader',
          'The file has no header row with the columns Item #, Warehouse, New Offer Quantity and New Offer Price',
        );
      }
      const columns = missing.map((c) => this.labels[c]).join(', ');
      throw new ApiError(400, 'importMissingColumns', `The file is missing the columns: ${columns}`, { columns });
    }
    if (!this.rows.length) throw new ApiError(400, 'importEmpty', 'The file has no offer rows under its header');
    return this.rows;
  }
}

/** The xlsx's first worksheet through exceljs's streaming reader, a row at a time. */
async function readXlsx(bytes: Uint8Array, collector: RowCollector, limits: ImportLimits): Promise<void> {
  const names = await guardZip(bytes, limits);
  if (!names.some((n) => n.replace(/^\//, '') === 'xl/workbook.xml')) throw notASpreadsheet();
  const reader = await xlsxWorkbookReader(
    Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]),
    { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', worksheets: 'emit', entries: 'ignore' },
    limits,
  );
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet as unknown as AsyncIterable<ExcelJS.Row>) {
        const cells: string[] = [];
        const width = collector.width;
        if (width === Infinity) {
          const values = row.values as unknown[];
          for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
        } else {
          // Under the header only its columns are read: a cell far to the right costs nothing more.
          for (let i = 1; i <= width; i++) cells.push(cellText(row.findCell(i)?.value));
        }
        if (!collector.add(row.number, cells)) break;
      }
      break;
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw unreadable();
  }
}

/** A legacy .xls (BIFF in a compound file) through SheetJS, its rows bounded as it parses. */
async function readXls(bytes: Uint8Array, collector: RowCollector, limits: ImportLimits): Promise<void> {
  await guardXls(bytes, limits);
  const XLSX = await sheetJs();
  const maxRows = limits.rows + limits.headerSearchRows + 1;
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(bytes, {
      type: 'buffer',
      dense: true,
      cellDates: true,
      cellStyles: false,
      cellHTML: false,
      sheetRows: maxRows + 1,
      WTF: false,
    });
  } catch {
    throw unreadable();
  }
  const sheet = workbook.SheetNames[0] ? workbook.Sheets[workbook.SheetNames[0]] : undefined;
  if (!sheet || !sheet['!ref'])
    throw new ApiError(
      400,
      'importNoHeader',
      'The file has no header row with the columns Item #, Warehouse, New Offer Quantity and New Offer Price',
    );
  const full = XLSX.utils.decode_range(sheet['!fullref'] ?? sheet['!ref']);
  const range = XLSX.utils.decode_range(sheet['!ref']);
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, blankrows: true, defval: null });
  for (let i = 0; i < rows.length; i++) {
    const values = rows[i] ?? [];
    // SheetJS gives a date cell as the local midnight of its day: its day is read in local time.
    if (
      !collector.add(
        range.s.r + i + 1,
        values.map((v) => (v instanceof Date ? dayOf(v, true) : cellText(v))),
      )
    )
      break;
  }
  if (full.e.r - full.s.r + 1 > maxRows && collector.rows.length >= limits.rows) {
    throw new ApiError(400, 'importTooManyRows', `The file has more than ${limits.rows} rows`, { max: limits.rows });
  }
}

const XLSX_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const XLS_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (bytes: Uint8Array, magic: number[]) =>
  bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);

/**
 * Reads the offer rows of an uploaded spreadsheet without trusting it: its kind is told by its
 * bytes (not its name), its size, rows, cells and unpacked size are bounded while it is read.
 */
export async function readOfferSheet(
  bytes: Uint8Array,
  fileName: string,
  names: HeaderNames,
  limits: ImportLimits = IMPORT_LIMITS,
  labels: Record<ImportColumn, string> = IMPORT_COLUMN_HEADERS,
): Promise<ImportRow[]> {
  if (bytes.byteLength === 0)
    throw new ApiError(400, 'importNoFile', 'Please upload the file to have a successful import.');
  if (bytes.byteLength > limits.fileBytes) {
    throw new ApiError(413, 'importTooLarge', 'The file is larger than allowed', {
      limitMb: Math.floor(limits.fileBytes / (1024 * 1024)),
    });
  }
  if (!/\.(xlsx|xls)$/i.test(fileName)) throw notASpreadsheet();
  const collector = new RowCollector(names, limits, labels);
  if (startsWith(bytes, XLSX_MAGIC)) await readXlsx(bytes, collector, limits);
  else if (startsWith(bytes, XLS_MAGIC)) await readXls(bytes, collector, limits);
  else throw notASpreadsheet();
  return collector.finish();
}
