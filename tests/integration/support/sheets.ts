import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';

export type Cell = string | number | Date | null | { formula: string; result?: number | string };

/** An xlsx made by exceljs (in memory) with these rows on its first sheet, and optional merges. */
export async function xlsxOf(rows: Cell[][], options: { merges?: string[]; sheetName?: string } = {}): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(options.sheetName ?? 'Offers');
  rows.forEach((row, i) => {
    row.forEach((value, j) => {
      if (value !== null) sheet.getCell(i + 1, j + 1).value = value as ExcelJS.CellValue;
    });
  });
  for (const merge of options.merges ?? []) sheet.mergeCells(merge);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A big xlsx written row by row with exceljs's streaming writer (never held as a workbook). */
export async function streamedXlsx(
  header: string[],
  count: number,
  row: (i: number) => (string | number)[],
): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => stream.on('end', resolve));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false, useStyles: false });
  const sheet = workbook.addWorksheet('Offers');
  sheet.addRow(header).commit();
  for (let i = 0; i < count; i++) sheet.addRow(row(i)).commit();
  sheet.commit();
  await workbook.commit();
  await done;
  return Buffer.concat(chunks);
}

/** A legacy .xls (BIFF8) made by SheetJS. */
export function xlsOf(rows: Cell[][]): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet(
    rows.map((r) => r.map((c) => (c && typeof c === 'object' && !(c instanceof Date) ? (c.result ?? null) : c))),
  );
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, 'Offers');
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xls' }) as Buffer;
}

/** A zip by hand: entries deflated (or stored), optionally declaring other sizes than they really unpack to. */
export function zipOf(entries: { name: string; data: Buffer; deflated?: Buffer; declaredSize?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const body = entry.deflated ?? zlib.deflateRawSync(entry.data);
    const size = entry.declaredSize ?? entry.data.length;
    const crc = zlib.crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** `megabytes` of zeros deflated a megabyte at a time: a few hundred kilobytes that unpack to far more. */
export async function deflatedZerosAsync(megabytes: number): Promise<Buffer> {
  const zero = Buffer.alloc(1024 * 1024);
  const parts: Buffer[] = [];
  const stream = zlib.createDeflateRaw({ level: 9 });
  stream.on('data', (c: Buffer) => parts.push(c));
  const done = new Promise((resolve) => stream.on('end', resolve));
  for (let i = 0; i < megabytes; i++) {
    if (!stream.write(zero)) await new Promise((resolve) => stream.once('drain', resolve));
  }
  stream.end();
  await done;
  return Buffer.concat(parts);
}

export const HEADER = ['Item #', 'Warehouse', 'New Offer Quantity', 'New Offer Price'];

/** The stock export as a buyer asks for it (POST /stocklist/export), answered by the marketplace in process. */
export function stockExport(
  marketplace: { fetch: (request: Request) => Response | Promise<Response> },
  token: string,
  body: object,
): Promise<Response> {
  return Promise.resolve(
    marketplace.fetch(
      new Request('http://m/px-api-gateway/stocklist/export', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      }),
    ),
  );
}
