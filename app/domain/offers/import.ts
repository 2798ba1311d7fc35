/**
 * The bulk offer import (spec 1 §2, §5, §7): what a file may be and hold. The portal bounds the
 * upload with the same numbers the marketplace reads the file with.
 */

/** The largest spreadsheet accepted, in bytes. */
export const IMPORT_MAX_FILE_BYTES = 10 * 1024 * 1024;

export const IMPORT_LIMITS = {
  fileBytes: IMPORT_MAX_FILE_BYTES,
  /** Non-blank offer rows under the header. */
  rows: 20_000,
  /** Characters in any one cell. */
  cellChars: 1_000,
  /** Everything inside an xlsx once unzipped: a zip bomb stops here, while it is being inflated. */
  uncompressedBytes: 64 * 1024 * 1024,
  /** Files inside an xlsx. */
  zipEntries: 2_000,
  /** Rows searched for the header before giving up. */
  headerSearchRows: 20,
  /*
   * The xlsx's XML, counted as it is unpacked, before the parser builds anything for it (see
   * docs/decisions/002-bounded-spreadsheet-reading.md): a few kilobytes of zip must not cost
   * hundreds of megabytes or seconds of CPU.
   */
  /** Elements open at once in any part (Excel writes fewer than 10). */
  xmlDepth: 32,
  /** Rows of the sheet, blank ones included (the offer rows and room for blank or ignored ones). */
  sheetRows: 50_000,
  /** Cells of the sheet, blank ones included. */
  sheetCells: 1_000_000,
  /** Distinct texts (shared strings) of an xlsx, and their unpacked size. */
  sharedStrings: 200_000,
  sharedStringsBytes: 16 * 1024 * 1024,
  /** One cell's XML: 1,000 characters, rich text or a long formula fit many times over. */
  cellXmlBytes: 64 * 1024,
  /** Elements in one cell (rich text runs and their fonts). */
  cellElements: 1_000,
  /** Elements of the workbook, its relationships or its styles. */
  partElements: 200_000,
} as const;

export type ImportLimits = { [K in keyof typeof IMPORT_LIMITS]: number };

/** One non-blank offer row of an import: the four required columns as text, and its line in the sheet or the typed text. */
export interface ImportRow {
  line: number;
  itemNumber: string;
  warehouse: string;
  quantity: string;
  price: string;
}

/** Where an import's rows came from: a spreadsheet upload, or lines typed or pasted in the quick order pad. */
export const IMPORT_SOURCES = ['file', 'text'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** The required columns (spec 1 §5), as message keys of their header texts. */
export const IMPORT_COLUMNS = ['itemNumber', 'warehouse', 'newOfferQuantity', 'newOfferPrice'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** The header texts of the required columns in English, always accepted whatever the tenant's language. */
export const IMPORT_COLUMN_HEADERS: Record<ImportColumn, string> = {
  itemNumber: 'Item #',
  warehouse: 'Warehouse',
  newOfferQuantity: 'New Offer Quantity',
  newOfferPrice: 'New Offer Price',
};

/** File name endings the upload dialog offers and the marketplace accepts. */
export const IMPORT_FILE_ACCEPT =
  '.xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel';

/** A header cell as compared: case, spacing and a trailing colon or asterisk do not matter. */
export function headerKey(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\s*[:*]$/, '')
    .toLowerCase();
}

/** Why a row of an import could not be taken (message keys under `import.reason.`). */
export const IMPORT_REASONS = [
  'missingItemNumber',
  'missingWarehouse',
  'missingQuantity',
  'missingPrice',
  'quantityNotNumber',
  'quantityNotWhole',
  'quantityTooLarge',
  'priceNotNumber',
  'priceNotWhole',
  'priceTooLarge',
  'priceBelowOne',
  'warehouseNotFound',
  'itemNotFound',
  'itemNotForSale',
  'itemOutOfStock',
  'offersNotAccepted',
  'duplicate',
] as const;
export type ImportReason = (typeof IMPORT_REASONS)[number];

/** What the rules of §5 changed on a row that is still valid (message keys under `import.comment.`). */
export const IMPORT_COMMENTS = [
  'quantityReduced',
  'quantityRounded',
  'quantityRaised',
  'priceLowered',
  'priceFromList',
] as const;
export type ImportComment = (typeof IMPORT_COMMENTS)[number];
