import type { Page } from '@playwright/test';
import { ALL_AUTHORITIES, createUser, expect, test, openSignedIn } from './support/fixtures';

/** Signs a new buyer in on a list of Miami tablets and opens the first group. */
async function openList(page: Page) {
  const user = await createUser({ authorities: ALL_AUTHORITIES });
  await openSignedIn(page, '/stock?warehouseGroup=acme-us&category=TABLETS&warehouse=MIA', user);
  await expect(page).toHaveURL(/category=TABLETS/);
  await page.locator('.stock-group').first().getByRole('button', { expanded: false }).click();
  const row = page.locator('tr[data-item]').first();
  const item = (await row.getAttribute('data-item'))!;
  return {
    user,
    row: page.locator(`tr[data-item="${item}"]`),
    description: (await row.locator('.item-description').innerText()).trim(),
  };
}

const toolbar = (page: Page) => page.getByRole('navigation', { name: 'Stock list actions' });

test.describe('stock alerts', () => {
  test('set an alert from an item row, keeping the list; the badge counts it', async ({
    page,
    expectNoAxeViolations,
  }) => {
    const { row } = await openList(page);
    const listUrl = page.url();
    await expect(toolbar(page).getByRole('link', { name: 'STOCK ALERTS (0)' })).toBeVisible();
    await row.getByRole('link', { name: /^SET ALERT / }).click();
    const dialog = page.getByRole('dialog', { name: 'Set a Stock Alert' });
    await expect(dialog.getByLabel('Alert me when this many units are added')).toHaveValue(/^\d+$/);
    await expectNoAxeViolations(page);
    // A refused quantity: the message beside the field, named by it, and no alert.
    await dialog.getByLabel('Alert me when this many units are added').fill('2.5');
    await dialog.getByRole('button', { name: 'SET ALERT' }).click();
    await expect(dialog.getByLabel('Alert me when this many units are added')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel('Alert me when this many units are added')).toHaveAccessibleDescription(
      /^Enter a whole number, without decimals\./,
    );
    await expect(toolbar(page).getByRole('link', { name: 'STOCK ALERTS (0)' })).toBeVisible();
    await dialog.getByLabel('Alert me when this many units are added').fill('25');
    await dialog.getByRole('button', { name: 'SET ALERT' }).click();
    await expect(page.getByText('Successfully created the stock alert')).toBeVisible();
    await expect(page).toHaveURL(listUrl);
    await expect(row).toContainText(/Alert: \d+ units/);
    await expect(toolbar(page).getByRole('link', { name: 'STOCK ALERTS (1)' })).toBeVisible();

    await row.getByRole('link', { name: /^EDIT ALERT / }).click();
    await page.getByRole('dialog', { name: 'Edit Stock Alert' }).getByRole('button', { name: 'DELETE ALERT' }).click();
    await expect(page.getByText('Successfully deleted the stock alert')).toBeVisible();
    await expect(toolbar(page).getByRole('link', { name: 'STOCK ALERTS (0)' })).toBeVisible();
  });

  test('manage alerts on the Stock Alerts page: edit, cancel an edit, delete, empty state', async ({
    page,
    javaScriptOn,
    expectNoAxeViolations,
  }) => {
    const { row, description } = await openList(page);
    await row.getByRole('link', { name: /^SET ALERT / }).click();
    await page.getByRole('dialog').getByLabel('Alert me when this many units are added').fill('30');
    await page.getByRole('dialog').getByRole('button', { name: 'SET ALERT' }).click();
    await expect(page.getByText('Successfully created the stock alert')).toBeVisible();

    await toolbar(page)
      .getByRole('link', { name: /^STOCK ALERTS/ })
      .click();
    await expect(page).toHaveTitle('ACME Buyer Portal - Stock Alerts');
    await expect(page.getByRole('heading', { level: 1, name: 'Stock Alerts' })).toBeVisible();
    await expect(page.getByText(description)).toBeVisible();
    const field = page.getByLabel('Alert me when you add units');
    await expect(field).toHaveValue('30');
    await expectNoAxeViolations(page);

    // The row names the item's SKU and warehouse.
    await expect(page.locator('.alert-row .item-number')).toHaveText(/^\S+ · \S.*$/);
    // With scripts UPDATE is in sight from the start and turns on once the quantity changes.
    if (javaScriptOn) await expect(page.getByRole('button', { name: 'UPDATE' })).toBeDisabled();
    await field.fill('45');
    await expect(page.getByRole('button', { name: 'UPDATE' })).toBeEnabled();
    await page.getByRole('button', { name: 'CANCEL' }).click();
    await expect(field).toHaveValue('30');
    if (javaScriptOn) await expect(page.getByRole('button', { name: 'UPDATE' })).toBeDisabled();

    await field.fill('12.5');
    await page.getByRole('button', { name: 'UPDATE' }).click();
    // Not a whole number: an error next to the field in both modes, never a 1-unit alert.
    await expect(page.getByText('Enter a whole number, without decimals.')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(/^Enter a whole number, without decimals\./);
    await expect(page.getByText('Successfully updated the stock alert')).toHaveCount(0);
    await field.fill('45');
    await page.getByRole('button', { name: 'UPDATE' }).click();
    await expect(page.getByText('Successfully updated the stock alert')).toBeVisible();
    await expect(page.getByLabel('Alert me when you add units')).toHaveValue('45');

    await page.getByRole('button', { name: `Delete the alert for ${description}` }).click();
    await expect(page.getByText('Successfully deleted the stock alert')).toBeVisible();
    await expect(page.getByText('Looking for more of your favourite items?')).toBeVisible();
    await expect(page.getByText('Add alerts on items in the Stock List and then manage them here!')).toBeVisible();
    await page.getByRole('link', { name: 'Back to the Stock List' }).click();
    await expect(page).toHaveURL(/\/stock/);
  });
});
