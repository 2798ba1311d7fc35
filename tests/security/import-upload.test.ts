import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deflatedZerosAsync, HEADER, streamedXlsx, xlsxOf, zipOf } from '../integration/support/sheets';
import { Client, createBuyer, startServer, type RunningServer } from './server';

/**
 * The bulk offer import upload on the built server, as a browser without JavaScript sends it: bad
 * files come back to the upload dialog with a clear message, nothing is imported, and the server's
 * memory stays bounded (50 MB bodies, 200,000 rows, zip bombs).
 */

let server: RunningServer;
let client: Client;

/** The server's peak resident memory so far, in MiB (Linux). */
function peakRssMb(): number {
  const status = fs.readFileSync(`/proc/${server.process.pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

async function upload(files: { name: string; bytes: Buffer }[]) {
  const form = new FormData();
  form.append('intent', 'import-upload');
  for (const file of files) form.append('file', new File([new Uint8Array(file.bytes)], file.name));
  return client.request('/stock/import?warehouseGroup=acme-us', { method: 'POST', body: form });
}

/** Where the upload went and what the dialog then says. */
async function outcome(response: Response) {
  const location = response.headers.get('location') ?? '';
  const page = location ? await (await client.request(location)).text() : '';
  const alert =
    /<div class="notice notice--error import-error" role="alert"[^>]*><p>([^<]*)<\/p>/.exec(page)?.[1] ?? null;
  return { status: response.status, location, alert };
}

beforeAll(async () => {
  server = await startServer();
  const buyer = await createBuyer(server);
  client = new Client(server.url);
  await client.signIn(buyer.email, buyer.password);
}, 120_000);
afterAll(() => server?.stop());

describe('import uploads on the built server', () => {
  it('refuses bad files back in the dialog, keeping memory bounded, and imports nothing', async () => {
    const start = peakRssMb();
    const bomb = zipOf([
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
      {
        name: 'xl/sharedStrings.xml',
        data: Buffer.alloc(0),
        deflated: await deflatedZerosAsync(300),
        declaredSize: 1000,
      },
    ]);
    const cases: [string, { name: string; bytes: Buffer }[], string][] = [
      ['no file', [], 'Please upload the file to have a successful import.'],
      [
        'two files',
        [
          { name: 'a.xlsx', bytes: await xlsxOf([HEADER]) },
          { name: 'b.xlsx', bytes: await xlsxOf([HEADER]) },
        ],
        'Only one file may be uploaded at a time.',
      ],
      [
        'a renamed PDF',
        [{ name: 'offers.xlsx', bytes: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(4000, 65)]) }],
        'Please upload an Excel spreadsheet (xlsx or xls).',
      ],
      ['50 MB', [{ name: 'big.xlsx', bytes: Buffer.alloc(50 * 1024 * 1024, 7) }], 'The file is larger than 10 MB.'],
      ['a zip bomb', [{ name: 'bomb.xlsx', bytes: bomb }], 'The spreadsheet is larger than 64 MB once unpacked.'],
      [
        '200,000 rows',
        [{ name: 'rows.xlsx', bytes: await streamedXlsx(HEADER, 200_000, (i) => [`ITEM-${i}`, 'LAX', 1, 10]) }],
        'The file has more than 20,000 rows; split it into smaller files.',
      ],
      [
        'a sheet with no header',
        [
          {
            name: 'plain.xlsx',
            bytes: await xlsxOf([
              ['a', 'b'],
              [1, 2],
            ]),
          },
        ],
        'No header row with the columns Item #, Warehouse, New Offer Quantity and New Offer Price was found.',
      ],
      [
        'formulas only in the header',
        [
          {
            name: 'f.xlsx',
            bytes: await xlsxOf([[{ formula: '"Item #"' }, 'Warehouse', 'New Offer Quantity', 'New Offer Price']]),
          },
        ],
        'The file is missing the columns: Item #.',
      ],
    ];
    for (const [label, files, message] of cases) {
      const result = await outcome(await upload(files));
      expect(result, label).toEqual({
        status: 302,
        location: '/stock?warehouseGroup=acme-us&dialog=import',
        alert: message,
      });
    }
    // The dialog shows the error once: the flash is gone on the next visit.
    expect((await outcome(await client.request('/stock/import'))).status).toBe(200);
    expect(await (await client.request('/stock/import')).text()).toContain('There is no import to review.');
    expect(peakRssMb() - start).toBeLessThan(200);
  }, 180_000);
});
