import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { DEMO_PASSWORD } from '../../server/marketplace/db/seed/users';
import { filteredItems } from '../../app/domain/stock/engine';
import { reportWorkbook } from '../../server/marketplace/services/stock/daily-report';
import { stockWorkbook, stockWorkbookStream } from '../../server/marketplace/services/stock/stock-export';
import { accessToken, apiCaller, startTestMarketplace } from './harness';
import { stockExport } from './support/sheets';

let harness: Awaited<ReturnType<typeof startTestMarketplace>>;
let buyer: string;

beforeAll(async () => {
  harness = await startTestMarketplace({ items: 200 });
  buyer = await accessToken(apiCaller(harness.marketplace), 'buyer@example.com', DEMO_PASSWORD);
});
afterAll(() => harness.close());

const DANGEROUS = ['=HYPERLINK("http://evil.example","click")', '+1+2', '-3+4', '@SUM(A1:A2)', '\t=1+1'];

/** The first worksheet's XML and its cells as exceljs reads them back. */
async function open(bytes: Buffer) {
  const zip = await JSZip.loadAsync(bytes);
  const sheetName = Object.keys(zip.files).find((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n))!;
  const xml = await zip.file(sheetName)!.async('string');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const texts: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) =>
    texts.push(
      (row.values as unknown[]).slice(1).map((v) => {
        if (v && typeof v === 'object' && 'richText' in v)
          return (v as ExcelJS.CellRichTextValue).richText.map((r) => r.text).join('');
        return String(v ?? '');
      }),
    ),
  );
  return { xml, texts, sheet: workbook.worksheets[0]! };
}

describe('spreadsheets the marketplace writes', () => {
  it('the export streams: the tenant API answers before the body is read, and the file is whole', async () => {
    const response = await stockExport(harness.marketplace, buyer, { includeOutOfStock: true });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBeNull();
    const bytes = Buffer.from(await response.arrayBuffer());
    const { texts } = await open(bytes);
    expect(texts[0]).toEqual(expect.arrayContaining(['Item #', 'Description', 'Warehouse', 'List Price']));
    expect(texts.length).toBe((await harness.marketplace.deps.stock.snapshot('acme')).items.length + 1);
  });

  it("the filtered export holds what the search finds, in the buyer's sort (issue 37)", async () => {
    const exported = async (body: object) => {
      const response = await stockExport(harness.marketplace, buyer, body);
      expect(response.status).toBe(200);
      return (await open(Buffer.from(await response.arrayBuffer()))).texts;
    };
    const [header, ...rows] = await exported({
      includeOutOfStock: false,
      filters: { warehouseGroup: 'acme-us', category: 'PHONES' },
      q: 'apple',
      sort: 'price-desc',
    });
    const description = header!.indexOf('Description');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row[description]).toMatch(/apple|iphone/i);
    const all = await exported({
      includeOutOfStock: false,
      filters: { warehouseGroup: 'acme-us', category: 'PHONES' },
    });
    expect(rows.length).toBeLessThan(all.length - 1);
    // The rows are the engine's answer to the same query, in its order (groups highest price first).
    const { stock } = harness.marketplace.deps;
    const [settings, snapshot, group] = await Promise.all([
      stock.settings('acme'),
      stock.snapshot('acme'),
      stock.warehouseGroup('acme', 'acme-us'),
    ]);
    const items = group!.warehouseCodes.flatMap((code) => snapshot.byWarehouse.get(code) ?? []);
    const query = {
      warehouseGroup: 'acme-us',
      category: 'PHONES',
      warehouses: [],
      includeOutOfStock: false,
      filters: {},
      page: 1,
      q: 'apple',
      sort: 'price-desc' as const,
    };
    const number = header!.indexOf('Item #');
    const numbers = rows.map((row) => String(row[number]).replace(/^SKU /, ''));
    expect(numbers).toEqual(filteredItems(items, settings!, query).map((item) => item.itemNumber));
    expect(numbers).not.toEqual(
      filteredItems(items, settings!, { ...query, sort: undefined }).map((item) => item.itemNumber),
    );
    const refused = await stockExport(harness.marketplace, buyer, { includeOutOfStock: false, sort: 'cheapest' });
    expect(refused.status).toBe(400);
  });

  it('writes cells that start with = + - @ as text, never as formulas, in the export', async () => {
    const { stock } = harness.marketplace.deps;
    const settings = (await stock.settings('acme'))!;
    const [item] = (await stock.snapshot('acme')).items;
    const items = DANGEROUS.map((text, i) => ({ ...item!, itemNumber: `X${i}`, skuDescription: text }));
    const { xml, texts, sheet } = await open(await stockWorkbook(items, settings, harness.marketplace.deps.config));
    expect(xml).not.toContain('<f>');
    const column = texts[0]!.indexOf('Description');
    expect(texts.slice(1).map((r) => r[column])).toEqual(DANGEROUS);
    const cell = sheet.getRow(2).getCell(column + 1);
    expect(cell.type).toBe(ExcelJS.ValueType.RichText);
    expect(cell.numFmt).toBe('@');
    // Plain texts and numbers stay as they are.
    expect(sheet.getRow(2).getCell(1).type).toBe(ExcelJS.ValueType.String);
  });

  it('and in the daily report', async () => {
    const rows = DANGEROUS.map((text) => ({
      itemNumber: '=1',
      description: text,
      warehouse: '@MIA',
      category: 'PHONES',
      grade: 'A',
      quantityAvailable: 3,
      listPrice: 10,
      previousPrice: null,
      change: 'New availability' as const,
    }));
    const { xml, texts } = await open(
      await reportWorkbook(rows, { tenantName: 'T', currencySymbol: '$', currencyPrecision: 2 }),
    );
    expect(xml).not.toContain('<f>');
    expect(texts.slice(1).map((r) => r[1])).toEqual(DANGEROUS);
    expect(texts[1]![0]).toBe('=1');
  });

  it('streams 50,000 rows without holding the workbook', async () => {
    const { stock } = harness.marketplace.deps;
    const settings = (await stock.settings('acme'))!;
    const [item] = (await stock.snapshot('acme')).items;
    const items = Array.from({ length: 50_000 }, (_, i) => ({ ...item!, itemNumber: `BENCH-${i}` }));
    let chunks = 0;
    let bytes = 0;
    for await (const chunk of stockWorkbookStream(items, settings, harness.marketplace.deps.config)) {
      chunks += 1;
      bytes += (chunk as Buffer).length;
    }
    expect(chunks).toBeGreaterThan(10);
    expect(bytes).toBeGreaterThan(100_000);
  }, 60_000);
});
