import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { admin, ALL_AUTHORITIES, createUser, expect, test, openSignedIn } from './support/fixtures';
import { fillCart, fromCartBox } from './support/cart';
import { placeOrder } from './support/orders';
import { shippedOrder } from './support/returns';

/**
 * Pictures of the screens a buyer lives in (docs/design.md §12), compared with the committed
 * baselines made in Debian's Chromium: a block that moves fails until the baseline is updated on
 * purpose (`--update-snapshots`). One buyer, signed in once (a storage state), one page load a
 * picture. What changes between runs (dates, times, numbers the marketplace generates, counts
 * that other journeys move) is masked.
 */
test.describe.configure({ mode: 'serial' });
test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, 'pictures are taken in the project with scripts');

/** New York's far end and Dallas: items no other journey buys, so the same items every run. */
const WAREHOUSES: [string, string] = ['NYC', 'DAL'];
const STATE = path.join(os.tmpdir(), `pictures-state-${process.pid}.json`);

let orderNumber = '';
let shippedNumber = '';

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const user = await createUser({ authorities: ALL_AUTHORITIES });
  await fillCart(8, { user, warehouses: WAREHOUSES });
  orderNumber = (await placeOrder(0, { user, warehouse: 'DAL' })).orderNumber;
  shippedNumber = (await shippedOrder(1, 1, { user, warehouse: 'DAL' })).orderNumber;
  await admin('POST', '/order-history', { email: user.email, count: 12 });
  // Not the storage state this file's tests use (every context the runner opens takes it): it is made here.
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await openSignedIn(page, '/', user);
  await expect(page).toHaveURL(/\/stock$/);
  await context.storageState({ path: STATE });
  await context.close();
});

/** Texts that differ from run to run: dates and times, order and return numbers, the server's counts. */
const DATE =
  /\b\d{1,2}\/\d{1,2}\/\d{2,4}\b|\b\d{1,2}:\d{2}\s?(AM|PM)\b|\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{1,2}, \d{4}\b/;
function changing(page: Page, more: Locator[] = []): Locator[] {
  return [
    page.getByText(DATE),
    page.getByText(/\b(PX|SO|RMA)[-\w]*\d{4,}/),
    page.locator(
      '.count-badge, .count, .stock-summary, .stock-line__count, .stock-line__units, .stock-group__meta, .side-menu__version',
    ),
    ...more,
  ];
}

async function picture(page: Page, name: string, { fullPage = true, mask = [] as Locator[] } = {}) {
  // Webfonts and images settled; the floating 'top of results' link out of the way.
  await page.evaluate(() => document.fonts.ready);
  await expect(page).toHaveScreenshot(`${name}.png`, {
    fullPage,
    mask: changing(page, mask),
    animations: 'disabled',
    caret: 'hide',
    // A moved block changes thousands of pixels; anti-aliasing a few dozen.
    maxDiffPixelRatio: 0.002,
  });
}

async function stockIn(page: Page, layout: 'cards' | 'list') {
  await page.request.post('/stock', {
    form: { intent: 'stock-layout', layout },
    headers: { origin: new URL(page.url() === 'about:blank' ? test.info().project.use.baseURL! : page.url()).origin },
  });
  await page.goto('/stock');
  await expect(page.getByRole('button', { name: layout === 'list' ? /compact/i : /cards/i })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
}

for (const width of [1366, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 }, storageState: STATE });
    // Not yet in the default run: the cart, checkout, order and returns pictures show items picked
    // from a stock list the other journeys buy from at the same time, so they differ between runs
    // (issue 52 stays open for it). PICTURES=1 npx playwright test pictures.spec.ts runs them.
    test.skip(!process.env.PICTURES, 'pictures run with PICTURES=1 until their items are fixed');

    test('stock list, cards', async ({ page }) => {
      await stockIn(page, 'cards');
      await picture(page, `stock-cards-${width}`, { fullPage: false });
    });

    test('stock list, compact', async ({ page }) => {
      await stockIn(page, 'list');
      await picture(page, `stock-compact-${width}`, { fullPage: false });
    });

    test('cart: in cart and accepted', async ({ page }) => {
      await page.goto('/cart');
      await picture(page, `cart-${width}`);
    });

    test('cart: offers awaiting the buyer', async ({ page }) => {
      await page.goto('/cart?tab=1');
      await picture(page, `cart-offers-${width}`);
    });

    test('checkout', async ({ page }) => {
      await page.goto('/cart');
      await fromCartBox(page, 'Dallas');
      await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
      await picture(page, `checkout-${width}`);
    });

    test('order page', async ({ page }) => {
      await page.goto(`/orders/${orderNumber}`);
      await picture(page, `order-${width}`);
    });

    test('orders list', async ({ page }) => {
      await page.goto('/orders');
      await picture(page, `orders-${width}`);
    });

    test('returns form', async ({ page }) => {
      await page.goto(`/returns/new?order=${shippedNumber}`);
      await picture(page, `returns-new-${width}`);
    });
  });
}

/** Text elements of the page's main area whose text is wider than their box: cut, or spilling over what is beside them. */
function cutTexts(): string[] {
  const skip = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'SELECT', 'OPTION', 'TEXTAREA', 'INPUT', 'svg']);
  const found: string[] = [];
  for (const el of document.querySelectorAll<HTMLElement>('main *')) {
    if (skip.has(el.tagName) || el.closest('.visually-hidden, [hidden], dialog:not([open])')) continue;
    const ownText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim());
    if (!ownText || el.clientWidth === 0) continue;
    if (el.scrollWidth > el.clientWidth + 1)
      found.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${el.textContent!.trim().slice(0, 60)}"`);
  }
  // Identifiers never break inside (docs/design.md §7): an item number split over two lines ("…-VERIZO-" / "A") is cut too.
  const identifier = /^[A-Z0-9]+(?:-[A-Z0-9]+)+$/;
  for (const el of document.querySelectorAll<HTMLElement>('main *')) {
    if (el.childElementCount || !identifier.test(el.textContent!.trim()) || el.closest('.visually-hidden, [hidden]'))
      continue;
    const lines = new Set([...el.getClientRects()].map((r) => Math.round(r.top)));
    if (lines.size > 1) found.push(`${el.tagName.toLowerCase()} "${el.textContent!.trim()}" on ${lines.size} lines`);
  }
  return found;
}

test.describe('at 1366 px, no text of the grids is cut', () => {
  test.use({ viewport: { width: 1366, height: 900 }, storageState: STATE });

  test('compact stock list, cart, orders list, returns form and order page; each total of the order once', async ({
    page,
  }) => {
    await stockIn(page, 'list');
    expect(await page.evaluate(cutTexts), '/stock (compact)').toEqual([]);
    // The order page last: its totals are counted below.
    for (const path of [
      '/cart',
      '/cart?tab=1',
      '/orders',
      `/returns/new?order=${shippedNumber}`,
      `/orders/${orderNumber}`,
    ]) {
      await page.goto(path);
      expect(await page.evaluate(cutTexts), path).toEqual([]);
    }
    const labels = await page.locator('.order-totals dt').allInnerTexts();
    expect(labels.length).toBeGreaterThan(3);
    expect(new Set(labels).size, 'each total once').toBe(labels.length);
    await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(1);
  });
});
