import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { DEMO_PASSWORD } from '../../server/marketplace/db/seed/users';
import { accessToken, apiCaller, startTestMarketplace } from './harness';
import { blankRows, crowdedCell, deeplyNestedCell, farRightCells, manySharedStrings } from './support/hostile-sheets';

/**
 * Small files that cost a naive reader much (issue "Money and abuse", item 3), through the tenant
 * API: each is refused with its own message code (before the limits: 2 s to 50 s of CPU each).
 * tests/security/import-hostile.test.ts uploads them to the built server, six at once.
 */

let harness: Awaited<ReturnType<typeof startTestMarketplace>>;
let buyer: string;

async function upload(bytes: Buffer, fileName = 'offers.xlsx') {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(bytes)], fileName));
  const response = await harness.marketplace.fetch(
    new Request('http://m/px-api-gateway/stocklist/offer/bulk-offer-import', {
      method: 'POST',
      headers: { authorization: `Bearer ${buyer}`, 'file-name': fileName },
      body: form,
    }),
  );
  const body = (await response.json()) as { messageCode?: string; params?: Record<string, unknown> };
  return {
    status: response.status,
    messageCode: body.messageCode,
    params: body.params,
  };
}

beforeAll(async () => {
  harness = await startTestMarketplace({ items: 50 });
  buyer = await accessToken(apiCaller(harness.marketplace), 'buyer@example.com', DEMO_PASSWORD);
});
afterAll(() => harness.close());

describe('bulk offer import: hostile files', () => {
  // How long each refusal takes, against the reader over a plain file: `npm run bench` (spreadsheets).
  it('refuses each xlsx at the limit it passes', async () => {
    const cases: [string, Buffer, string, Record<string, unknown>][] = [
      ['a cell of 500,000 nested elements (6 KB)', deeplyNestedCell(500_000), 'importTooComplex', {}],
      ['a cell of 200,000 rich text runs', crowdedCell(200_000), 'importTooComplex', {}],
      ['2,000,000 blank rows (20 KB)', blankRows(2_000_000), 'importTooManySheetRows', { max: 50_000 }],
      [
        '3,000,000 shared strings (8 MB)',
        manySharedStrings(3_000_000),
        'importTooManyStrings',
        { max: 200_000, limitMb: 16 },
      ],
      ['20,000 rows reaching column XFD', farRightCells(20_000), 'importTooManyCells', { max: 1_000_000 }],
    ];
    for (const [label, bytes, messageCode, params] of cases) {
      const result = await upload(bytes);
      expect([result.status, result.messageCode, result.params], label).toEqual([400, messageCode, params]);
    }
  }, 120_000);

  it('refuses a legacy xls whose string table holds more texts than allowed, before SheetJS reads it', async () => {
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      workbook,
      XLSX.utils.aoa_to_sheet([
        ['Item #', 'Warehouse', 'New Offer Quantity', 'New Offer Price'],
        ['ITEM-1', 'LAX', 1, 10],
      ]),
      'Offers',
    );
    const small = XLSX.write(workbook, { type: 'buffer', bookType: 'xls', bookSST: true }) as Buffer;
    expect((await upload(small, 'offers.xls')).messageCode).not.toBe('importTooManyStrings');
    // The same file, its string table saying it holds 3,000,000 texts (SheetJS would read that many).
    const container = XLSX.CFB.read(small, { type: 'buffer' });
    const stream = XLSX.CFB.find(container, 'Workbook') as { content: Buffer };
    for (let at = 0; at + 4 <= stream.content.length; at += 4 + stream.content.readUInt16LE(at + 2)) {
      if (stream.content.readUInt16LE(at) === 0x00fc) stream.content.writeUInt32LE(3_000_000, at + 8);
    }
    const result = await upload(Buffer.from(XLSX.CFB.write(container, { type: 'buffer' }) as Uint8Array), 'offers.xls');
    expect([result.status, result.messageCode]).toEqual([400, 'importTooManyStrings']);
  });
});
