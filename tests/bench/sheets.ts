/**
 * Spreadsheet benchmark worker: runs one case in a process of its own, so its peak RSS is its own,
 * and prints one JSON line { median, maxRssMb }. The cases come in pairs, ours against exceljs bare:
 *   import <file>          the offer import's reader (zip guard, streaming read, header, limits)
 *   read <file>            exceljs's streaming reader over the same file, doing nothing with the rows
 *   export <items>         the stock export's streaming writer over that many catalogue items
 *   write <items>          exceljs's streaming writer over the same cells, with no styles and no guard
 *   write-styled <items>   the same with styles on and the list price's money format, as the export has
 *   hostile <kind>         the import's reader refusing a small file that costs a naive reader much
 *                          (nested, crowded, blank, strings, far-right: tests/integration/support/hostile-sheets.ts)
 */
import fs from 'node:fs';
import { Readable, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { StockItem } from '../../app/domain/stock/engine';
import { stocklistSettingsSchema } from '../../app/domain/stock/settings-schema';
import { IMPORT_COLUMN_HEADERS, IMPORT_COLUMNS, headerKey } from '../../app/domain/offers/import';
import { generateCatalogue } from '../../server/marketplace/db/seed/demo-catalogue';
import { readOfferSheet, type HeaderNames } from '../../server/marketplace/services/offers/import/read-sheet';
import { exportAttributes, exportRow, stockWorkbookStream } from '../../server/marketplace/services/stock/stock-export';
import {
  blankRows,
  crowdedCell,
  deeplyNestedCell,
  farRightCells,
  manySharedStrings,
} from '../integration/support/hostile-sheets';

const ROUNDS = Number(process.env.BENCH_SHEET_ROUNDS ?? 5);
const [, , kind, arg] = process.argv;

/** A sink that counts bytes: the file is made but kept nowhere. */
const sink = () => {
  let bytes = 0;
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done();
    },
  });
  return { stream, bytes: () => bytes };
};

function catalogue(count: number) {
  const generated = generateCatalogue({ items: count });
  const settingsValue = generated.settings.find((s) => s.key === 'stocklist-settings:acme')!.value;
  const settings = stocklistSettingsSchema.parse(settingsValue);
  const items: StockItem[] = generated.items.slice(0, count).map((r) => ({
    itemNumber: r.itemNumber,
    itemNumberWarehouse: r.itemNumberWarehouse,
    warehouse: r.warehouseCode,
    category: r.category,
    groupKey: r.groupKey,
    groupTitle: r.groupTitle,
    groupDescription: r.groupDescription,
    skuDescription: r.skuDescription,
    grade: r.grade,
    attributes: r.attributes,
    quantityAvailable: r.quantityAvailable,
    listPrice: r.listPrice ?? null,
    incrementSize: r.incrementSize ?? 1,
    minimumCheckoutQuantity: r.minimumCheckoutQuantity ?? 1,
    pendingOrderItemCount: 0,
  }));
  return { items, settings };
}

/** The hostile files of the import's tests, made once before the rounds (as the tests make them). */
const HOSTILE: Record<string, () => Buffer> = {
  nested: () => deeplyNestedCell(500_000),
  crowded: () => crowdedCell(200_000),
  blank: () => blankRows(2_000_000),
  strings: () => manySharedStrings(3_000_000),
  'far-right': () => farRightCells(20_000),
};

const importNames = () =>
  Object.fromEntries(IMPORT_COLUMNS.map((c) => [c, [headerKey(IMPORT_COLUMN_HEADERS[c])]])) as HeaderNames;

async function once(): Promise<void> {
  if (kind === 'import') {
    const rows = await readOfferSheet(new Uint8Array(fs.readFileSync(arg!)), 'bench.xlsx', importNames());
    if (!rows.length) throw new Error('no rows');
    return;
  }
  if (kind === 'hostile') {
    const refused = await readOfferSheet(new Uint8Array(hostile!), 'hostile.xlsx', importNames()).then(
      () => false,
      () => true,
    );
    if (!refused) throw new Error(`the hostile file ${arg} was read, not refused`);
    return;
  }
  if (kind === 'read') {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([fs.readFileSync(arg!)]), {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'cache',
      worksheets: 'emit',
      entries: 'ignore',
    });
    let rows = 0;
    for await (const sheet of reader) {
      for await (const row of sheet as unknown as AsyncIterable<ExcelJS.Row>) rows += row.number > 0 ? 1 : 0;
      break;
    }
    if (!rows) throw new Error('no rows');
    return;
  }
  const { items, settings } = data!;
  const out = sink();
  if (kind === 'export') {
    const stream = stockWorkbookStream(items, settings, {
      currencySymbol: '$',
      currencyPrecision: 2,
      tenantName: 'Bench',
    });
    await new Promise<void>((resolve, reject) => stream.pipe(out.stream).on('finish', resolve).on('error', reject));
  } else if (kind === 'write' || kind === 'write-styled') {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out.stream,
      useStyles: kind === 'write-styled',
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet('Stock');
    const attributes = exportAttributes(settings);
    const headers = [
      'Item #',
      'Description',
      'Category',
      ...attributes,
      'Grade',
      'Warehouse',
      'Quantity Available',
      'List Price',
    ];
    if (kind === 'write-styled')
      sheet.columns = headers.map((header, i) => ({
        header,
        ...(i === headers.length - 1 ? { style: { numFmt: '"$"#,##0.00' } } : {}),
      }));
    else sheet.addRow(headers).commit();
    for (const item of items) sheet.addRow(exportRow(item, settings, attributes)).commit();
    sheet.commit();
    await workbook.commit();
  } else throw new Error(`unknown case ${kind}`);
  if (out.bytes() < 1000) throw new Error('nothing written');
}

const data = kind === 'export' || kind?.startsWith('write') ? catalogue(Number(arg)) : null;
const hostile = kind === 'hostile' ? HOSTILE[arg!]!() : null;

const samples: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  const started = performance.now();
  await once();
  samples.push(performance.now() - started);
}
samples.sort((a, b) => a - b);
console.log(
  JSON.stringify({ median: samples[Math.floor(samples.length / 2)], maxRssMb: process.resourceUsage().maxRSS / 1024 }),
);
