import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type ExcelJS from 'exceljs';
import { excelJs, onFirstUse } from '../../shared/heavy-libraries';
import { XmlGuard, type XmlLimits, type XmlPartKind } from './xml-guard';

/**
 * exceljs's streaming xlsx reader with the fix of its issue #683 (pull request #2915, not released
 * in exceljs 4.4.0): its `parse` walks the zip's entries through its own `iterateStream`, which now
 * and then ends before the last entries. When `xl/sharedStrings.xml` is among them (Excel and
 * LibreOffice both write it after the worksheets) the sheet is read without its shared strings: every
 * text cell comes back as `{ sharedString: n }`, so a header looks missing or item numbers blank.
 * Seen on about 1 read in 20 of tests/fixtures/import/hand-written.xlsx. This `parse` is exceljs's own
 * with the entries read straight from the unzip stream, as that pull request does.
 *
 * Its temporary files (worksheets that come before the shared strings) go to a folder of their own
 * under os.tmpdir(), never the data directory, and the folder is removed however the read ends:
 * finished, stopped early by the caller, or failed.
 *
 * Every part exceljs parses goes through an XmlGuard first (see xml-guard.ts): its nesting, rows,
 * cells and shared strings are counted as they are unpacked, and the read fails at a limit.
 */

/**
 * exceljs's own dependency and helper (declared in exceljs-internals.d.ts), on first use as exceljs
 * is. Imported by name, not required from where exceljs lies, so that the server bundle holds them
 * beside exceljs (decision 035); `unzipper` is exceljs's, hoisted to the top of node_modules.
 */
const exceljsParts = onFirstUse(async () => {
  const [unzip, iterateStream] = await Promise.all([
    import('unzipper').then((m) => m.default),
    import('exceljs/lib/utils/iterate-stream.js').then((m) => m.default),
  ]);
  return { unzip, iterateStream };
});
type ExceljsParts = Awaited<ReturnType<typeof exceljsParts>>;

export interface ZipEntry extends NodeJS.ReadableStream {
  path: string;
  autodrain(): void;
}

/** The parts of exceljs's WorkbookReader (lib/stream/xlsx/workbook-reader.js) its `parse` uses. */
interface ReaderInternals {
  input: Readable;
  sharedStrings?: unknown[];
  workbookRels?: unknown;
  _getStream(input: Readable): Readable;
  _parseRels(entry: ZipEntry): Promise<void>;
  _parseWorkbook(entry: ZipEntry): Promise<void>;
  _parseStyles(entry: ZipEntry): Promise<void>;
  _parseSharedStrings(entry: ZipEntry): AsyncGenerator<unknown>;
  _parseWorksheet(iterator: AsyncIterable<unknown>, sheetNo: string): Generator<unknown>;
  _parseHyperlinks(iterator: AsyncIterable<unknown>, sheetNo: string): Generator<unknown>;
  parse(): AsyncGenerator<unknown>;
}

async function* parse(
  this: ReaderInternals,
  { unzip, iterateStream }: ExceljsParts,
  limits: XmlLimits,
): AsyncGenerator<unknown> {
  const zip = this._getStream(this.input).pipe(unzip.Parse({ forceStream: true }));
  const guarded = (entry: NodeJS.ReadableStream, kind: XmlPartKind) =>
    entry.pipe(new XmlGuard(kind, limits)) as unknown as ZipEntry;
  // Worksheets before the shared strings wait in temporary files, as exceljs does.
  let folder: string | undefined;
  const waiting: { sheetNo: string; file: string }[] = [];
  const reading: fs.ReadStream[] = [];
  try {
    for await (const entry of zip) {
      switch (entry.path) {
        case 'xl/_rels/workbook.xml.rels':
          await this._parseRels(guarded(entry, 'other'));
          break;
        case 'xl/workbook.xml':
          await this._parseWorkbook(guarded(entry, 'other'));
          break;
        case 'xl/sharedStrings.xml':
          yield* this._parseSharedStrings(guarded(entry, 'sharedStrings'));
          break;
        case 'xl/styles.xml':
          await this._parseStyles(guarded(entry, 'other'));
          break;
        default: {
          const sheet = /xl\/worksheets\/sheet(\d+)[.]xml/.exec(entry.path);
          const rels = /xl\/worksheets\/_rels\/sheet(\d+)[.]xml.rels/.exec(entry.path);
          if (sheet) {
            if (this.sharedStrings && this.workbookRels)
              yield* this._parseWorksheet(iterateStream(guarded(entry, 'worksheet')), sheet[1]!);
            else {
              folder ??= await fs.promises.mkdtemp(path.join(os.tmpdir(), 'offer-import-'));
              const file = path.join(folder, `sheet${waiting.length}.xml`);
              await pipeline(entry, fs.createWriteStream(file));
              waiting.push({ sheetNo: sheet[1]!, file });
            }
          } else if (rels) yield* this._parseHyperlinks(iterateStream(entry), rels[1]!);
        }
      }
      entry.autodrain();
    }
    for (const { sheetNo, file } of waiting) {
      const stream = fs.createReadStream(file);
      reading.push(stream);
      yield* this._parseWorksheet(guarded(stream, 'worksheet'), sheetNo);
    }
  } finally {
    for (const stream of reading) stream.destroy();
    if (folder) await fs.promises.rm(folder, { recursive: true, force: true });
  }
}

/** A streaming workbook reader of `input` that always has the shared strings and reads within `limits` (see above). */
export async function xlsxWorkbookReader(
  input: Readable,
  options: Partial<ExcelJS.stream.xlsx.WorkbookStreamReaderOptions>,
  limits: XmlLimits,
): Promise<ExcelJS.stream.xlsx.WorkbookReader> {
  const [{ stream: readers }, parts] = await Promise.all([excelJs(), exceljsParts()]);
  const reader = new readers.xlsx.WorkbookReader(input, options);
  (reader as unknown as ReaderInternals).parse = function (this: ReaderInternals) {
    return parse.call(this, parts, limits);
  };
  return reader;
}
