import type { Page } from '@playwright/test';
import { ALL_AUTHORITIES, createUser, expect, test, openSignedIn } from './support/fixtures';

const searchForm = (page: Page) => page.getByRole('search');
const titles = (page: Page) => page.locator('.stock-group__title');
const filters = (page: Page) => page.getByRole('complementary', { name: 'Filters' });

/** Types a search: with JavaScript the list follows the typing; without it the form is sent. */
async function search(page: Page, words: string, javaScriptOn: boolean) {
  await searchForm(page).getByLabel('Search stock').fill(words);
  if (!javaScriptOn) await searchForm(page).getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(words).replace(/%20/g, '\\+')}(&|$)`));
}

async function sortBy(page: Page, label: string, javaScriptOn: boolean) {
  await searchForm(page).getByLabel('Sort by').selectOption({ label });
  if (!javaScriptOn) await searchForm(page).getByRole('button', { name: 'Search' }).click();
}

/** Sizes in what they hold, as the list must order them. */
const gigabytes = (title: string) => {
  const match = /(\d+)(GB|TB)$/.exec(title);
  return match ? Number(match[1]) * (match[2] === 'TB' ? 1000 : 1) : NaN;
};

const inOrder = (values: number[], compare: (a: number, b: number) => number) =>
  values.length > 1 && values.every((v, i) => i === 0 || compare(values[i - 1]!, v) <= 0);

async function openStock(page: Page) {
  const user = await createUser({ authorities: ALL_AUTHORITIES });
  await openSignedIn(page, '/stock', user);
  await expect(page).toHaveURL(/\/stock$/);
  return user;
}

test.describe('stock search, sort and compact list', () => {
  test('searches every word in titles, numbers and attributes, keeps the filters, and says when nothing matches', async ({
    page,
    javaScriptOn,
    expectNoAxeViolations,
  }) => {
    await openStock(page);
    await search(page, 'pixel 256', javaScriptOn);
    await expect(titles(page).first()).toContainText('Pixel');
    for (const title of await titles(page).allTextContents()) expect(title).toMatch(/Pixel.*256GB/);
    await expect(page.getByRole('list', { name: 'Active filters' })).toContainText('Search: “pixel 256”');

    // A filter change keeps the search; the search box keeps the words.
    await filters(page)
      .getByRole('group', { name: 'Manufacturer' })
      .getByRole('checkbox', { name: /^Google/ })
      .check();
    if (!javaScriptOn) await page.getByRole('button', { name: 'APPLY FILTERS' }).click();
    await expect(page).toHaveURL(/manufacturer=Google/);
    await expect(page).toHaveURL(/q=pixel\+256/);
    await expect(searchForm(page).getByLabel('Search stock')).toHaveValue('pixel 256');

    // Words found only in another category move the list there, with that category's count.
    await search(page, 'ipad pro', javaScriptOn);
    await expect(filters(page).getByRole('radio', { name: /^Tablets/ })).toBeChecked();
    await expect(titles(page).first()).toContainText('iPad Pro');
    await expect(filters(page).getByRole('radio', { name: /^Phones/ })).toBeDisabled();
    await expectNoAxeViolations(page);

    await search(page, 'zzzz', javaScriptOn);
    await expect(page.getByText('No items match “zzzz”.')).toBeVisible();
    await page.getByRole('link', { name: 'Clear the search' }).click();
    await expect(page).not.toHaveURL(/q=/);
    await expect(titles(page)).toHaveCount(24);
  });

  test('sorts by price and by name, and orders sizes by what they hold', async ({ page, javaScriptOn }) => {
    await openStock(page);
    await search(page, 'iphone 13 pro', javaScriptOn);
    // The list's own order (the settings' sort attributes) puts 1TB after 512GB, not between 128GB and 256GB.
    await expect
      .poll(async () => inOrder((await titles(page).allTextContents()).map(gigabytes), (a, b) => a - b))
      .toBe(true);
    await expect(titles(page)).not.toHaveCount(3);
    await expect(titles(page).last()).toHaveText(/1TB$/);

    await filters(page)
      .getByRole('group', { name: 'Manufacturer' })
      .getByRole('checkbox', { name: /^Apple/ })
      .check();
    if (!javaScriptOn) await page.getByRole('button', { name: 'APPLY FILTERS' }).click();
    await filters(page)
      .getByRole('group', { name: 'Model' })
      .getByRole('checkbox', { name: /^iPhone 13 Pro/ })
      .check();
    if (!javaScriptOn) await page.getByRole('button', { name: 'APPLY FILTERS' }).click();
    const capacities = filters(page).getByRole('group', { name: 'Capacity' }).locator('label > span:not(.count)');
    await expect(capacities).toHaveText(['128GB', '256GB', '512GB', '1TB']);

    await sortBy(page, 'Price: highest first', javaScriptOn);
    await expect(page).toHaveURL(/sort=price-desc/);
    const prices = async () =>
      (await page.locator('.stock-group__price').allTextContents())
        .filter((text) => /\d/.test(text))
        .map((text) => Number(text.replace(/[^\d.]/g, '')));
    await expect.poll(async () => inOrder(await prices(), (a, b) => b - a)).toBe(true);
    await expect(titles(page).first()).toHaveText(/1TB$/);

    await sortBy(page, 'Price: lowest first', javaScriptOn);
    await expect(page).toHaveURL(/sort=price(&|$)/);
    await expect.poll(async () => inOrder(await prices(), (a, b) => a - b)).toBe(true);

    // The sort stays through paging and filters; the list order comes back with its option.
    await sortBy(page, 'List order', javaScriptOn);
    await expect(page).not.toHaveURL(/sort=/);
  });

  test('shows a compact list of one line a group, kept for the buyer after signing in again', async ({
    page,
    expectNoAxeViolations,
  }) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    const user = await openStock(page);
    await page.getByRole('button', { name: 'Compact list' }).click();
    await expect(page.locator('.stock-groups--list')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Compact list' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('.stock-group__description')).toHaveCount(0);

    // A wide screen shows twenty groups and more at once.
    await page.evaluate(() => window.scrollTo(0, 0));
    const inView = await page
      .locator('.stock-group')
      .evaluateAll((groups) => groups.filter((g) => g.getBoundingClientRect().bottom <= window.innerHeight).length);
    expect(inView).toBeGreaterThanOrEqual(20);

    // A group still opens onto its items.
    await page.locator('.stock-group').first().getByRole('button', { expanded: false }).click();
    await expect(page.locator('.stock-items')).toHaveCount(1);
    await expectNoAxeViolations(page);

    // Kept for the buyer (the tenant API), not the browser: a new sign-in shows the list again.
    await page.context().clearCookies();
    await openSignedIn(page, '/stock', user);
    await expect(page.locator('.stock-groups--list')).toBeVisible();
    await page.getByRole('button', { name: 'Cards' }).click();
    await expect(page.locator('.stock-groups--list')).toHaveCount(0);
    await expect(page.locator('.stock-group__description').first()).toBeVisible();
  });
});
