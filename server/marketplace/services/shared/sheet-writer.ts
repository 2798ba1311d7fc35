import { PassThrough, type Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { excelJs } from './heavy-libraries';
import { guardRow, looksLikeFormula } from './sheet-cells';

/** Rows written between two turns of the event loop, so the file flows out while it is made. */
const ROWS_PER_TURN = 1_000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Writes a workbook with exceljs's streaming writer into a stream that is returned at once: rows are
 * committed as they are written, so the file never sits whole in memory. A failure ends the stream with it.
 */
export function streamedWorkbook(
  creator: string,
  fill: (workbook: ExcelJS.stream.xlsx.WorkbookWriter) => Promise<void>,
): Readable {
  const stream = new PassThrough();
  const write = async () => {
    const { stream: writers } = await excelJs();
    const workbook = new writers.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
    workbook.creator = creator;
    workbook.created = new Date();
    await fill(workbook);
    await workbook.commit();
  };
  write().catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
  return stream;
}

/** A small workbook made whole in memory (an order's documents, a daily report) as the bytes of its file. */
export async function workbookBuffer(creator: string, fill: (workbook: ExcelJS.Workbook) => void): Promise<Buffer> {
  const ExcelJS = await excelJs();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = creator;
  workbook.created = new Date();
  fill(workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The sheet's header row (its columns' headers) in bold, guarded and committed. */
export function commitHeader(sheet: ExcelJS.Worksheet) {
  const header = sheet.getRow(1);
  header.font = { bold: true };
  guardRow(header).commit();
}

/**
 * One committed row per item, its values made as it is written, in turns of the event loop; only a
 * row holding a text that reads like a formula has its cells rewritten.
 */
export async function writeRows<T>(sheet: ExcelJS.Worksheet, items: readonly T[], valuesOf: (item: T) => unknown[]) {
  let written = 0;
  for (const item of items) {
    const values = valuesOf(item);
    const row = sheet.addRow(values);
    if (values.some(looksLikeFormula)) guardRow(row);
    row.commit();
    if (++written % ROWS_PER_TURN === 0) await nextTurn();
  }
}
