import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { offerHistory, offerImportBatches, offers } from '../../server/marketplace/db/schema';
import { DEMO_PASSWORD } from '../../server/marketplace/db/seed/users';
import { accessToken, apiCaller, ADMIN_TOKEN, startTestMarketplace } from './harness';
import { importableItems, type ImportItem } from './support/import-items';
import {
  deflatedZerosAsync,
  HEADER,
  stockExport,
  streamedXlsx,
  xlsOf,
  xlsxOf,
  zipOf,
  type Cell,
} from './support/sheets';

let harness: Awaited<ReturnType<typeof startTestMarketplace>>;
let call: ReturnType<typeof apiCaller>;
let buyer: string;

const items = (options?: Parameters<typeof importableItems>[1]) => importableItems(harness.database.db, options);

/** Uploads a file as the portal does: multipart, one part, the file-name header. */
async function upload(bytes: Buffer | null, fileName = 'offers.xlsx', token = buyer, extra?: (form: FormData) => void) {
  const form = new FormData();
  if (bytes) form.append('file', new File([new Uint8Array(bytes)], fileName));
  extra?.(form);
  const response = await harness.marketplace.fetch(
    new Request('http://m/px-api-gateway/stocklist/offer/bulk-offer-import', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'file-name': encodeURIComponent(fileName) },
      body: form,
    }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const review = () => call('GET', '/stocklist/offer/bulk-offer-import', { token: buyer });

beforeAll(async () => {
  harness = await startTestMarketplace({ items: 400 });
  call = apiCaller(harness.marketplace);
  buyer = await accessToken(call, 'buyer@example.com', DEMO_PASSWORD);
});
afterAll(() => harness.close());

describe('bulk offer import: reading files', () => {
  it('finds the columns by their header in any order under a title row, ignores extra columns and blank rows, and reads numbers typed as text', async () => {
    const [a, b, c] = await items();
    const file = await xlsxOf([
      ['Offers for next week', null, null],
      [],
      ['Notes', ' new offer price ', 'WAREHOUSE', 'Item #', 'Colour', 'New Offer Quantity'],
      ['first', a!.listPrice - 1, a!.warehouse, a!.itemNumber, 'black', 2],
      [],
      [null, null, null, null, 'only a note'],
      ['text numbers', String(b!.listPrice - 2), b!.warehouse, `SKU ${b!.itemNumber}`, 'blanc cassé — ünïcödé', ' 3 '],
      ['decimals', `${c!.listPrice - 3}.00`, c!.warehouse, c!.itemNumber, '', 1.0],
    ]);
    const uploaded = await upload(file);
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({ rows: 3 });
    const { body } = await review();
    expect(body.invalidOffers).toEqual([]);
    const valid = Object.values(
      body.validOffersMap as Record<
        string,
        { itemNumberWarehouse: string; offerQuantity: number; offerPrice: number; comments: string[] }[]
      >,
    ).flat();
    expect(valid.map((v) => [v.itemNumberWarehouse, v.offerQuantity, v.offerPrice]).sort()).toEqual(
      [
        [a!.inw, 2, a!.listPrice - 1],
        [b!.inw, 3, b!.listPrice - 2],
        [c!.inw, 1, c!.listPrice - 3],
      ].sort(),
    );
    expect(body.counts).toEqual({ invalid: 0, conflicts: 0, valid: 3 });
  });

  it('classifies every kind of row: unknown, duplicates, not numbers, dates, decimals, formulas, rules applied, cart updates', async () => {
    const list = await items();
    const [inCart, dup, plain, over, formula, cheap] = list.slice(3);
    const [closed] = await items({ acceptingOffers: false });
    await call('POST', '/stocklist/offer', {
      token: buyer,
      body: { itemNumberWarehouse: inCart!.inw, offerQuantity: 1, offerPrice: inCart!.listPrice },
    });
    const rows: Cell[][] = [
      HEADER,
      [inCart!.itemNumber, inCart!.warehouse, 4, inCart!.listPrice - 1],
      [dup!.itemNumber, dup!.warehouse, 1, dup!.listPrice - 1],
      [dup!.itemNumber, dup!.warehouse, 2, dup!.listPrice - 1],
      ['NO-SUCH-ITEM', plain!.warehouse, 1, 10],
      [plain!.itemNumber, 'Atlantis', 1, 10],
      [plain!.itemNumber, plain!.warehouse, 'ten', 10],
      [plain!.itemNumber, plain!.warehouse, new Date('2026-01-05'), 10],
      [plain!.itemNumber, plain!.warehouse, 2, 10.5],
      [plain!.itemNumber, plain!.warehouse, 2, null],
      [over!.itemNumber, over!.warehouse, over!.quantity + 50, over!.listPrice + 100],
      [
        formula!.itemNumber,
        formula!.warehouse,
        { formula: '1+1', result: 2 },
        { formula: 'B1', result: formula!.listPrice - 2 },
      ],
      [cheap!.itemNumber, cheap!.warehouse, 1, 0],
      [closed!.itemNumber, closed!.warehouse, 1, closed!.listPrice - 1],
      [closed!.itemNumber.slice(0, 0) + '=HYPERLINK("http://x")', closed!.warehouse, 1, 1],
    ];
    expect((await upload(await xlsxOf(rows))).status).toBe(201);
    const { body } = await review();
    const reasons = (
      body.invalidOffers as { line: number; reason: string; reasonParams: Record<string, unknown> }[]
    ).map((r) => [r.line, r.reason]);
    expect(reasons).toEqual([
      [3, 'duplicate'],
      [4, 'duplicate'],
      [5, 'itemNotFound'],
      [6, 'warehouseNotFound'],
      [7, 'quantityNotNumber'],
      [8, 'quantityNotNumber'],
      [9, 'priceNotWhole'],
      [10, 'missingPrice'],
      [13, 'priceBelowOne'],
      [14, 'offersNotAccepted'],
      [15, 'itemNotFound'],
    ]);
    expect((body.invalidOffers as { reasonParams: Record<string, unknown> }[])[0]!.reasonParams).toEqual({
      lines: '3, 4',
    });
    expect(body.conflictOffers).toEqual([
      expect.objectContaining({
        itemNumberWarehouse: inCart!.inw,
        offerQuantity: 4,
        offerPrice: inCart!.listPrice - 1,
        existing: { offerStatus: 'BUY_AT_LIST', offerQuantity: 1, offerPrice: inCart!.listPrice },
      }),
    ]);
    const valid = Object.values(
      body.validOffersMap as Record<
        string,
        { itemNumberWarehouse: string; offerQuantity: number; offerPrice: number; comments: string[] }[]
      >,
    ).flat();
    expect(valid.find((v) => v.itemNumberWarehouse === over!.inw)).toMatchObject({
      offerQuantity: over!.quantity,
      offerPrice: over!.listPrice,
      comments: ['quantityReduced', 'priceLowered'],
    });
    expect(valid.find((v) => v.itemNumberWarehouse === formula!.inw)).toMatchObject({
      offerQuantity: 2,
      offerPrice: formula!.listPrice - 2,
      comments: [],
    });
    expect(valid.find((v) => v.itemNumberWarehouse === cheap!.inw)).toBeUndefined();
    expect(body.counts).toEqual({ invalid: 11, conflicts: 1, valid: 2 });
  });

  it('imports the stock export back: offers typed on 6 of its rows are 6 offers, the rows left blank are skipped, a price of 0 is refused', async () => {
    const response = await stockExport(harness.marketplace, buyer, { includeOutOfStock: false });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const column = (name: string) => header.indexOf(name);
    expect(header.slice(-2)).toEqual(['New Offer Quantity', 'New Offer Price']);
    // Item numbers as they are (the list shows them as 'SKU …'): what a lookup on them finds.
    const rowOf = new Map<string, number>();
    sheet.eachRow(
      (row, n) =>
        n > 1 &&
        rowOf.set(
          `${String(row.getCell(column('Item #')).value)}|${String(row.getCell(column('Warehouse')).value)}`,
          n,
        ),
    );
    expect(rowOf.size).toBeGreaterThan(100);
    const labels = (await harness.marketplace.deps.stock.settings('acme'))!.warehouseLabels;
    const chosen = (await items()).slice(-7);
    const at = (item: ImportItem) => rowOf.get(`${item.itemNumber}|${labels[item.warehouse] ?? item.warehouse}`);
    expect(chosen.map(at).every((n) => n !== undefined)).toBe(true);
    const fill = async (offers: [ImportItem, number, number][]) => {
      for (const [item, quantity, price] of offers) {
        const row = sheet.getRow(at(item)!);
        row.getCell(column('New Offer Quantity')).value = quantity;
        row.getCell(column('New Offer Price')).value = price;
      }
      return Buffer.from(await workbook.xlsx.writeBuffer());
    };
    const six = chosen.slice(0, 6);
    expect((await upload(await fill(six.map((i) => [i, 2, i.listPrice - 1])), 'stock.xlsx')).body).toMatchObject({
      rows: 6,
    });
    const { body } = await review();
    expect(body.counts).toEqual({ invalid: 0, conflicts: 0, valid: 6 });
    const valid = Object.values(
      body.validOffersMap as Record<
        string,
        { itemNumberWarehouse: string; offerQuantity: number; offerPrice: number }[]
      >,
    ).flat();
    expect(valid.map((v) => [v.itemNumberWarehouse, v.offerQuantity, v.offerPrice]).sort()).toEqual(
      six.map((i) => [i.inw, 2, i.listPrice - 1]).sort(),
    );

    const zero = chosen[6]!;
    expect((await upload(await fill([[zero, 1, 0]]), 'stock.xlsx')).body).toMatchObject({ rows: 7 });
    const again = (await review()).body;
    expect(again.counts).toEqual({ invalid: 1, conflicts: 0, valid: 6 });
    expect(again.invalidOffers).toEqual([
      expect.objectContaining({ itemNumber: zero.itemNumber, offerPrice: '0', reason: 'priceBelowOne' }),
    ]);
    await call('POST', '/stocklist/offer/bulk-offer-import/cancel', { token: buyer });
  });

  it('rounds quantities to the increment', async () => {
    const [item] = await items({ increment: 'more' });
    expect(
      (
        await upload(
          await xlsxOf([HEADER, [item!.itemNumber, item!.warehouse, item!.increment + 1, item!.listPrice - 1]]),
        )
      ).status,
    ).toBe(201);
    const valid = Object.values(
      (await review()).body.validOffersMap as Record<string, { offerQuantity: number; comments: string[] }[]>,
    ).flat();
    expect(valid[0]).toMatchObject({ offerQuantity: item!.increment, comments: ['quantityRounded'] });
  });

  it('reads a merged header and a legacy xls', async () => {
    const [a] = await items();
    const merged = await xlsxOf(
      [
        ['Item #', null, 'Warehouse', 'New Offer Quantity', 'New Offer Price'],
        [a!.itemNumber, null, a!.warehouse, 1, a!.listPrice - 1],
      ],
      { merges: ['A1:B1'] },
    );
    expect((await upload(merged)).body).toMatchObject({ rows: 1 });
    const xls = xlsOf([['Offers'], HEADER, [a!.itemNumber, a!.warehouse, '5', a!.listPrice - 1]]);
    expect((await upload(xls, 'old.xls')).body).toMatchObject({ rows: 1 });
    const { body } = await review();
    expect(body.fileName).toBe('old.xls');
    expect(Object.values(body.validOffersMap as Record<string, { offerQuantity: number }[]>).flat()[0]).toMatchObject({
      offerQuantity: 5,
    });
  });

  it('refuses bad files with a clear message and keeps the earlier import', async () => {
    const [a] = await items();
    await upload(await xlsxOf([HEADER, [a!.itemNumber, a!.warehouse, 1, a!.listPrice]]));
    const before = (await review()).body.batchId;
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 32)]);
    const cases: [Promise<{ status: number; body: Record<string, unknown> }>, number, string][] = [
      [upload(null), 400, 'importNoFile'],
      [upload(pdf, 'renamed.xlsx'), 400, 'importNotSpreadsheet'],
      [upload(await xlsxOf([HEADER]), 'offers.pdf'), 400, 'importNotSpreadsheet'],
      [
        upload(
          await xlsxOf([
            ['Just', 'some'],
            ['text', 1],
          ]),
        ),
        400,
        'importNoHeader',
      ],
      [upload(await xlsxOf([['Item #', 'Warehouse', 'Quantity']])), 400, 'importMissingColumns'],
      [upload(await xlsxOf([HEADER, [], []])), 400, 'importEmpty'],
      [upload(await xlsxOf([HEADER, ['x'.repeat(1001), 'LAX', 1, 1]])), 400, 'importCellTooLong'],
      [
        upload(await xlsxOf([HEADER]), 'a.xlsx', buyer, (f) =>
          f.append('second', new File([new Uint8Array([1])], 'b.xlsx')),
        ),
        400,
        'importOneFile',
      ],
      [upload(Buffer.from('PK\u0003\u0004 not really a zip')), 400, 'importUnreadable'],
    ];
    for (const [result, status, code] of cases) {
      const { status: got, body } = await result;
      expect([got, body.messageCode], code).toEqual([status, code]);
    }
    expect((await upload(await xlsxOf([HEADER]), 'a.xlsx')).body.messageCode).toBe('importEmpty');
    expect((await review()).body.batchId).toBe(before);
  });

  it('refuses a file over the size limit', async () => {
    const { status, body } = await upload(Buffer.alloc(11 * 1024 * 1024, 1));
    expect([status, body.messageCode]).toEqual([413, 'importTooLarge']);
  });

  it('stops a zip bomb by what it unpacks to, whether its sizes are declared or hidden', async () => {
    const zeros = await deflatedZerosAsync(200);
    expect(zeros.length).toBeLessThan(1024 * 1024);
    const workbook = Buffer.from('<workbook/>');
    const declared = zipOf([
      { name: 'xl/workbook.xml', data: workbook },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(0), deflated: zeros, declaredSize: 200 * 1024 * 1024 },
    ]);
    const hidden = zipOf([
      { name: 'xl/workbook.xml', data: workbook },
      { name: 'xl/sharedStrings.xml', data: Buffer.alloc(0), deflated: zeros, declaredSize: 1000 },
    ]);
    const before = process.memoryUsage().rss;
    for (const bomb of [declared, hidden]) {
      const { status, body } = await upload(bomb);
      expect([status, body.messageCode]).toEqual([400, 'importTooLargeInside']);
    }
    expect(process.memoryUsage().rss - before).toBeLessThan(150 * 1024 * 1024);
  });

  it('refuses more rows than allowed while reading them', async () => {
    const file = await streamedXlsx(HEADER, 20_001, (i) => [`ITEM-${i}`, 'LAX', 1, 10]);
    const { status, body } = await upload(file);
    expect([status, body.messageCode, body.params]).toEqual([400, 'importTooManyRows', { max: 20_000 }]);
  }, 60_000);
});

describe('bulk offer import: review, delete, cancel, submit', () => {
  it('deletes an entry, submits the rest in one go through the offer service, and a second submit does nothing', async () => {
    const list = (await items()).slice(20, 23);
    await upload(await xlsxOf([HEADER, ...list.map((i) => [i.itemNumber, i.warehouse, 2, i.listPrice - 1] as Cell[])]));
    const first = await review();
    expect(first.body.counts).toEqual({ invalid: 0, conflicts: 0, valid: 3 });
    expect(
      (await call('DELETE', `/stocklist/offer/bulk-offer-import/${encodeURIComponent(list[0]!.inw)}`, { token: buyer }))
        .status,
    ).toBe(204);
    expect(
      (await call('DELETE', `/stocklist/offer/bulk-offer-import/${encodeURIComponent(list[0]!.inw)}`, { token: buyer }))
        .status,
    ).toBe(404);
    const { body } = await review();
    expect(body.counts).toEqual({ invalid: 0, conflicts: 0, valid: 2 });

    const stale = await call('POST', '/stocklist/offer/bulk-offer-import/accept', {
      token: buyer,
      body: { batchId: body.batchId, expected: 3 },
    });
    expect([stale.status, stale.body.messageCode]).toEqual([409, 'importChanged']);
    const accepted = await call('POST', '/stocklist/offer/bulk-offer-import/accept', {
      token: buyer,
      body: { batchId: body.batchId, expected: 2 },
    });
    expect(accepted).toEqual({ status: 200, body: { submitted: 2 } });
    const again = await call('POST', '/stocklist/offer/bulk-offer-import/accept', {
      token: buyer,
      body: { batchId: body.batchId, expected: 2 },
    });
    expect([again.status, again.body.messageCode]).toEqual([409, 'importNotFound']);
    expect((await review()).status).toBe(404);

    const cart = (await call('GET', '/stocklist/offers', { token: buyer })).body as Record<
      string,
      { offerId: number; offerStatus: string; offerQuantity: number }
    >;
    expect(cart[list[0]!.inw]).toBeUndefined();
    for (const item of list.slice(1)) {
      expect(cart[item.inw]).toMatchObject({ offerStatus: 'PENDING_ACCEPTANCE', offerQuantity: 2 });
      const history = await harness.database.db
        .select()
        .from(offerHistory)
        .where(eq(offerHistory.offerId, cart[item.inw]!.offerId));
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({
        toStatus: 'PENDING_ACCEPTANCE',
        detail: expect.objectContaining({ import: body.batchId }),
      });
    }
  });

  it('a submitted conflict takes the place of the cart entry, with its history', async () => {
    const list = (await items()).slice(40, 43);
    const inCart = await Promise.all(
      list.map((i) =>
        call('POST', '/stocklist/offer', {
          token: buyer,
          body: { itemNumberWarehouse: i.inw, offerQuantity: 1, offerPrice: i.listPrice },
        }),
      ),
    );
    expect(inCart.map((r) => r.body.offerStatus)).toEqual(['BUY_AT_LIST', 'BUY_AT_LIST', 'BUY_AT_LIST']);
    await upload(await xlsxOf([HEADER, ...list.map((i) => [i.itemNumber, i.warehouse, 2, i.listPrice - 1] as Cell[])]));
    const { body } = await review();
    expect(body.counts).toEqual({ invalid: 0, conflicts: 3, valid: 0 });
    expect(
      (
        await call('POST', '/stocklist/offer/bulk-offer-import/accept', {
          token: buyer,
          body: { batchId: body.batchId, expected: 3 },
        })
      ).body,
    ).toEqual({ submitted: 3 });

    const cart = (await call('GET', '/stocklist/offers', { token: buyer })).body as Record<
      string,
      { offerId: number; offerStatus: string; offerQuantity: number; offerPrice: number }
    >;
    for (const [n, item] of list.entries()) {
      expect(cart[item.inw]).toMatchObject({
        offerId: inCart[n]!.body.offerId,
        offerStatus: 'PENDING_ACCEPTANCE',
        offerQuantity: 2,
        offerPrice: item.listPrice - 1,
      });
      const history = await harness.database.db
        .select()
        .from(offerHistory)
        .where(eq(offerHistory.offerId, cart[item.inw]!.offerId))
        .orderBy(offerHistory.id);
      expect(history.map((h) => [h.fromStatus, h.toStatus])).toEqual([
        [null, 'BUY_AT_LIST'],
        ['BUY_AT_LIST', 'PENDING_ACCEPTANCE'],
      ]);
      expect(history[1]!.detail).toMatchObject({
        import: body.batchId,
        offerQuantity: 2,
        offerPrice: item.listPrice - 1,
      });
    }
  });

  it('is all or nothing: one entry refused at submit leaves every offer and the import as they were', async () => {
    const list = (await items()).slice(30, 33);
    await upload(await xlsxOf([HEADER, ...list.map((i) => [i.itemNumber, i.warehouse, 3, i.listPrice - 1] as Cell[])]));
    const { body } = await review();
    // The seller closes the last warehouse to offers between the review and the submit... through the price: an item out of stock is refused.
    await call('POST', '/admin/stock', {
      body: { itemNumberWarehouse: list[2]!.inw, quantityAvailable: 0 },
      headers: { 'x-admin-token': ADMIN_TOKEN },
    });
    const refused = await call('POST', '/stocklist/offer/bulk-offer-import/accept', {
      token: buyer,
      body: { batchId: body.batchId, expected: 3 },
    });
    expect([refused.status, refused.body.messageCode]).toEqual([409, 'importChanged']);
    const rows = await harness.database.db.select().from(offers).where(eq(offers.itemNumberWarehouse, list[0]!.inw));
    expect(rows).toEqual([]);
    expect((await review()).body.counts).toEqual({ invalid: 1, conflicts: 0, valid: 2 });
  });

  it('cancels, survives as a batch in the database, and expires after a day', async () => {
    const [a] = await items();
    await upload(await xlsxOf([HEADER, [a!.itemNumber, a!.warehouse, 1, a!.listPrice - 1]]));
    expect(await harness.database.db.select().from(offerImportBatches)).toHaveLength(1);
    expect((await call('POST', '/stocklist/offer/bulk-offer-import/cancel', { token: buyer })).status).toBe(204);
    expect((await review()).status).toBe(404);
    await upload(await xlsxOf([HEADER, [a!.itemNumber, a!.warehouse, 1, a!.listPrice - 1]]));
    const tomorrow = new Date(Date.now() + 24 * 60 * 60_000 + 1000).toISOString();
    await call('POST', `/admin/jobs/draft-cleanup?at=${tomorrow}`);
    expect(await harness.database.db.select().from(offerImportBatches)).toHaveLength(0);
  });

  it('offers a template with the required columns and one example row', async () => {
    const response = await harness.marketplace.fetch(
      new Request('http://m/px-api-gateway/stocklist/offer/bulk-offer-import/template', {
        headers: { authorization: `Bearer ${buyer}` },
      }),
    );
    expect(response.headers.get('content-disposition')).toContain('offer-import-template.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER);
    expect(sheet.rowCount).toBe(2);
    // The template as it comes is a valid import.
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    expect((await upload(bytes)).status).toBe(201);
    expect((await review()).body.counts).toMatchObject({ invalid: 0 });
  });
});
