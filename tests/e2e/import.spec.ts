import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { ALL_AUTHORITIES, buyerApi, createUser, expect, test, openSignedIn } from './support/fixtures';
import { importableItems, submitImportAndReadOffers } from './support/import-items';

const itemsOf = (warehouse: string, offset: number) => importableItems(warehouse, offset);

/** A spreadsheet as a buyer makes one: a title, the columns in their own order with an extra one, a blank row. */
async function offerFile(path: string, rows: (string | number | null)[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('My offers');
  sheet.addRow(['Offers for this week']);
  sheet.addRow([]);
  sheet.addRow(['Warehouse', 'Notes', 'New Offer Price', 'Item #', 'New Offer Quantity']);
  for (const row of rows) sheet.addRow(row);
  await workbook.xlsx.writeFile(path);
}

async function openUpload(page: Page) {
  await page.getByRole('navigation', { name: 'Stock list actions' }).getByRole('link', { name: 'IMPORT' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Offers' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('bulk offer import', () => {
  test('upload a spreadsheet, review every kind of row, delete one, reload, submit: the cart has the offers', async ({
    page,
    javaScriptOn,
    expectNoAxeViolations,
  }, testInfo) => {
    const user = await createUser({ authorities: ALL_AUTHORITIES });
    const warehouse = javaScriptOn ? 'LAX' : 'NYC';
    const [inCart, first, second, removed] = await itemsOf(warehouse, 0);
    const api = await buyerApi(user.email, user.password);
    await api('POST', '/stocklist/offer', {
      itemNumberWarehouse: inCart!.itemNumberWarehouse,
      offerQuantity: 1,
      offerPrice: inCart!.listPrice,
    });
    const label = javaScriptOn ? 'Los Angeles' : 'New York';
    const file = testInfo.outputPath('offers.xlsx');
    await offerFile(file, [
      [warehouse, 'already in the cart', inCart!.listPrice - 1, inCart!.itemNumber, 2],
      [label, 'by the label', String(first!.listPrice - 2), `SKU ${first!.itemNumber}`, '3'],
      [],
      [warehouse, 'ünïcödé — ok', second!.listPrice - 1, second!.itemNumber, 1],
      [warehouse, 'to delete', removed!.listPrice - 1, removed!.itemNumber, 1],
      [warehouse, 'unknown', 10, 'NO-SUCH-ITEM', 1],
    ]);

    await openSignedIn(page, '/stock', user);
    await expect(page).toHaveURL(/\/stock/);
    let dialog = await openUpload(page);
    await expectNoAxeViolations(page);

    // No file: the spec's message, inside the dialog.
    await dialog.getByRole('button', { name: 'UPLOAD' }).click();
    await expect(page.getByRole('dialog', { name: 'Import Offers' }).getByRole('alert')).toHaveText(
      /Please upload the file to have a successful import\./,
    );
    const fileInput = page.getByRole('dialog', { name: 'Import Offers' }).locator('input[type=file]');
    await expect(fileInput).toHaveAttribute('aria-invalid', 'true');
    await expect(fileInput).toHaveAccessibleDescription(/^Please upload the file to have a successful import\./);

    // The template is a download of the required columns.
    dialog = page.getByRole('dialog', { name: 'Import Offers' });
    const [template] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('link', { name: 'Download the template' }).click(),
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(fs.readFileSync(await template.path()) as unknown as ArrayBuffer);
    expect((workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Item #',
      'Warehouse',
      'New Offer Quantity',
      'New Offer Price',
    ]);

    await dialog.locator('input[type=file]').setInputFiles(file);
    await dialog.getByRole('button', { name: 'UPLOAD' }).click();
    await expect(page).toHaveURL(/\/stock\/import$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Review Import' })).toBeVisible();
    // A page of the stock list, as Quick Order is: the way back, and its menu entry marked.
    await expect(page.getByRole('link', { name: 'Back to the Stock List' })).toHaveAttribute('href', '/stock');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Stock List' }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText('1 requests that could not be imported')).toBeVisible();
    await expect(page.getByText('1 requests that will overwrite items in the cart')).toBeVisible();
    await expect(page.locator('#invalid')).toContainText('There is no such item in this warehouse');
    await expect(page.locator('#updates tbody tr')).toHaveCount(1);
    await expect(page.locator('#new tbody tr')).toHaveCount(3);
    await expectNoAxeViolations(page);

    // The review is kept by the marketplace: a reload shows it again.
    await page.reload();
    await expect(page.locator('#new tbody tr')).toHaveCount(3);

    const deleteButton = page.locator(`#new button[value="${removed!.itemNumberWarehouse}"]`);
    await expect(deleteButton).toHaveAccessibleName(/^Delete .* from the import$/);
    await deleteButton.click();
    await expect(page.getByText('Removed from the import')).toBeVisible();
    await expect(page.locator('#new tbody tr')).toHaveCount(2);

    const offers = await submitImportAndReadOffers(page, api);
    expect(offers[inCart!.itemNumberWarehouse]).toMatchObject({
      offerStatus: 'PENDING_ACCEPTANCE',
      offerQuantity: 2,
      offerPrice: inCart!.listPrice - 1,
    });
    expect(offers[first!.itemNumberWarehouse]).toMatchObject({ offerQuantity: 3, offerPrice: first!.listPrice - 2 });
    expect(offers[second!.itemNumberWarehouse]).toMatchObject({ offerQuantity: 1 });
    expect(offers[removed!.itemNumberWarehouse]).toBeUndefined();

    // The cart shows them, waiting for the seller.
    await page.goto('/cart?tab=2');
    for (const item of [inCart, first, second])
      await expect(page.getByText(item!.itemNumber, { exact: false }).first()).toBeVisible();

    // The import is gone: the review page says so.
    await page.goto('/stock/import');
    await expect(page.getByText('There is no import to review.')).toBeVisible();
  });

  test('the stock list’s own export, with offers typed on three rows, imports back: the rows without an offer are skipped', async ({
    page,
  }, testInfo) => {
    const user = await createUser({ authorities: ALL_AUTHORITIES });
    const api = await buyerApi(user.email, user.password);
    await openSignedIn(page, '/stock?warehouseGroup=acme-us&warehouse=MIA', user);
    await expect(page).toHaveURL(/warehouse=MIA/);
    await page.getByText('EXPORT', { exact: true }).click();
    const [exported] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export Filtered Items' }).click(),
    ]);

    // The buyer types offers on three rows of the file as it came, and leaves the others blank.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await exported.path());
    const sheet = workbook.worksheets[0]!;
    const header = sheet.getRow(1).values as unknown[];
    const column = (name: string) => {
      const at = header.indexOf(name);
      expect(at, `the export has a ${name} column`).toBeGreaterThan(0);
      return at;
    };
    const typed: { itemNumber: string; price: number }[] = [];
    const blankRows = sheet.rowCount - 1 - 3;
    expect(blankRows).toBeGreaterThan(0);
    sheet.eachRow((row, n) => {
      if (n === 1 || typed.length === 3) return;
      const available = Number(row.getCell(column('Quantity Available')).value);
      const price = Math.floor(Number(row.getCell(column('List Price')).value)) - 1;
      if (available < 1 || price < 20) return;
      const itemNumber = String(row.getCell(column('Item #')).value);
      row.getCell(column('New Offer Quantity')).value = 1;
      row.getCell(column('New Offer Price')).value = price;
      typed.push({ itemNumber, price });
    });
    expect(typed).toHaveLength(3);
    const file = testInfo.outputPath('stock-list-with-offers.xlsx');
    await workbook.xlsx.writeFile(file);

    const dialog = await openUpload(page);
    await dialog.locator('input[type=file]').setInputFiles(file);
    await dialog.getByRole('button', { name: 'UPLOAD' }).click();
    await expect(page).toHaveURL(/\/stock\/import$/);
    const sections = page.getByRole('navigation', { name: 'Import sections' });
    await expect(sections.getByRole('link', { name: 'Invalid requests (0)' })).toBeVisible();
    await expect(sections.getByRole('link', { name: 'New requests (3)' })).toBeVisible();
    await expect(page.locator('#new tbody tr')).toHaveCount(3);

    const offers = await submitImportAndReadOffers(page, api);
    for (const { itemNumber, price } of typed)
      expect(offers[`${itemNumber}-MIA`], itemNumber).toMatchObject({
        offerStatus: 'PENDING_ACCEPTANCE',
        offerPrice: price,
      });
  });

  test('a file that is not a spreadsheet is refused inside the dialog; an import can be cancelled', async ({
    page,
    javaScriptOn,
  }, testInfo) => {
    const user = await createUser({ authorities: ALL_AUTHORITIES });
    const warehouse = javaScriptOn ? 'MIA' : 'NYC';
    const [item] = await itemsOf(warehouse, 30);
    const pdf = testInfo.outputPath('report.xlsx');
    fs.writeFileSync(pdf, Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(500, 32)]));
    const file = testInfo.outputPath('offers.xlsx');
    await offerFile(file, [[warehouse, '', item!.listPrice - 1, item!.itemNumber, 1]]);

    await openSignedIn(page, '/stock', user);
    let dialog = await openUpload(page);
    await dialog.locator('input[type=file]').setInputFiles(pdf);
    await dialog.getByRole('button', { name: 'UPLOAD' }).click();
    dialog = page.getByRole('dialog', { name: 'Import Offers' });
    await expect(dialog.getByRole('alert')).toContainText('Please upload an Excel spreadsheet (xlsx or xls).');
    await dialog.getByRole('alert').getByText('Dismiss').click();
    await expect(page.getByRole('dialog', { name: 'Import Offers' }).getByRole('alert')).toHaveCount(0);

    dialog = page.getByRole('dialog', { name: 'Import Offers' });
    await dialog.locator('input[type=file]').setInputFiles(file);
    await dialog.getByRole('button', { name: 'UPLOAD' }).click();
    await expect(page).toHaveURL(/\/stock\/import$/);
    await expect(page.locator('#new tbody tr')).toHaveCount(1);
    await page.getByRole('button', { name: 'Cancel Import' }).click();
    await expect(page.getByText('The import was cancelled')).toBeVisible();
    await expect(page).toHaveURL(/\/stock(\?|$)/);
    await page.goto('/stock/import');
    await expect(page.getByText('There is no import to review.')).toBeVisible();
  });
});
