import { servers } from './support/servers';
import type { Page } from '@playwright/test';
import { admin, ALL_AUTHORITIES, buyerApi, createUser, expect, signInToSecond, test } from './support/fixtures';

const base = () => `http://localhost:${servers().second.port}`;

/** The French tenant's pages are French down to the browser's title bar. */
test.describe('the French tenant', () => {
  test('names its pages in French in the page title', async ({ page }) => {
    await page.goto(`${base()}/reset-password`);
    await expect(page).toHaveTitle('Portail Acheteurs Refurb - Réinitialiser le mot de passe');

    await signInToSecond(page);
    await expect(page).toHaveTitle('Portail Acheteurs Refurb - Stock');

    await page.goto(`${base()}/cart`);
    await expect(page).toHaveTitle('Portail Acheteurs Refurb - Panier');
    await page.goto(`${base()}/stock-alerts`);
    await expect(page).toHaveTitle('Portail Acheteurs Refurb - Alertes de stock');
  });
});

test.describe('the French tenant’s stock list', () => {
  test('names categories, attributes and grade groups in French, writes prices as “236,00 €” (euros with their cents) and counts in French plurals', async ({
    page,
    expectNoAxeViolations,
  }) => {
    await signInToSecond(page);
    const filters = page.getByRole('complementary', { name: 'Filtres' });
    await expect(filters.getByRole('radio', { name: /^Téléphones/ })).toBeChecked();
    await expect(filters.getByRole('group', { name: 'Fabricant' })).toBeVisible();
    await expect(filters.getByRole('group', { name: 'Meilleurs grades' })).toBeVisible();
    await expect(page.locator('.stock-summary')).toHaveText(/^[\d\s\u202f]+ articles, [\d\s\u202f]+\+? unités$/);
    // Money as French writes it: the amount, a space, then the symbol — never “€236”.
    const price = (await page.locator('.stock-group__price').first().innerText()).replace(/[\u00a0\u202f]/g, ' ');
    expect(price).toMatch(/^à partir de [\d ]+,\d\d €$/);
    await expect(page.getByText(/€\d/)).toHaveCount(0);
    // French punctuation: a no-break space before a colon, whatever the text file had.
    const sortOption = await page.getByRole('combobox', { name: 'Trier par' }).locator('option').nth(1).textContent();
    expect(sortOption).toBe('Prix\u00a0: le plus bas d’abord');
    await expectNoAxeViolations(page);
  });
});

/**
 * What the marketplace's data says (methods, payment, services, the tax line, statuses, warehouses)
 * is French too, and the euro tenant's demo marketplace is European: a buyer in Lyon pays French VAT.
 */
test.describe('the French tenant’s marketplace words', () => {
  const row = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
  async function pressDone(page: Page, name: string) {
    const answered = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/checkout/'),
    );
    await row(page, name)
      .getByRole('button', { name: `TERMINÉ ${name}` })
      .click();
    await answered;
    await expect(page.locator('.checkout fieldset.plain-fieldset')).toBeEnabled();
  }

  test('the checkout’s methods and tax line, and the order’s status chips, are French', async ({
    page,
    expectNoAxeViolations,
    javaScriptOn,
  }) => {
    const user = await createUser({ authorities: ALL_AUTHORITIES }, 'second');
    const api = await buyerApi(user.email, user.password, 'second');
    const offset = javaScriptOn ? 30 : 50;
    const rows = (await admin(
      'GET',
      `/stock?warehouse=LYS&minQuantity=12&offset=${offset}&limit=20`,
      undefined,
      'second',
    )) as { itemNumberWarehouse: string; listPrice: number; incrementSize: number }[];
    const item = rows.find((r) => r.incrementSize === 1)!;
    await api('POST', '/stocklist/offer', {
      itemNumberWarehouse: item.itemNumberWarehouse,
      offerQuantity: 2,
      offerPrice: item.listPrice,
    });
    await page.goto(`${base()}/cart`);
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'SE CONNECTER' }).click();
    const box = page.getByRole('region', { name: 'Lyon' });
    await box.locator('.menu-button > summary').click();
    await box.getByRole('button', { name: 'Tous les articles' }).click();
    await box.getByRole('button', { name: 'COMMANDER', exact: true }).click();
    await expect(page).toHaveURL(/\/checkout\/Lyon$/);

    await row(page, 'Adresse d’expédition')
      .getByRole('radio', { name: /Entrepôt principal/ })
      .check();
    await pressDone(page, 'Adresse d’expédition');
    const method = row(page, 'Mode d’expédition');
    await expect(method.getByRole('radio', { name: 'Livraison standard' })).toBeChecked();
    await expect(method.getByRole('radio', { name: 'Retrait à l’entrepôt' })).toBeVisible();
    await expect(method.locator('[data-method-quote="ACME_STANDARD_SHIPPING"]')).toContainText(
      'Livraison en 3 à 5 jours ouvrés',
    );
    await method.getByRole('radio', { name: 'Sans assurance' }).check();
    await pressDone(page, 'Mode d’expédition');
    await row(page, 'Adresse de facturation').getByRole('radio', { name: /Siège/ }).check();
    await row(page, 'Moyen de paiement')
      .getByRole('radio', { name: /Virement bancaire/ })
      .check();
    await pressDone(page, 'Adresse de facturation');
    await expect(row(page, 'Moyen de paiement').getByText('Virement bancaire')).toBeVisible();
    const totals = page.locator('.order-totals');
    await expect(totals).toContainText('Taxe (TVA française 20 %)');
    await expect(page.locator('main')).not.toContainText(
      /Texas|sales tax|Wire transfer|Pick up at the warehouse|Standard shipping/,
    );
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'METTRE EN ATTENTE' }).first().click();
    await expect(page).toHaveURL(/\/checkout\/order-release-confirmation\?order=SO-/);
    await expect(page.locator('main')).toContainText('Virez le total sur l’IBAN FR76');
    const number = new URL(page.url()).searchParams.get('order')!;
    await page.goto(`${base()}/orders/${number}`);
    await expect(page.locator('.status-chip[data-status="ON_HOLD"]').first()).toHaveText('En attente');
    await expect(page.locator('.status-chip[data-status="UNPAID"]').first()).toHaveText('Non payée');
    await expect(page.locator('main')).toContainText('TVA française 20 %');
    await expect(page.locator('main')).not.toContainText(/On Hold|Unpaid|sales tax/);
    await expectNoAxeViolations(page);
  });
});

/**
 * The texts are scripts of their own (not page data), by parts: a page's script holds the parts it
 * shows, a page reached on the way loads only the parts not there yet, and only to run the page's scripts.
 */
test.describe('the texts in the browser', () => {
  test('come as scripts cached for good, each part once in a visit, and not at all without JavaScript', async ({
    page,
    javaScriptOn,
  }) => {
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/i18n/')) fetched.push(request.url());
    });
    // A script the CSP refused, or a page hydrated with other texts than the server's, says so here.
    const errors: string[] = [];
    page.on('console', (message) => {
      // (The tenant's chat widget is on a host the test machine cannot resolve.)
      if (message.type() === 'error' && !message.text().includes('ERR_NAME_NOT_RESOLVED')) errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const user = await createUser({ authorities: ALL_AUTHORITIES }, 'second');
    await page.goto(`${base()}/`);
    // Hydrated: the sign-in and the menu link below are client-side navigations.
    if (javaScriptOn) await page.waitForFunction(() => '__remixRouter' in window);
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'SE CONNECTER' }).click();
    await expect(page).toHaveURL(/\/stock$/);
    await expect(page).toHaveTitle('Portail Acheteurs Refurb - Stock');
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Commandes' }).click();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(page).toHaveTitle('Portail Acheteurs Refurb - Commandes');
    if (!javaScriptOn) {
      expect(fetched).toEqual([]);
      return;
    }
    expect(errors).toEqual([]);
    const names = fetched.map((url) => new URL(url).pathname);
    for (const name of names) expect(name).toMatch(/^\/i18n\/fr\.[0-9a-f]{16}\.[a-zA-Z0-9-]+\.js$/);
    const partsOf = (name: string) => name.split('.')[2]!.split('-');
    const parts = names.flatMap(partsOf);
    expect(new Set(parts).size, names.join(' ')).toBe(parts.length);
    // The sign-in page's script has none of the signed-in pages' parts; the stock list and orders came on the way.
    expect(partsOf(names[0]!)).toEqual(expect.arrayContaining(['app', 'login']));
    expect(partsOf(names[0]!)).not.toContain('stock');
    expect(parts).toEqual(expect.arrayContaining(['menu', 'stock', 'orders']));
    const script = await page.request.get(fetched[0]!);
    expect(script.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.headers()['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await page.request.get(`${base()}/i18n/xx.${'0'.repeat(16)}.app.js`)).status()).toBe(404);
  });
});
