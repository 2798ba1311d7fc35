import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';

/** An offer import of `rows` rows as a buyer would fill the template, written with exceljs's streaming writer. */
export async function importFile(
  rows: { itemNumber: string; warehouse: string; quantity: number; price: number }[],
): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => stream.on('end', resolve));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: true, useStyles: false });
  const sheet = workbook.addWorksheet('Offers');
  sheet.addRow(['Item #', 'Warehouse', 'New Offer Quantity', 'New Offer Price']).commit();
  for (const row of rows) sheet.addRow([row.itemNumber, row.warehouse, row.quantity, row.price]).commit();
  sheet.commit();
  await workbook.commit();
  await ended;
  return Buffer.concat(chunks);
}
