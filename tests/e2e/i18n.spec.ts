import { SERVERS } from '../../playwright.config';
import { ALL_AUTHORITIES, createUser, expect, test } from './support/fixtures';

/** The French tenant's pages are French down to the browser's title bar. */
test.describe('the French tenant', () => {
  const base = `http://localhost:${SERVERS.second.port}`;

  test('names its pages in French in the page title', async ({ page }) => {
    await page.goto(`${base}/reset-password`);
    await expect(page).toHaveTitle('Portail Acheteurs Refurb - Réinitialiser le mot de passe');

    const user = await createUser({ authorities: ALL_AUTHORITIES }, 'second');
    await page.goto(`${base}/`);
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'SE CONNECTER' }).click();
    await expect(page).toHaveURL(/\/stock$/);
    await expect(page).toHaveTitle('Portail Acheteurs Refurb - Stock');

    await page.goto(`${base}/cart`);
    await expect(page).toHaveTitle('Portail Acheteurs Refurb - Panier');
    await page.goto(`${base}/stock-alerts`);
    await expect(page).toHaveTitle('Portail Acheteurs Refurb - Alertes de stock');
  });
});
