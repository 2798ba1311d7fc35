import { describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import type { ApiError } from '../../../errors';
import { guardXls } from './xls-guard';

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: ApiError) => error.messageCode,
  );
const rows = (count: number, width: number) =>
  Array.from({ length: count }, (_, r) => Array.from({ length: width }, (_, c) => (c % 2 ? `text ${r}-${c}` : r * c)));
/** An .xls whose texts are in its shared strings table, as Excel writes them. */
function xlsOf(cells: (string | number)[][]): Buffer {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(cells), 'Offers');
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xls', bookSST: true }) as Buffer;
}

describe('the look at a legacy .xls before SheetJS reads it', () => {
  it('bounds the cells of the workbook and its shared strings, by count and by bytes', async () => {
    const file = xlsOf(rows(20, 10));
    expect(await codeOf(guardXls(file, { sheetCells: 200, sharedStrings: 100, sharedStringsBytes: 1024 * 1024 }))).toBe(
      'ok',
    );
    expect(await codeOf(guardXls(file, { sheetCells: 199, sharedStrings: 100, sharedStringsBytes: 1024 * 1024 }))).toBe(
      'importTooManyCells',
    );
    expect(await codeOf(guardXls(file, { sheetCells: 200, sharedStrings: 99, sharedStringsBytes: 1024 * 1024 }))).toBe(
      'importTooManyStrings',
    );
    expect(await codeOf(guardXls(file, { sheetCells: 200, sharedStrings: 100, sharedStringsBytes: 500 }))).toBe(
      'importTooManyStrings',
    );
  });

  it('says a file that is no compound document is unreadable', async () => {
    expect(
      await codeOf(
        guardXls(Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600, 1)]), {
          sheetCells: 1,
          sharedStrings: 1,
          sharedStringsBytes: 1,
        }),
      ),
    ).toBe('importUnreadable');
  });
});
