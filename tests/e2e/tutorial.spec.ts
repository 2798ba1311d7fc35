import { ALL_AUTHORITIES, createUser, expect, signIn, test } from './support/fixtures';

test.describe('stock list tutorial', () => {
  test('opens over the list and closes back to the same view', async ({ page, expectNoAxeViolations }) => {
    const user = await createUser({ authorities: ALL_AUTHORITIES });
    await page.goto('/stock?warehouseGroup=acme-us&category=TABLETS');
    await signIn(page, user.email, user.password);
    await page.locator('.stock-group').first().getByRole('button', { expanded: false }).click();
    await expect(page).toHaveURL(/open=/);
    const listUrl = page.url();
    await page.getByRole('link', { name: 'TUTORIAL' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tutorial' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('iframe')).toHaveAttribute('src', 'https://example.com/acme/tutorial');
    await expectNoAxeViolations(page);
    await dialog.getByRole('link', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(listUrl);
  });
});
