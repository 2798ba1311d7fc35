import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { servers } from './support/servers';
import { admin, ALL_AUTHORITIES, createUser, expect, test, openSignedIn } from './support/fixtures';

/** The xlsx attached to the newest e-mail to this address in the demo server's outbox. */
async function reportAttachment(email: string): Promise<string[][]> {
  const outbox = path.join(servers().demo.dataDir, 'outbox');
  const file = fs
    .readdirSync(outbox)
    .filter((f) => f.includes(email))
    .sort()
    .at(-1);
  if (!file) throw new Error(`no e-mail to ${email}`);
  const mime = fs.readFileSync(path.join(outbox, file), 'utf8');
  const part = mime.split(/\r?\n--/).find((p) => /filename="?daily-report-[\d-]+\.xlsx/.test(p));
  if (!part) throw new Error('no xlsx attachment');
  const body = part
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('')
    .replace(/[^A-Za-z0-9+/=]/g, '');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(body, 'base64') as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return rows;
}

test.describe('daily report', () => {
  test('subscribe and unsubscribe, keeping the list; the report arrives as a spreadsheet with the changes', async ({
    page,
    expectNoAxeViolations,
    javaScriptOn,
  }) => {
    const user = await createUser({ authorities: ALL_AUTHORITIES });
    await openSignedIn(page, '/stock?warehouseGroup=acme-us&category=TABLETS', user);
    await expect(page).toHaveURL(/\/stock\?/);
    const listUrl = page.url();
    const toolbar = page.getByRole('navigation', { name: 'Stock list actions' });
    await toolbar.getByText('More actions').click();
    await toolbar.getByRole('link', { name: 'DAILY REPORT' }).click();
    const dialog = page.getByRole('dialog', { name: 'Daily Report' });
    await expect(dialog.getByText('You are not subscribed to the daily report.')).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'SUBSCRIBE' }).click();
    await expect(
      page.getByText('You will receive a daily spreadsheet report on all new inventory availability and price drops'),
    ).toBeVisible();
    await expect(page).toHaveURL(listUrl);

    const rows = (await admin(
      'GET',
      `/stock?warehouse=${javaScriptOn ? 'LAX' : 'NYC'}&minQuantity=5&offset=30&limit=2`,
    )) as { itemNumberWarehouse: string; listPrice: number; quantityAvailable: number }[];
    await admin('POST', '/stock', {
      itemNumberWarehouse: rows[0]!.itemNumberWarehouse,
      listPrice: rows[0]!.listPrice - 7,
    });
    await admin('POST', '/stock', {
      itemNumberWarehouse: rows[1]!.itemNumberWarehouse,
      quantityAvailable: rows[1]!.quantityAvailable + 25,
    });
    await admin('POST', '/reports/daily');
    const sheet = await reportAttachment(user.email);
    expect(sheet[0]).toEqual([
      'Item #',
      'Description',
      'Warehouse',
      'Category',
      'Grade',
      'Quantity Available',
      'List Price',
      'Previous Price',
      'Change',
    ]);
    const changeOf = (inw: string) => sheet.find((r) => inw.startsWith(r[0]!))?.[8];
    expect(changeOf(rows[0]!.itemNumberWarehouse)).toBe('Price drop');
    expect(changeOf(rows[1]!.itemNumberWarehouse)).toBe('New availability');

    await toolbar.getByText('More actions').click();
    await toolbar.getByRole('link', { name: 'DAILY REPORT' }).click();
    await expect(dialog.getByText('You are subscribed to the daily report.')).toBeVisible();
    await dialog.getByRole('button', { name: 'UNSUBSCRIBE' }).click();
    await expect(
      page.getByText(
        'You will No Longer receive a daily spreadsheet report on all new inventory availability and price drops',
      ),
    ).toBeVisible();
  });
});
