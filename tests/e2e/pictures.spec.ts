import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { admin, ALL_AUTHORITIES, createUser, expect, test, openSignedIn, postSignIn } from './support/fixtures';
import { fillCart, fromCartBox } from './support/cart';
import { placeOrder } from './support/orders';
import { shippedOrder } from './support/returns';

/**
 * Pictures of the screens a buyer lives in (docs/design.md §12) at 1366 and 390 px, compared with
 * the committed baselines made in Debian's Chromium: a block that moves fails until the baseline is
 * updated on purpose (`--update-snapshots`, docs/testing.md). Taken in the project without scripts
 * only (decision 040). Every picture shows the same data on every run: items named by their demo
 * numbers, of which no other journey takes the last units (over 500: the portal shows "500+"), past
 * orders made at a fixed moment with fixed numbers in warehouses no other journey touches, offers
 * answered at a fixed moment, units shipped with fixed IMEIs. What a run still makes at its own time
 * (a placed order's number and dates, the time left on an offer, the counts other journeys move) is
 * masked, and where its width could move the columns beside it, first set to a sample of its shape.
 */
test.describe.configure({ mode: 'serial' });

/** The cart's entries: four answered in Miami (bought, accepted, countered, rejected) and one waiting, one bought in New York. */
const CART = {
  main: [
    'GS21-256GB-LAV-UNLOCK-D-MIA',
    'GS24-512GB-AMBYEL-TMOBIL-B-MIA',
    'PX8-256GB-OBS-SPRINT-AP-MIA',
    'MGPW-128GB-GLABLU-SPRINT-C-MIA',
    'IP11-64GB-WHI-ATT-A-MIA',
  ],
  other: 'AWSE2-44MM-MID-GPSPCE-BP-NYC',
} as const;
/** The order the order page shows (New York) and the one shipped for the returns form (Dallas). */
const ORDERED = ['PX6-256GB-SNO-ATT-AP-NYC', 'PX7-256GB-HAZ-VERIZO-AP-NYC'];
const SHIPPED = ['IP11-256GB-RED-ATT-BP-DAL', 'IP13-256GB-PIN-UNLOCK-BP-DAL'];
const IMEIS = ['352099001761481', '352099001761499', '352099001761507'];
/** When the seller answered the offers: far ahead, so that they stay open and their expiry dates are the same every run. */
const ANSWERED_AT = '2099-03-02T12:00:00.000Z';
/** The newest of the orders list's past orders (the rest 7 hours apart before it), in warehouses no journey buys from. */
const HISTORY = { count: 12, now: '2026-03-02T12:00:00.000Z', warehouses: ['FRA', 'BLU-SZ', 'NST-DE'] };

const STATE = path.join(os.tmpdir(), `pictures-state-${process.pid}.json`);
let orderNumber = '';
let shippedNumber = '';
let historyBuyer = { email: '', password: '' };

test.beforeAll(async ({ browser, baseURL }, testInfo) => {
  // Skipped here, not test by test, so that the project with scripts makes none of the data: both
  // projects share the PGlite servers, where the past orders' fixed numbers would meet.
  test.skip(testInfo.project.use.javaScriptEnabled !== false, 'pictures are taken without scripts (decision 040)');
  test.setTimeout(120_000);
  const [user, historyBuyerMade] = await Promise.all([
    createUser({ authorities: ALL_AUTHORITIES }),
    createUser({ authorities: ALL_AUTHORITIES }),
  ]);
  historyBuyer = historyBuyerMade;
  // Not the storage state this file's tests use (every context the runner opens takes it): it is made here.
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  // Side by side: the cart's entries are made one after another (their order is the cart's), the orders apart.
  [, orderNumber, shippedNumber] = await Promise.all([
    fillCart(0, { user, warehouses: ['MIA', 'NYC'], items: CART, answeredAt: ANSWERED_AT }),
    placeOrder(0, { user, warehouse: 'NYC', items: ORDERED }).then((o) => o.orderNumber),
    shippedOrder(0, 1, { user, warehouse: 'DAL', items: SHIPPED, imeis: IMEIS }).then((o) => o.orderNumber),
    // A retry makes its orders again: a stamp of the same width, another number.
    admin('POST', '/order-history', { email: historyBuyer.email, stamp: `PICTURES${test.info().retry}`, ...HISTORY }),
    postSignIn(context.request, user).then(() => context.storageState({ path: STATE })),
  ]);
  await context.close();
});

/** A date and a time of day as the portal writes them in English. */
const DAY = /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}, \d{4}\b/g;
const TIME_OF_DAY = /\b\d{1,2}:\d{2}\s?[AP]M\b/g;
/** The time left on an offer, counted from the server's clock (days grouped: "26,778d"). */
const TIME_LEFT = /\b\d[\d,]*d \d+h \d+m\b/g;

/**
 * What the run makes at its own time, set to one sample of the same shape before the picture: a
 * placed order's number (the marketplace's clock and a random part), its dates, an offer's time left.
 * A mask would hide them too, but their width would still move the columns beside them.
 */
async function freeze(page: Page, rules: [RegExp | string, string][], within = 'body') {
  const escaped = rules.map(([pattern, sample]) =>
    typeof pattern === 'string'
      ? [pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g', sample]
      : [pattern.source, pattern.flags, sample],
  );
  await page.evaluate(
    ([all, selector]) => {
      const replace = (text: string) =>
        all.reduce((result, [source, flags, sample]) => result.replace(new RegExp(source, flags), sample), text);
      for (const root of document.querySelectorAll(selector)) {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = replace(node.textContent!);
          if (text !== node.textContent) node.textContent = text;
        }
        for (const input of root.querySelectorAll('input')) input.value = replace(input.value);
      }
    },
    [escaped, within] as const,
  );
}
/** Dates of the run: when the stock list last changed, when an order was placed. */
const runDates: [RegExp, string][] = [
  [DAY, 'Nov 29, 2026'],
  [TIME_OF_DAY, '9:14 AM'],
];
/** An order placed by the run: its number and dates. */
const placed = (orderNumber: string): [RegExp | string, string][] => [
  [orderNumber, 'SO-MX1MMSH9-58D795C56B'],
  ...runDates,
];
const timeLeft: [RegExp, string] = [TIME_LEFT, '1d 23h 59m'];

const WIDTHS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];

/**
 * The page as it stands at 1366 and at 390 px, each against its baseline (`{name}-{width}`): the
 * whole page, or the first screen of a long list. `mask` is what differs between runs.
 */
async function pictures(page: Page, name: string, { fullPage = true, mask = [] as Locator[] } = {}) {
  // The footer's year.
  await freeze(page, [[/© \d{4}/g, '© 2026']]);
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.waitForFunction((w) => window.innerWidth === w, size.width, { polling: 50 });
    // Webfonts and images settled (the screenshot waits for fonts too; images it does not).
    await page.waitForFunction(() => [...document.images].every((i) => i.complete), null, { polling: 50 });
    await expect(page).toHaveScreenshot(`${name}-${size.width}.png`, {
      fullPage,
      // The side menu's version carries the commit.
      mask: [page.locator('.side-menu__version'), ...mask],
      animations: 'disabled',
      caret: 'hide',
      // Run after run the pictures are the same to the pixel, so every pixel counts, however close
      // its colour (Playwright's default lets a light border's colour change pass unseen: a box's
      // corners rounded 2 px instead of 6 px were 70 pixels apart). A few may differ on another
      // host's anti-aliasing; a block moved by one pixel changes thousands.
      threshold: 0,
      maxDiffPixels: 20,
    });
  }
}

async function stockIn(page: Page, layout: 'cards' | 'list') {
  await page.request.post('/stock', {
    form: { intent: 'stock-layout', layout },
    headers: { origin: new URL(test.info().project.use.baseURL!).origin },
  });
  await page.goto('/stock');
  await expect(page.getByRole('button', { name: layout === 'list' ? /compact/i : /cards/i })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
}

/** On the stock list, what every other journey moves: counts of items and units (set to 000 so that their width stays, then masked). */
const STOCK_COUNTS = '.count-badge, .count, .stock-summary, .stock-line__count, .stock-line__units, .stock-group__meta';
async function stockPicture(page: Page, name: string) {
  await freeze(page, runDates);
  await freeze(page, [[/\d[\d,.]*/g, '000']], STOCK_COUNTS);
  await pictures(page, name, {
    fullPage: false,
    mask: [page.locator(STOCK_COUNTS), page.getByLabel('Warehouse group')],
  });
}

test.describe('pictures', () => {
  test.use({ storageState: STATE });

  test('stock list, cards', async ({ page }) => {
    await stockIn(page, 'cards');
    await stockPicture(page, 'stock-cards');
  });

  test('stock list, compact', async ({ page }) => {
    await stockIn(page, 'list');
    await stockPicture(page, 'stock-compact');
  });

  test('cart: in cart and accepted', async ({ page }) => {
    await page.goto('/cart');
    await freeze(page, [timeLeft]);
    await pictures(page, 'cart');
  });

  test('cart: offers awaiting the buyer', async ({ page }) => {
    await page.goto('/cart?tab=1');
    await freeze(page, [timeLeft]);
    await pictures(page, 'cart-offers');
  });

  test('checkout', async ({ page }) => {
    await page.goto('/cart');
    await fromCartBox(page, 'New York');
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await pictures(page, 'checkout');
  });

  test('order page', async ({ page }) => {
    await page.goto(`/orders/${orderNumber}`);
    await freeze(page, placed(orderNumber));
    await pictures(page, 'order');
  });

  test('orders list', async ({ page }) => {
    await openSignedIn(page, '/orders', historyBuyer);
    // A retry's orders carry its number in their stamp (PICTURES1): pictured as the first run's.
    await freeze(page, [[/SO-PICTURES\d-/g, 'SO-PICTURES0-']]);
    await pictures(page, 'orders');
  });

  test('returns form', async ({ page }) => {
    await page.goto(`/returns/new?order=${shippedNumber}`);
    await freeze(page, placed(shippedNumber));
    await pictures(page, 'returns-new');
  });
});

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
