import fs from 'node:fs';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { admin, ALL_AUTHORITIES, createUser, expect, test, openSignedIn, postAnswered } from './support/fixtures';

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

    // A status narrows the search's orders (with scripts at once, without them with the Search button), the sort kept.
    const status = expected[0]!.status;
    const withStatus = expected.filter((o) => o.status === status).length;
    await page.getByLabel('Status', { exact: true }).selectOption(status);
    if (!javaScriptOn) await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(new RegExp(`search=.*&status=${status}.*&sort=total&dir=asc`));
    await expect(summary(page)).toHaveText(`${withStatus} order${withStatus === 1 ? '' : 's'}`);
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue(status);
    await page.getByRole('link', { name: 'Clear search and filters' }).click();
    await expect(page).toHaveURL(/\/orders\?sort=total&dir=asc$/);
    await expect(summary(page)).toHaveText('60 orders');

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

  test('takes any query string without failing: bad values fall back to the defaults; the references are edited in place', async ({
    page,
    javaScriptOn,
    expectNoAxeViolations,
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

    // The editable cells (spec 3 §2.5): the buyer's references, one form for the page with one Save; 'Invalid Input'
    // beside a refused one and in the summary above the table, then saved with §8's message.
    await page.goto('/orders');
    if (javaScriptOn) await hydrated(page);
    const [first, second] = await Promise.all(
      [0, 1].map(async (n) => (await rows(page).nth(n).locator('th a:not(.orders-buy-again)').innerText()).trim()),
    );
    const reference = (number: string) => page.getByLabel(`Your reference for order ${number}`, { exact: true });
    const save = page.getByRole('button', { name: 'Save references' });
    await expect(page.getByRole('button', { name: /^Save / })).toHaveCount(1);
    await reference(first!).fill('<PO>');
    await reference(second!).fill('PO-E2E 2');
    await save.click();
    await expect(page.getByRole('link', { name: `Your reference for order ${first}: Invalid Input` })).toBeVisible();
    await expect(reference(first!)).toHaveValue('<PO>');
    await expect(reference(first!)).toHaveAttribute('aria-invalid', 'true');
    await expect(reference(first!)).toHaveAccessibleDescription('Invalid Input');
    await expectNoAxeViolations(page);
    await reference(first!).fill('PO-E2E 17');
    await save.click();
    await expect(page.getByText('Order Updated with notification sent to the customer')).toBeVisible();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(reference(first!)).toHaveValue('PO-E2E 17');
    await expect(reference(second!)).toHaveValue('PO-E2E 2');
    await expect(page.getByText('Invalid Input')).toHaveCount(0);
    // Enter in a field saves the page's references, as the Save button does.
    await reference(first!).fill('PO-E2E 18');
    // The save's answer is waited for: a reload sent before the save is answered could read the order as it was.
    const saved = postAnswered(page, '/orders');
    await reference(first!).press('Enter');
    await saved;
    await expect(page.getByText('Order Updated with notification sent to the customer')).toBeVisible();
    await page.reload();
    await expect(reference(first!)).toHaveValue('PO-E2E 18');
  });
});
