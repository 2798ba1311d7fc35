import fs from 'node:fs';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { admin, ALL_AUTHORITIES, createUser, expect, test, openSignedIn } from './support/fixtures';

interface History {
  created: number;
  first: { phonexOrderNumber: string; refOrderNumber: string | null; status: string; descriptions: string[] }[];
}

const ORDERS = 60;

/** A buyer of their own with 60 past orders, signed in on /orders. */
async function openOrders(page: Page, count = ORDERS) {
  const user = await createUser({ authorities: ALL_AUTHORITIES });
  const history = (await admin('POST', '/order-history', { email: user.email, count })) as History;
  expect(history.created).toBe(count);
  await openSignedIn(page, '/orders', user);
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  return { user, history };
}

/** With JavaScript, the rows become clickable once the page is hydrated: wait for it before typing or clicking. */
const hydrated = (page: Page) => expect(page.locator('html.scripted')).toHaveCount(1);
const rows = (page: Page) => page.locator('.orders-table tbody tr');
/** Each row's link to its order (the row header also holds its Buy again link). */
const orderLinks = (page: Page) => page.locator('.orders-table tbody th a:not(.orders-buy-again)');
const summary = (page: Page) => page.locator('.orders-summary');
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search Item Description' });

/** The orders of a history whose lines hold the text (as the list searches: any case). */
const matching = (history: History, text: string) =>
  history.first.filter(
    (o) =>
      o.descriptions.some((d) => d.toLowerCase().includes(text.toLowerCase())) ||
      o.phonexOrderNumber.toLowerCase().includes(text.toLowerCase()),
  );

async function sheetRows(file: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(fs.readFileSync(file) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const values: string[][] = [];
  sheet.eachRow((row) =>
    values.push((row.values as unknown[]).slice(1).map((v) => (v instanceof Date ? v.toISOString() : String(v ?? '')))),
  );
  return values;
}

test.describe('orders list', () => {
  test('shows the orders newest change first, sorts by a header and pages to page 2', async ({
    page,
    expectNoAxeViolations,
  }) => {
    const { history } = await openOrders(page);
    await expect(page).toHaveTitle('ACME Buyer Portal - Orders');
    await expect(summary(page)).toHaveText('60 orders');
    await expect(rows(page)).toHaveCount(50);
    await expect(page.getByRole('columnheader', { name: /^Updated/ })).toHaveAttribute('aria-sort', 'descending');
    for (const name of [
      'Order #',
      'Created',
      'Updated',
      'Warehouse',
      'Fulfillment Status',
      'Payment Status',
      'Ordered Quantity',
      'Shipped',
      'Total',
    ]) {
      await expect(page.getByRole('columnheader', { name: new RegExp(`^${name.replace('#', '\\#')}`) })).toBeVisible();
    }
    // Cells by type: a percent with one decimal, money, a status chip labelled from the settings.
    await expect(rows(page).first().locator('td.num').nth(1)).toHaveText(/^\d{1,3}\.\d%$/);
    await expect(rows(page).first().locator('td.num').nth(2)).toHaveText(/^\$[\d,]+\.\d\d$/);
    await expect(page.locator('.status-chip').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Export' })).toBeVisible();
    await expectNoAxeViolations(page);

    const numbers = history.first.map((o) => o.phonexOrderNumber).sort();
    await page.getByRole('link', { name: /^Order #/ }).click();
    await expect(page).toHaveURL(/\/orders\?sort=phonexOrderNumber&dir=asc$/);
    await expect(page.getByRole('columnheader', { name: /^Order #/ })).toHaveAttribute('aria-sort', 'ascending');
    await expect(orderLinks(page).first()).toHaveText(numbers[0]!);
    await page.getByRole('link', { name: /^Order #/ }).click();
    await expect(page).toHaveURL(/\/orders\?sort=phonexOrderNumber&dir=desc$/);
    await expect(orderLinks(page).first()).toHaveText(numbers.at(-1)!);

    const pages = page.getByRole('navigation', { name: 'Orders pages' });
    await pages.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\/orders\?sort=phonexOrderNumber&dir=desc&page=2$/);
    await expect(rows(page)).toHaveCount(10);
    await expect(orderLinks(page).last()).toHaveText(numbers[0]!);
    await expect(pages.locator('[aria-current="page"]')).toHaveText('2');
    await pages.getByRole('link', { name: 'Previous' }).click();
    await expect(rows(page)).toHaveCount(50);
  });

  test('searches item descriptions; no match shows No rows available', async ({
    page,
    javaScriptOn,
    expectNoAxeViolations,
  }) => {
    const { history } = await openOrders(page);
    const text = history.first[4]!.descriptions[0]!.split(' ').slice(0, 3).join(' ');
    const expected = matching(history, text);
    expect(expected.length).toBeGreaterThan(0);

    if (javaScriptOn) {
      await hydrated(page);
      // Typing waits for a pause of 500 ms: one search, not one per key.
      const searches: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/orders') && url.searchParams.has('search'))
          searches.push(url.searchParams.get('search')!);
      });
      await searchBox(page).pressSequentially(text.toUpperCase(), { delay: 60 });
      await expect(page).toHaveURL(/\?search=/);
      expect(new Set(searches)).toEqual(new Set([text.toUpperCase()]));
    } else {
      await searchBox(page).fill(text.toUpperCase());
      await page.getByRole('button', { name: 'Search' }).click();
      await expect(page).toHaveURL(/\?search=/);
    }
    await expect(summary(page)).toHaveText(`${expected.length} order${expected.length === 1 ? '' : 's'}`);
    await expect(rows(page)).toHaveCount(Math.min(50, expected.length));
    await expect(searchBox(page)).toHaveValue(text.toUpperCase());

    // The sort keeps the search.
    await page.getByRole('link', { name: /^Total/ }).click();
    await expect(page).toHaveURL(/search=.*&sort=total&dir=asc/);
    await expect(summary(page)).toHaveText(`${expected.length} order${expected.length === 1 ? '' : 's'}`);

    await searchBox(page).fill('no such device anywhere');
    if (javaScriptOn) await searchBox(page).press('Enter');
    else await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('cell', { name: 'No rows available' })).toBeVisible();
    await expect(summary(page)).toHaveText('0 orders');
    await expect(page.getByRole('navigation', { name: 'Orders pages' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('exports the orders as a spreadsheet, all of them or those the search finds', async ({ page }) => {
    const { history } = await openOrders(page);
    const [all] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export' }).click(),
    ]);
    expect(all.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const sheet = await sheetRows(await all.path());
    expect(sheet[0]).toEqual([
      'Order #',
      'Reference',
      'Created',
      'Updated',
      'Warehouse',
      'Fulfillment Status',
      'Payment Status',
      'Ordered Quantity',
      'Shipped',
      'Total',
    ]);
    expect(sheet).toHaveLength(ORDERS + 1);
    expect(new Set(sheet.slice(1).map((r) => r[0]))).toEqual(new Set(history.first.map((o) => o.phonexOrderNumber)));

    const text = history.first[2]!.descriptions[1]!;
    await page.goto(`/orders?search=${encodeURIComponent(text)}`);
    const [found] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export' }).click(),
    ]);
    const filtered = await sheetRows(await found.path());
    expect(
      filtered
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(
      matching(history, text)
        .map((o) => o.phonexOrderNumber)
        .sort(),
    );
  });

  test('a row opens its order; a click that selects text does not', async ({ page, javaScriptOn }) => {
    await openOrders(page, 3);
    const first = rows(page).first();
    const number = (await first.locator('th a:not(.orders-buy-again)').innerText()).trim();
    if (javaScriptOn) {
      await hydrated(page);
      // Select the warehouse name (after the reference and the two dates) by dragging across it: the click that ends the selection stays here.
      const cell = first.locator('td').nth(3);
      const box = (await cell.boundingBox())!;
      await page.mouse.move(box.x + 4, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width - 4, box.y + box.height / 2, { steps: 5 });
      await page.mouse.up();
      expect(await page.evaluate(() => window.getSelection()?.toString() ?? '')).not.toBe('');
      await page.waitForTimeout(300);
      await expect(page).toHaveURL(/\/orders$/);
      // A plain click anywhere on the row opens it.
      await page.evaluate(() => window.getSelection()?.removeAllRanges());
      await first.locator('td').nth(4).click();
    } else {
      await first.getByRole('link', { name: number, exact: true }).click();
    }
    await expect(page).toHaveURL(new RegExp(`/orders/${number}$`));
  });

  test('takes any query string without failing: bad values fall back to the defaults; the reference cell is edited in place', async ({
    page,
    javaScriptOn,
  }) => {
    await openOrders(page, 3);
    for (const query of [
      'page=-1',
      'sort=evil&dir=sideways',
      `search=${'x'.repeat(10_000)}`,
      'page=99999&sort=total',
    ]) {
      const response = await page.goto(`/orders?${query}`);
      expect(response?.status(), query).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    }
    await page.goto('/orders?page=-1&sort=evil');
    await expect(rows(page)).toHaveCount(3);
    await expect(page.getByRole('columnheader', { name: /^Updated/ })).toHaveAttribute('aria-sort', 'descending');

    // The editable cell (spec 3 §2.5): the buyer's reference, 'Invalid Input' beside it when its type refuses it, then saved with §8's message.
    await page.goto('/orders');
    if (javaScriptOn) await hydrated(page);
    const first = (await rows(page).first().locator('th a:not(.orders-buy-again)').innerText()).trim();
    const reference = page.getByLabel(`Your reference for order ${first}`);
    const cell = page.locator('td', { has: reference });
    await reference.fill('<PO>');
    await cell.getByRole('button', { name: `Save ${first}` }).click();
    await expect(cell.getByText('Invalid Input')).toBeVisible();
    await expect(reference).toHaveAttribute('aria-invalid', 'true');
    await expect(reference).toHaveAccessibleDescription('Invalid Input');
    await reference.fill('PO-E2E 17');
    await cell.getByRole('button', { name: `Save ${first}` }).click();
    await expect(page.getByText('Order Updated with notification sent to the customer')).toBeVisible();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(page.getByLabel(`Your reference for order ${first}`)).toHaveValue('PO-E2E 17');
    await expect(
      page.locator('td', { has: page.getByLabel(`Your reference for order ${first}`) }).getByText('Invalid Input'),
    ).toHaveCount(0);
    // Enter in the field saves through the row's Save button, which names the order.
    await page.getByLabel(`Your reference for order ${first}`).fill('PO-E2E 18');
    // The save's answer is waited for: the field shows the typed value at once, and a reload sent before
    // the save is answered (with scripts it is a fetch) could read the order as it was.
    const saved = page.waitForResponse(
      (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/orders',
    );
    await page.getByLabel(`Your reference for order ${first}`).press('Enter');
    await saved;
    await expect(page.getByLabel(`Your reference for order ${first}`)).toHaveValue('PO-E2E 18');
    await page.reload();
    await expect(page.getByLabel(`Your reference for order ${first}`)).toHaveValue('PO-E2E 18');
  });
});
