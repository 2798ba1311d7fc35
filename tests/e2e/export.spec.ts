import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { ALL_AUTHORITIES, createUser, expect, test, openSignedIn } from './support/fixtures';

async function rowsOf(file: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(fs.readFileSync(file) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return rows;
}

test.describe('stock list export', () => {
  test('exports the filtered list and all items as spreadsheets', async ({ page }) => {
    const user = await createUser({ authorities: ALL_AUTHORITIES });
    await openSignedIn(page, '/stock?warehouseGroup=acme-us&category=TABLETS&warehouse=MIA', user);
    await expect(page).toHaveURL(/category=TABLETS/);
    const summary = await page.locator('.stock-summary').innerText();
    const itemCount = Number(/^(\d+) items/.exec(summary)![1]);

    await page.getByText('EXPORT', { exact: true }).click();
    const [filtered] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export Filtered Items' }).click(),
    ]);
    expect(filtered.suggestedFilename()).toMatch(/^stock-list-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const rows = await rowsOf(await filtered.path());
    expect(rows[0]).toEqual(
      expect.arrayContaining(['Item #', 'Description', 'Grade', 'Warehouse', 'Quantity Available', 'List Price']),
    );
    expect(rows).toHaveLength(itemCount + 1);
    const warehouseColumn = rows[0]!.indexOf('Warehouse');
    expect(new Set(rows.slice(1).map((r) => r[warehouseColumn]))).toEqual(new Set(['Miami']));

    // The menu is still open after the first download.
    if (!(await page.getByRole('link', { name: 'Export All Items' }).isVisible()))
      await page.getByText('EXPORT', { exact: true }).click();
    const [all] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export All Items' }).click(),
    ]);
    expect((await rowsOf(await all.path())).length).toBeGreaterThan(itemCount + 1);
  });
});
