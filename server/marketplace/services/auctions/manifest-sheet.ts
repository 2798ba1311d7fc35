import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import {
  MANIFEST_COLUMNS,
  MANIFEST_HEADERS,
  MANIFEST_LIMITS,
  type ManifestColumn,
  type ManifestLine,
} from '../../../../app/domain/auctions/manifest';
import { IMPORT_LIMITS } from '../../../../app/domain/offers/import';
import { ApiError } from '../../errors';
import { cellText } from '../offers/import/read-sheet';
import { xlsxWorkbookReader } from '../offers/import/xlsx-reader';
import { guardZip } from '../offers/import/zip-guard';

const refused = (message: string, params: Record<string, string | number> = {}) =>
  new ApiError(400, 'auctionManifestRefused', message, params);
const XLSX_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/**
 * A lot's manifest from the seller's xlsx, read with the offer import's bounded reader (its zip and
 * XML guards and limits): a header row with Model, Grade and Quantity (Capacity, Colour, IMEI
 * optional), a line a row; IMEIs separated by commas or spaces.
 */
export async function readManifestSheet(bytes: Uint8Array): Promise<ManifestLine[]> {
  if (bytes.byteLength === 0) throw refused('The manifest file is empty');
  if (bytes.byteLength > IMPORT_LIMITS.fileBytes) throw refused('The manifest file is larger than allowed');
  if (!XLSX_MAGIC.every((b, i) => bytes[i] === b)) throw refused('The manifest must be an xlsx spreadsheet');
  await guardZip(bytes, IMPORT_LIMITS);
  const reader = await xlsxWorkbookReader(
    Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]),
    { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', worksheets: 'emit', entries: 'ignore' },
    IMPORT_LIMITS,
  );
  let columns: Partial<Record<ManifestColumn, number>> | null = null;
  const lines: ManifestLine[] = [];
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet as unknown as AsyncIterable<ExcelJS.Row>) {
        const values = (row.values as unknown[]).slice(1).map((v) => cellText(v).trim());
        if (values.some((v) => v.length > MANIFEST_LIMITS.text * 100)) throw refused('A cell is too long');
        if (!columns) {
          const keys = values.map((v) => v.toLowerCase());
          const found: Partial<Record<ManifestColumn, number>> = {};
          for (const column of MANIFEST_COLUMNS) {
            const at = keys.findIndex((k) => MANIFEST_HEADERS[column].includes(k));
            if (at >= 0) found[column] = at;
          }
          if (found.model !== undefined && found.grade !== undefined && found.quantity !== undefined) columns = found;
          else if (row.number > IMPORT_LIMITS.headerSearchRows)
            throw refused('The manifest has no header row with Model, Grade and Quantity');
          continue;
        }
        const at = (column: ManifestColumn) =>
          columns![column] === undefined ? '' : (values[columns![column]!] ?? '');
        if (values.every((v) => v === '')) continue;
        const quantityText = at('quantity');
        const quantity = /^\d{1,6}$/.test(quantityText) ? Number(quantityText) : NaN;
        if (!at('model') || !at('grade') || !(quantity >= 1 && quantity <= MANIFEST_LIMITS.quantity))
          throw refused(`Row ${row.number} needs a model, a grade and a quantity of at least 1`, { line: row.number });
        const imeis = at('imei')
          .split(/[\s,;]+/)
          .filter(Boolean);
        if (imeis.length > MANIFEST_LIMITS.imeisPerLine) throw refused(`Row ${row.number} has too many IMEIs`);
        lines.push({
          model: at('model').slice(0, MANIFEST_LIMITS.text),
          grade: at('grade').slice(0, MANIFEST_LIMITS.text),
          capacity: at('capacity').slice(0, MANIFEST_LIMITS.text),
          colour: at('colour').slice(0, MANIFEST_LIMITS.text),
          quantity,
          imeis,
        });
        if (lines.length > MANIFEST_LIMITS.lines)
          throw refused(`The manifest has more than ${MANIFEST_LIMITS.lines} lines`);
      }
      break;
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw refused('The manifest could not be read as a spreadsheet');
  }
  if (!columns) throw refused('The manifest has no header row with Model, Grade and Quantity');
  if (!lines.length) throw refused('The manifest has no lines under its header');
  return lines;
}
