import type { Page } from '@playwright/test';
import { admin, ALL_AUTHORITIES, createUser, expect, test, openSignedIn } from './support/fixtures';

async function openStock(page: Page, options: Parameters<typeof createUser>[0] = { authorities: ALL_AUTHORITIES }) {
  const user = await createUser(options);
  await openSignedIn(page, '/stock', user);
  await expect(page).toHaveURL(/\/stock$/);
  return user;
}

/** Without JavaScript a filter change is sent with the APPLY button; with it, it applies at once. */
async function apply(page: Page, javaScriptOn: boolean) {
  if (!javaScriptOn) await page.getByRole('button', { name: 'APPLY FILTERS' }).click();
}

const filters = (page: Page) => page.getByRole('complementary', { name: 'Filters' });
const summary = (page: Page) => page.locator('.stock-summary');

test.describe('stock list', () => {
  test('opens on the default group and category, with its groups and items', async ({
    page,
    expectNoAxeViolations,
  }) => {
    await openStock(page);
    await expect(page).toHaveTitle('ACME Buyer Portal - Stock');
    await expect(page.getByRole('heading', { level: 1, name: 'Stock List' })).toBeVisible();
    await expect(page.getByText(/^Last updated /)).toBeVisible();
    await expect(summary(page)).toHaveText(/^[\d,]+ items, [\d,]+\+? units$/);
    await expect(filters(page).getByRole('radio', { name: /^Phones/ })).toBeChecked();
    await expect(filters(page).getByLabel('Warehouse group')).toHaveValue('acme-us');
    const groups = page.locator('.stock-group');
    await expect(groups).toHaveCount(24);
    const toggle = groups.first().getByRole('button', { expanded: false });
    await toggle.click();
    await expect(groups.first().getByRole('button', { expanded: true })).toBeVisible();
    await expect(page).toHaveURL(/open=/);
    await expect(groups.first().getByRole('link', { name: /^BUY / }).first()).toBeVisible();
    await expect(page.locator('.stock-items')).toHaveCount(1);
    const actions = page.getByRole('navigation', { name: 'Stock list actions' });
    for (const label of ['TUTORIAL', 'GRADING SCALE', 'STOCK ALERTS', 'DAILY REPORT', 'EXPORT']) {
      await expect(actions).toContainText(label);
    }
    // IMPORT opens the bulk import's upload dialog over the list.
    await expect(actions.getByRole('link', { name: 'IMPORT', exact: true })).toHaveAttribute(
      'href',
      /[?&]dialog=import(&|$)/,
    );
    // The grading scale sits in the toolbar's More actions menu.
    await actions.getByText('More actions').click();
    await expect(actions.getByRole('link', { name: /^GRADING SCALE/i })).toHaveAttribute(
      'href',
      'https://example.com/acme/grading',
    );
    await expectNoAxeViolations(page);
  });

  test('filters by category, level, warehouse and grade; chips remove one; clear resets', async ({
    page,
    javaScriptOn,
    expectNoAxeViolations,
  }) => {
    await openStock(page);
    await filters(page)
      .getByRole('radio', { name: /^Tablets/ })
      .check();
    await apply(page, javaScriptOn);
    await expect(page).toHaveURL(/category=TABLETS/);
    await expect(page.locator('.stock-group__title').first()).toHaveText(/iPad|Galaxy Tab|Tab P11/);

    await filters(page)
      .getByRole('radio', { name: /^Phones/ })
      .check();
    await apply(page, javaScriptOn);
    await expect(page).toHaveURL(/category=PHONES/);
    await filters(page)
      .getByRole('group', { name: 'Manufacturer' })
      .getByRole('checkbox', { name: /^Samsung/ })
      .check();
    await apply(page, javaScriptOn);
    await expect(page).toHaveURL(/manufacturer=Samsung/);
    await expect(page.locator('.stock-group__title').first()).toHaveText(/^Samsung/);
    await expect(filters(page).getByRole('group', { name: 'Model' })).toBeVisible();

    await filters(page)
      .getByRole('group', { name: 'Warehouses' })
      .getByRole('checkbox', { name: /^Miami/ })
      .check();
    await apply(page, javaScriptOn);
    await expect(page).toHaveURL(/warehouse=MIA/);
    await filters(page)
      .getByRole('group', { name: 'Top grades' })
      .getByRole('checkbox', { name: /Grade A\+/ })
      .check();
    await apply(page, javaScriptOn);
    await expect(page).toHaveURL(/grade=A%2B/);
    await page.locator('.stock-group__toggle').first().click();
    await expect(page.locator('.stock-items tbody th .grade-icon').first()).toHaveText('A+');
    await expectNoAxeViolations(page);

    const chips = page.getByRole('list', { name: 'Active filters' });
    await expect(chips.getByRole('listitem')).toHaveCount(3);
    await chips.getByRole('link', { name: 'Remove filter Miami' }).click();
    await expect(page).not.toHaveURL(/warehouse=/);
    await expect(page).toHaveURL(/manufacturer=Samsung/);
    await expect(chips.getByRole('listitem')).toHaveCount(2);

    await filters(page).getByRole('link', { name: 'CLEAR' }).click();
    await expect(page).toHaveURL(/\/stock\?warehouseGroup=acme-us&category=PHONES$/);
    await expect(page.getByRole('list', { name: 'Active filters' })).toHaveCount(0);
  });

  test('unchecking the last value of a level clears the levels below it', async ({ page, javaScriptOn }) => {
    await openStock(page);
    await page.goto('/stock?warehouseGroup=acme-us&category=PHONES&manufacturer=Apple');
    const model = filters(page).getByRole('group', { name: 'Model' }).getByRole('checkbox').first();
    await model.check();
    await apply(page, javaScriptOn);
    await expect(page).toHaveURL(/model=/);
    await filters(page)
      .getByRole('group', { name: 'Manufacturer' })
      .getByRole('checkbox', { name: /^Apple/ })
      .uncheck();
    await apply(page, javaScriptOn);
    await expect(page).not.toHaveURL(/manufacturer=|model=/);
    await expect(filters(page).getByRole('group', { name: 'Model' })).toHaveCount(0);
  });

  test('include out of stock shows items with no stock', async ({ page, javaScriptOn }) => {
    await openStock(page);
    const before = await summary(page).textContent();
    const group = filters(page).getByLabel('Warehouse group').locator('option:checked');
    const groupBefore = await group.textContent();
    // An opened group stays open, and the warehouse group's count takes the out-of-stock items in.
    await page.locator('.stock-group').first().getByRole('button', { expanded: false }).click();
    const opened = await page.locator('table.stock-items caption').textContent();
    await filters(page).getByRole('switch', { name: 'Include Out of Stock' }).check();
    await apply(page, javaScriptOn);
    await expect(page).toHaveURL(/includeOutOfStock=true/);
    await expect(summary(page)).not.toHaveText(before!);
    await expect(group).not.toHaveText(groupBefore!);
    await expect(page.getByRole('table', { name: opened!, exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Active filters' }).getByText('Include Out of Stock')).toBeVisible();
  });

  test('page 2, then the back button restores page 1 with its filters', async ({ page }) => {
    await openStock(page);
    await page.goto('/stock?warehouseGroup=acme-us&category=PHONES&manufacturer=Apple');
    const firstTitle = await page.locator('.stock-group__title').first().textContent();
    await page.getByRole('navigation', { name: 'Pages of results' }).getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/manufacturer=Apple&page=2$/);
    await expect(page.locator('.pagination .current')).toHaveText('2');
    await page.goBack();
    await expect(page).toHaveURL(/manufacturer=Apple$/);
    await expect(page.locator('.pagination .current')).toHaveText('1');
    await expect(page.locator('.stock-group__title').first()).toHaveText(firstTitle!);
    await expect(
      filters(page)
        .getByRole('group', { name: 'Manufacturer' })
        .getByRole('checkbox', { name: /^Apple/ }),
    ).toBeChecked();
  });

  test('filters with nothing in common reset the list to the initial category (spec 1 §4)', async ({ page }) => {
    await openStock(page);
    await page.goto('/stock?warehouseGroup=acme-us&category=LAPTOPS&manufacturer=HP');
    const empty = filters(page).locator('.grade-group label').filter({ hasText: '(0)' }).first();
    const grade = (await empty.locator('input').getAttribute('value'))!;
    await page.goto(
      `/stock?warehouseGroup=acme-us&category=LAPTOPS&manufacturer=HP&grade=${encodeURIComponent(grade)}`,
    );
    await expect(page.getByText('No items found!')).toHaveCount(0);
    await expect(page.locator('.stock-group').first()).toBeVisible();
    await expect(filters(page).getByRole('radio', { checked: true })).not.toHaveAccessibleName(/^Laptops/i);
    await expect(filters(page).getByRole('checkbox', { checked: true })).toHaveCount(0);
  });

  test('a network participant group shows its own stock and grades', async ({ page, javaScriptOn }) => {
    await openStock(page);
    await filters(page).getByLabel('Warehouse group').selectOption('bluewave-asia');
    await apply(page, javaScriptOn);
    await expect(page).toHaveURL(/warehouseGroup=bluewave-asia/);
    await expect(filters(page).getByRole('checkbox', { name: /^Premium/ })).toBeVisible();
    await page.locator('.stock-group__toggle').first().click();
    await expect(page.locator('.item-number').first()).toContainText('BW-');
  });

  test('the grade dialog explains a grade, with previous and next', async ({ page, expectNoAxeViolations }) => {
    await openStock(page);
    await filters(page).getByRole('link', { name: 'About Grade A', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Grade A' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Excellent: faint marks')).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('link', { name: 'NEXT' }).click();
    await expect(page.getByRole('dialog', { name: 'Grade B+' })).toBeVisible();
    await page.getByRole('dialog').getByRole('link', { name: 'PREVIOUS' }).click();
    await expect(page.getByRole('dialog', { name: 'Grade A' })).toBeVisible();
    await page.getByRole('dialog').getByRole('link', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).not.toHaveURL(/gradeInfo/);
  });

  test('a pxns seller sees pending-order counts instead of buy buttons', async ({ page }) => {
    await openSignedIn(page, '/', { email: 'seller@example.com', password: 'Demo#2026' });
    await expect(page).toHaveURL(/\/stock$/);
    await page.goto('/stock?warehouseGroup=bluewave-asia');
    await page.locator('.stock-group__toggle').first().click();
    await expect(page.locator('.stock-items')).toHaveCount(1);
    await expect(page.getByText(/^Pending orders: \d+$/).first()).toBeVisible();
    await expect(page.getByRole('link', { name: /^BUY / })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^MAKE OFFER / })).toHaveCount(0);
    await expect(page.getByText('STOCK ALERTS', { exact: true })).toHaveCount(0);
    // Every buying control follows CAN_BUY_ONLINE and the participant kind (spec 1 §6).
    const actions = page.getByRole('navigation', { name: 'Stock list actions' });
    await expect(actions.getByText('IMPORT', { exact: true })).toHaveCount(0);
    await expect(
      actions.getByRole('link', { name: 'Cart and Offers (not available for your account)' }),
    ).toHaveAttribute('aria-disabled', 'true');
    await expect(actions.locator('a[href="/cart"]')).toHaveCount(0);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'Stock List' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Cart and Offers' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Stock Alerts' })).toHaveCount(0);
  });

  test('the badges count the cart and alerts on every participant, not only the one viewed', async ({
    page,
    expectNoAxeViolations,
  }) => {
    const user = await createUser({ authorities: ALL_AUTHORITIES });
    await openSignedIn(page, '/stock?warehouseGroup=bluewave-asia', user);
    await expect(page).toHaveURL(/warehouseGroup=bluewave-asia/);
    await page.locator('.stock-group').first().getByRole('button', { expanded: false }).click();
    const first = page
      .locator('tr[data-item]')
      .filter({ has: page.getByRole('link', { name: /^BUY / }) })
      .first();
    const row = page.locator(`tr[data-item="${await first.getAttribute('data-item')}"]`);
    await row.getByRole('link', { name: /^BUY / }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'ADD TO CART' }).click();
    await expect(page.getByText('Added to the Cart')).toBeVisible();
    await row.getByRole('link', { name: /^SET ALERT / }).click();
    await page.getByRole('dialog', { name: 'Set a Stock Alert' }).getByRole('button', { name: 'SET ALERT' }).click();
    await expect(page.getByText('Successfully created the stock alert')).toBeVisible();

    await page.goto('/stock?warehouseGroup=acme-us');
    const actions = page.getByRole('navigation', { name: 'Stock list actions' });
    await expect(actions.getByRole('link', { name: 'Cart and Offers (1)' })).toBeVisible();
    await expect(actions.getByRole('link', { name: 'STOCK ALERTS (1)' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/cart');
    await expect(page.locator('li[data-offer]')).toHaveCount(1);
  });

  // Bad values in the query string: tests/security/entry-rules.test.ts ("the stock list's query string").
  test('an outage of the stock list reads as an error, with a way to try again', async ({
    page,
    expectNoAxeViolations,
  }) => {
    const user = await openStock(page);
    // The marketplace cannot read its stock for this buyer: an error, not an empty list (spec 1 §8).
    await admin('POST', '/faults', { email: user.email, fault: 'stockListUnavailable', on: true });
    const response = await page.goto('/stock');
    expect(response?.status()).toBe(503);
    await expect(page.getByRole('alert')).toContainText(
      'The stock list is not available right now. Please try again in a moment.',
    );
    await expect(page.getByText('No items found!')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await admin('POST', '/faults', { email: user.email, fault: 'stockListUnavailable', on: false });
    await page.getByRole('link', { name: 'TRY AGAIN' }).click();
    await expect(page.locator('.stock-group').first()).toBeVisible();
  });
});
