import { ALL_AUTHORITIES, createUser, expect, test, openSignedIn } from './support/fixtures';

test.describe('stock list tutorial', () => {
  test('opens over the list and closes back to the same view', async ({ page, expectNoAxeViolations }) => {
    const user = await createUser({ authorities: ALL_AUTHORITIES });
    await openSignedIn(page, '/stock?warehouseGroup=acme-us&category=TABLETS', user);
    await page.locator('.stock-group').first().getByRole('button', { expanded: false }).click();
    await expect(page).toHaveURL(/open=/);
    const listUrl = page.url();
    // The tutorial is in the toolbar's More actions menu.
    await page.getByRole('navigation', { name: 'Stock list actions' }).getByText('More actions').click();
    await page.getByRole('link', { name: 'TUTORIAL' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tutorial' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('iframe')).toHaveAttribute('src', '/tutorials/stock-list.html');
    // The demo tenant's tutorial is a page of the portal's own, so it loads; a link opens it in a tab of its own.
    await expect(dialog.frameLocator('iframe').getByRole('heading', { name: 'Using the stock list' })).toBeVisible();
    await expect(dialog.getByText('Tutorial not showing below?')).toBeVisible();
    await expect(dialog.getByRole('link', { name: /^Open the tutorial in its own tab/ })).toHaveAttribute(
      'href',
      '/tutorials/stock-list.html',
    );
    await expectNoAxeViolations(page);
    await dialog.getByRole('link', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(listUrl);
  });
});
