import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerImportBatches } from '../../server/marketplace/db/schema';
import { DEMO_PASSWORD } from '../../server/marketplace/db/seed/users';
import { IMPORT_LIMITS } from '../../app/domain/offers/import';
import { QUICK_ORDER_MAX_CHARS } from '../../app/domain/offers/quick-order';
import { accessToken, apiCaller, startTestMarketplace } from './harness';
import { importableItems } from './support/import-items';
import { HEADER, xlsxOf } from './support/sheets';

let harness: Awaited<ReturnType<typeof startTestMarketplace>>;
let call: ReturnType<typeof apiCaller>;
let buyer: string;

const items = () => importableItems(harness.database.db);

const send = (text: unknown, token = buyer) =>
  call('POST', '/stocklist/offer/bulk-offer-import/text', { token, body: { text } });
const review = () => call('GET', '/stocklist/offer/bulk-offer-import', { token: buyer });

beforeAll(async () => {
  harness = await startTestMarketplace({ items: 200 });
  call = apiCaller(harness.marketplace);
  buyer = await accessToken(call, 'buyer@example.com', DEMO_PASSWORD);
});
afterAll(() => harness.close());

describe('quick order pad: lines into the import review', () => {
  it('keeps the lines as the import, reviewed by the import’s rules; a blank price is the list price', async () => {
    const [inCart, tabbed, spaced, noPrice, over, wordy] = await items();
    await call('POST', '/stocklist/offer', {
      token: buyer,
      body: { itemNumberWarehouse: inCart!.inw, offerQuantity: 1, offerPrice: inCart!.listPrice },
    });
    const text = [
      'Item #\tWarehouse\tQuantity\tPrice',
      `${inCart!.itemNumber}\t${inCart!.warehouse}\t3\t${inCart!.listPrice - 1}`,
      '',
      `${tabbed!.itemNumber}\t${tabbed!.warehouse}\t2\t${tabbed!.listPrice - 2}`,
      `${spaced!.itemNumber}   ${spaced!.warehouse}  4 ${spaced!.listPrice - 3}`,
      `${noPrice!.itemNumber},${noPrice!.warehouse},1`,
      `${over!.itemNumber};${over!.warehouse};${over!.quantity + 10};${over!.listPrice + 100}`,
      `NO-SUCH-ITEM,${tabbed!.warehouse},1,10`,
      `${wordy!.itemNumber},${wordy!.warehouse},ten`,
      `${spaced!.itemNumber},Atlantis,1,10`,
    ].join('\n');
    const sent = await send(text);
    expect(sent).toEqual({ status: 201, body: { batchId: expect.any(Number), rows: 8 } });

    const { body } = await review();
    expect(body).toMatchObject({ source: 'text', fileName: '' });
    expect((body.invalidOffers as { line: number; reason: string }[]).map((r) => [r.line, r.reason])).toEqual([
      [8, 'itemNotFound'],
      [9, 'quantityNotNumber'],
      [10, 'warehouseNotFound'],
    ]);
    expect(body.conflictOffers).toEqual([
      expect.objectContaining({
        line: 2,
        itemNumberWarehouse: inCart!.inw,
        offerQuantity: 3,
        offerPrice: inCart!.listPrice - 1,
      }),
    ]);
    const valid = Object.values(
      body.validOffersMap as Record<
        string,
        { line: number; itemNumberWarehouse: string; offerQuantity: number; offerPrice: number; comments: string[] }[]
      >,
    ).flat();
    expect(valid.map((v) => [v.line, v.itemNumberWarehouse, v.offerQuantity, v.offerPrice, v.comments]).sort()).toEqual(
      [
        [4, tabbed!.inw, 2, tabbed!.listPrice - 2, []],
        [5, spaced!.inw, 4, spaced!.listPrice - 3, []],
        [6, noPrice!.inw, 1, noPrice!.listPrice, ['priceFromList']],
        [7, over!.inw, over!.quantity, over!.listPrice, ['quantityReduced', 'priceLowered']],
      ].sort(),
    );

    // The lines as kept, to change them on the pad: tab-separated, in their order, the header and the blank line gone.
    expect(
      (await call('GET', '/stocklist/offer/bulk-offer-import/text', { token: buyer })).body.text.split('\n'),
    ).toEqual([
      `${inCart!.itemNumber}\t${inCart!.warehouse}\t3\t${inCart!.listPrice - 1}`,
      `${tabbed!.itemNumber}\t${tabbed!.warehouse}\t2\t${tabbed!.listPrice - 2}`,
      `${spaced!.itemNumber}\t${spaced!.warehouse}\t4\t${spaced!.listPrice - 3}`,
      `${noPrice!.itemNumber}\t${noPrice!.warehouse}\t1`,
      `${over!.itemNumber}\t${over!.warehouse}\t${over!.quantity + 10}\t${over!.listPrice + 100}`,
      `NO-SUCH-ITEM\t${tabbed!.warehouse}\t1\t10`,
      `${wordy!.itemNumber}\t${wordy!.warehouse}\tten`,
      `${spaced!.itemNumber}\tAtlantis\t1\t10`,
    ]);

    // Submitted as any import: one go through the offer service, the blank price a buy at the list price.
    const accepted = await call('POST', '/stocklist/offer/bulk-offer-import/accept', {
      token: buyer,
      body: { batchId: body.batchId, expected: 5 },
    });
    expect(accepted).toEqual({ status: 200, body: { submitted: 5 } });
    const offers = (await call('GET', '/stocklist/offers', { token: buyer })).body as Record<
      string,
      { offerStatus: string; offerQuantity: number; offerPrice: number }
    >;
    expect(offers[noPrice!.inw]).toMatchObject({
      offerStatus: 'BUY_AT_LIST',
      offerQuantity: 1,
      offerPrice: noPrice!.listPrice,
    });
    expect(offers[tabbed!.inw]).toMatchObject({ offerQuantity: 2, offerPrice: tabbed!.listPrice - 2 });
  });

  it('a spreadsheet keeps refusing a blank price: the rule is the pad’s only', async () => {
    const [item] = (await items()).slice(10);
    const form = new FormData();
    form.append(
      'file',
      new File([new Uint8Array(await xlsxOf([HEADER, [item!.itemNumber, item!.warehouse, 1, null]]))], 'offers.xlsx'),
    );
    const response = await harness.marketplace.fetch(
      new Request('http://m/px-api-gateway/stocklist/offer/bulk-offer-import', {
        method: 'POST',
        headers: { authorization: `Bearer ${buyer}`, 'file-name': 'offers.xlsx' },
        body: form,
      }),
    );
    expect(response.status).toBe(201);
    const { body } = await review();
    expect(body.source).toBe('file');
    // A file's rows are not lines to change on the pad.
    expect(await call('GET', '/stocklist/offer/bulk-offer-import/text', { token: buyer })).toMatchObject({
      status: 404,
      body: { messageCode: 'importNotFound' },
    });
    expect((body.invalidOffers as { reason: string }[]).map((r) => r.reason)).toEqual(['missingPrice']);
  });

  it('refuses what the pad refuses, with the same messages, and keeps the earlier import', async () => {
    const [item] = (await items()).slice(12);
    expect((await send(`${item!.itemNumber},${item!.warehouse},1`)).status).toBe(201);
    const kept = (await harness.database.db.select({ id: offerImportBatches.id }).from(offerImportBatches)).map(
      (b) => b.id,
    );

    expect(await send('Item #\tWarehouse\tQuantity\n\n')).toMatchObject({
      status: 400,
      body: { messageCode: 'quickOrderEmpty' },
    });
    const many = Array.from({ length: IMPORT_LIMITS.rows + 1 }, (_, i) => `A${i},LAX,1`).join('\n');
    expect(await send(many)).toMatchObject({
      status: 400,
      body: { messageCode: 'importTooManyRows', params: { max: IMPORT_LIMITS.rows } },
    });
    expect(await send(`A,LAX,1\n${'x'.repeat(IMPORT_LIMITS.cellChars + 1)},LAX,1`)).toMatchObject({
      status: 400,
      body: { messageCode: 'importCellTooLong', params: { line: '2' } },
    });
    expect(await send('x'.repeat(QUICK_ORDER_MAX_CHARS + 1))).toMatchObject({
      status: 413,
      body: { messageCode: 'quickOrderTooLong', params: { max: QUICK_ORDER_MAX_CHARS } },
    });
    // A body too large to be the text is refused before it is read.
    expect(await send('é'.repeat(QUICK_ORDER_MAX_CHARS * 2))).toMatchObject({
      status: 413,
      body: { messageCode: 'quickOrderTooLong' },
    });
    expect(await send(42)).toMatchObject({ status: 400 });

    expect(
      (await harness.database.db.select({ id: offerImportBatches.id }).from(offerImportBatches)).map((b) => b.id),
    ).toEqual(kept);
    expect((await review()).body).toMatchObject({ source: 'text', counts: { valid: 1 } });
  });
});
