import type { Page } from '@playwright/test';
import { fromCartBox } from './support/cart';
import {
  admin,
  ALL_AUTHORITIES,
  buyerApi,
  createUser,
  expect,
  test,
  openSignedIn,
  postAnswered,
} from './support/fixtures';

interface StockRow {
  itemNumberWarehouse: string;
  listPrice: number;
  incrementSize: number;
}

const row = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** Presses SAVE PREFERENCES and waits for the answer (the rows are disabled while it is on its way). */
async function save(page: Page) {
  const answered = postAnswered(page, '/preferences');
  await page.getByRole('button', { name: 'SAVE PREFERENCES' }).click();
  await answered;
  await expect(page.locator('.preferences fieldset.plain-fieldset')).toBeEnabled();
}

test.describe('shipping and billing preferences', () => {
  test('opened from the user menu, saved with the missing items named, and the defaults of the next checkout', async ({
    page,
    expectNoAxeViolations,
    javaScriptOn,
  }) => {
    const user = await createUser({ authorities: ALL_AUTHORITIES, firstName: 'Pref', lastName: 'Erences' });
    await openSignedIn(page, '/', user);
    await expect(page).toHaveURL(/\/stock$/);
    await page.getByLabel('Account menu for Pref Erences').click();
    await page.getByRole('link', { name: 'My Preferences' }).click();
    await expect(page).toHaveURL(/\/preferences$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Shipping and Billing Preferences' })).toBeVisible();
    await expect(
      page.getByText(
        'These defaults apply to your new orders and to the orders created when auctions and pre-orders are awarded to you.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'CANCEL' })).toHaveAttribute('href', '/stock');
    await expect(page.getByRole('link', { name: /^EDIT / })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^DONE / })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // Nothing chosen: the missing method and payment are named by their rows, the first missing item above them.
    await save(page);
    // The error summary, focused with scripts and without, each error a link to its field.
    const summary = page.getByRole('alert', { name: 'There is a problem' });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link')).toHaveText([
      'Please select a shipping address.',
      'Please select a shipping method.',
      'Please select a billing address.',
      'Please select a payment method before continuing',
    ]);
    await expect(row(page, 'Shipping Method').getByText('Please select a shipping method.')).toBeVisible();
    await expect(
      row(page, 'Payment Method').getByText('Please select a payment method before continuing'),
    ).toBeVisible();
    // Each message is its field's own: beside it, named by its aria-describedby.
    await expect(
      row(page, 'Payment Method').getByRole('group', { name: 'Payment Method' }),
    ).toHaveAccessibleDescription('Please select a payment method before continuing');
    await expectNoAxeViolations(page);
    await summary.getByRole('link', { name: 'Please select a shipping address.' }).click();
    await expect(row(page, 'Shipping Address').getByRole('radio').first()).toBeFocused();

    await row(page, 'Shipping Address')
      .getByRole('radio', { name: /Main warehouse/ })
      .check();
    // With scripts the new address takes its first method at once; without, the save answers with it.
    if (javaScriptOn)
      await expect(row(page, 'Shipping Method').getByRole('radio', { name: 'ACME Standard Shipping' })).toBeChecked();
    await row(page, 'Billing Address')
      .getByRole('radio', { name: /Head office/ })
      .check();
    await row(page, 'Payment Method')
      .getByRole('radio', { name: /Net 30 terms/ })
      .check();
    await save(page);
    const method = row(page, 'Shipping Method');
    await expect(method.getByText('Please Select Insurance.')).toBeVisible();
    await expect(method.getByRole('group', { name: 'Shipping insurance' })).toHaveAccessibleDescription(
      'Please Select Insurance.',
    );
    await expect(method.getByRole('radio', { name: 'ACME Standard Shipping' })).toBeChecked();
    await expect(row(page, 'Payment Method').getByRole('radio', { name: /Net 30 terms/ })).toBeChecked();
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link')).toHaveText(['Please Select Insurance.']);

    await method.getByRole('radio', { name: 'No insurance' }).check();
    await method.getByLabel('Shipping instructions').fill('Dock 4, ring twice');
    await save(page);
    await expect(page.getByText('Successfully saved the preferences')).toBeVisible();
    await expect(page).toHaveURL(/\/preferences$/);

    await page.reload();
    await expect(row(page, 'Shipping Address').getByRole('radio', { name: /Main warehouse/ })).toBeChecked();
    await expect(method.getByRole('radio', { name: 'ACME Standard Shipping' })).toBeChecked();
    await expect(method.getByRole('radio', { name: 'No insurance' })).toBeChecked();
    await expect(method.getByLabel('Shipping instructions')).toHaveValue('Dock 4, ring twice');
    await expect(row(page, 'Billing Address').getByRole('radio', { name: /Head office/ })).toBeChecked();
    await expect(row(page, 'Payment Method').getByRole('radio', { name: /Net 30 terms/ })).toBeChecked();

    // The next checkout starts from the preferences: every row valid, so every row closed.
    // (Los Angeles has about 120 such items in the demo seed: taken from the end of its list, away from the other journeys; no order is placed, so no stock moves.)
    const rows = ((await admin('GET', `/stock?warehouse=LAX&minQuantity=12&offset=0&limit=500`)) as StockRow[]).filter(
      (r) => r.incrementSize === 1 && r.listPrice < 1000,
    );
    const item = rows.at(javaScriptOn ? -1 : -2)!;
    const api = await buyerApi(user.email, user.password);
    await api('POST', '/stocklist/offer', {
      itemNumberWarehouse: item.itemNumberWarehouse,
      offerQuantity: 2,
      offerPrice: item.listPrice,
    });
    await page.goto('/cart');
    await fromCartBox(page, 'Los Angeles');
    await expect(page).toHaveURL(/\/checkout\/Los%20Angeles$/);
    for (const name of [
      'Shipping Address',
      'Shipping Method',
      'Billing Address',
      'Payment Method',
      'Additional Services',
    ]) {
      await expect(row(page, name).getByRole('link', { name: `EDIT ${name}` })).toBeVisible();
    }
    await expect(row(page, 'Shipping Address')).toContainText('Main warehouse');
    await expect(row(page, 'Shipping Method')).toContainText('ACME Standard Shipping');
    await expect(row(page, 'Shipping Method')).toContainText('Not insured');
    await expect(row(page, 'Shipping Method')).toContainText('Dock 4, ring twice');
    await expect(row(page, 'Billing Address')).toContainText('Head office');
    await expect(row(page, 'Payment Method')).toContainText('Net 30 terms');
    await expect(row(page, 'Additional Services')).toContainText('No additional services');
    await expectNoAxeViolations(page);
  });
});
