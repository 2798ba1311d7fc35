import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  headerKey,
  IMPORT_COLUMN_HEADERS,
  IMPORT_COLUMNS,
  IMPORT_LIMITS,
} from '../../../../../app/domain/offers/import';
import { readOfferSheet, type HeaderNames } from './read-sheet';
import { xlsxWorkbookReader } from './xlsx-reader';

// exceljs's own zip writer (the same package the reader comes from).
const JSZip = createRequire(createRequire(import.meta.url).resolve('exceljs'))('jszip') as new () => {
  file(name: string, data: Uint8Array | string): void;
  generateAsync(options: { type: 'uint8array'; compression: 'DEFLATE' }): Promise<Uint8Array>;
};

const SOURCES = path.resolve('tests/fixtures/import/sources/hand-written');
const part = (name: string) => fs.readFileSync(path.join(SOURCES, name));
const ENGLISH = Object.fromEntries(
  IMPORT_COLUMNS.map((c) => [c, [headerKey(IMPORT_COLUMN_HEADERS[c])]]),
) as HeaderNames;

/** The hand-written xlsx with its worksheet twice, both before the shared strings (as Excel orders them). */
async function twoSheetsFirst(sharedStrings: Uint8Array | string = part('xl/sharedStrings.xml')) {
  const zip = new JSZip();
  for (const name of ['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels'])
    zip.file(name, part(name));
  zip.file('xl/worksheets/sheet1.xml', part('xl/worksheets/sheet1.xml'));
  zip.file('xl/worksheets/sheet2.xml', part('xl/worksheets/sheet1.xml'));
  zip.file('xl/styles.xml', part('xl/styles.xml'));
  zip.file('xl/sharedStrings.xml', sharedStrings);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

describe('the xlsx reader’s temporary files', () => {
  let tmp: string;
  const previous = process.env.TMPDIR;
  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'xlsx-reader-test-'));
    process.env.TMPDIR = tmp;
  });
  afterEach(() => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('are kept under os.tmpdir() while the worksheets wait and removed when the caller stops after the first', async () => {
    const bytes = await twoSheetsFirst();
    const reader = await xlsxWorkbookReader(
      Readable.from([Buffer.from(bytes)]),
      { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', worksheets: 'emit', entries: 'ignore' },
      IMPORT_LIMITS,
    );
    let during: string[] = [];
    for await (const _worksheet of reader) {
      during = fs.readdirSync(tmp, { recursive: true }) as string[];
      break;
    }
    expect(during.filter((f) => f.endsWith('.xml'))).toHaveLength(2);
    expect(fs.readdirSync(tmp)).toEqual([]);
    // The import reads the first sheet as before.
    expect((await readOfferSheet(bytes, 'offers.xlsx', ENGLISH)).length).toBeGreaterThan(0);
    expect(fs.readdirSync(tmp)).toEqual([]);
  });

  it('are removed when the file turns out unreadable after a worksheet was set aside', async () => {
    const bytes = await twoSheetsFirst('<?xml version="1.0"?><sst><si><t>broken</si></sst>');
    await expect(readOfferSheet(bytes, 'offers.xlsx', ENGLISH)).rejects.toMatchObject({
      messageCode: 'importUnreadable',
    });
    expect(fs.readdirSync(tmp)).toEqual([]);
  });
});
