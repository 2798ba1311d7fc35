import { servers } from './support/servers';
import { ALL_AUTHORITIES, createUser, expect, test, openSignedIn } from './support/fixtures';

test.describe('app shell', () => {
  test('a buyer with every authority sees every menu entry, footer and version', async ({
    page,
    expectNoAxeViolations,
  }) => {
    const user = await createUser({ authorities: ALL_AUTHORITIES, firstName: 'Dana', lastName: 'Quinn' });
    await openSignedIn(page, '/dashboard', user);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome to ACME Wholesale Devices' })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link')).toHaveText([
      'Home',
      'Stock List',
      'Cart and Offers',
      'Auctions',
      'Pre Orders',
      'Orders',
      'Returns',
      'Stock Alerts',
      'Saved Searches',
    ]);
    await expect(menu.getByTitle(/^Version \d+\.\d+\.\d+(\+\w+)?$/)).toBeVisible();
    await expect(page.getByText('DQ', { exact: true })).toBeVisible();
    const terms = page.getByRole('contentinfo').getByRole('link', { name: /Terms of Sale/ });
    await expect(terms).toHaveAttribute('target', '_blank');
    await expect(page.getByText('© 2026 ACME Wholesale Devices. All rights reserved.')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto('/help');
    await expect(page.getByRole('heading', { name: 'Welcome to ACME Wholesale Devices' })).toBeVisible();
    for (const [path, heading] of [
      ['/auctions', 'Auctions'],
      ['/preorders', 'Pre Orders'],
      ['/returns', 'Returns'],
      ['/account', 'Account'],
      ['/terms-of-sale', 'Terms of Sale'],
    ]) {
      await page.goto(path!);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
    await expectNoAxeViolations(page);
    // The terms page, linked where terms are named, reads the tenant's own terms.
    await expect(page.getByText(/^These ACME terms of sale apply to every order/)).toBeVisible();
    await expect(page.locator('.terms-of-sale p')).toHaveCount(4);
  });

  test('no menu or toolbar link leads to "Page not found": Orders and My Preferences are there; IMPORT opens its dialog', async ({
    page,
  }) => {
    const user = await createUser({ authorities: ALL_AUTHORITIES, firstName: 'Lee', lastName: 'Links' });
    await openSignedIn(page, '/', user);
    await expect(page).toHaveURL(/\/stock$/);
    await page.getByLabel('Account menu for Lee Links').click();
    await expect(page.getByText('Logout', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'My Preferences' })).toHaveAttribute('href', '/preferences');
    await expect(
      page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Orders', exact: true }),
    ).toHaveAttribute('href', '/orders');
    await expect(page.getByRole('link', { name: 'IMPORT' })).toBeVisible();
    const hrefs = await page
      .locator('.top-menu a[href], .side-menu a[href], .stock-toolbar a[href]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')!).filter((href) => href.startsWith('/')));
    expect(hrefs.length).toBeGreaterThan(5);
    for (const href of hrefs) {
      const response = await page.request.get(href, { maxRedirects: 0 });
      expect(response.status(), href).toBeLessThan(400);
      if (href.includes('dialog=')) expect(await response.text(), href).toContain('<dialog');
    }
  });
});

test.describe('white-label', () => {
  test('the second tenant shows its own language, colours and currency of words', async ({
    page,
    expectNoAxeViolations,
  }) => {
    const base = `http://localhost:${servers().second.port}`;
    const user = await createUser({ authorities: ALL_AUTHORITIES }, 'second');
    await page.goto(`${base}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { name: 'Connexion à Portail Acheteurs Refurb' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'SE CONNECTER' })).toHaveCSS('background-color', 'rgb(122, 31, 92)');
    // Its own logo and favicon, served from public/.
    await expect(page.getByRole('img', { name: 'Refurb Europe SAS' })).toHaveAttribute(
      'src',
      '/tenants/refurb/logo.svg',
    );
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/tenants/refurb/favicon.svg');
    for (const file of ['/tenants/refurb/logo.svg', '/tenants/refurb/favicon.svg'])
      expect((await page.request.get(`${base}${file}`)).status()).toBe(200);
    await expectNoAxeViolations(page);

    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'SE CONNECTER' }).click();
    await expect(page).toHaveURL(/\/stock$/);
    await expect(page.getByRole('heading', { name: 'Liste de stock' })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu.getByRole('link', { name: 'Enchères' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Liste de stock' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Commandes' })).toHaveAttribute('href', '/orders');
    await expect(page.locator('.site-footer')).toHaveCSS('border-top-width', '4px');
    await expectNoAxeViolations(page);
  });

  test('the second tenant shows its sales banner, its broadcast once after sign-in, and loads its widgets with the nonce', async ({
    page,
    javaScriptOn,
    expectNoAxeViolations,
  }) => {
    const base = `http://localhost:${servers().second.port}`;
    const requested: string[] = [];
    await page.route('https://widgets.example.net/**', (route) => {
      requested.push(new URL(route.request().url()).pathname);
      return route.fulfill({
        contentType: 'text/javascript',
        body: '(window.widgetsRan = window.widgetsRan || []).push(document.currentScript.dataset.widget);',
      });
    });
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    const user = await createUser({ authorities: ALL_AUTHORITIES }, 'second');
    await page.goto(`${base}/`);
    const sales = page.getByRole('complementary', { name: 'Annonce' });
    await expect(sales).toContainText(
      'Livraison standard offerte pour toute commande de plus de 3 000 € depuis un même entrepôt.',
    );
    await expect(sales.getByRole('link', { name: /Voir l’offre/ })).toHaveAttribute(
      'href',
      'https://example.com/refurb/soldes',
    );

    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'SE CONNECTER' }).click();
    await expect(page).toHaveURL(/\/stock$/);
    await expect(page.getByRole('region', { name: 'Annonces' })).toHaveText(
      'Maintenance prévue dimanche de 2 h à 4 h.',
    );
    await expect(page.getByText('Ancienne annonce, retirée.')).toHaveCount(0);
    await expect(sales).toBeVisible();
    await expectNoAxeViolations(page);
    if (javaScriptOn) {
      await expect
        .poll(() =>
          page.evaluate(() => ((window as unknown as { widgetsRan?: string[] }).widgetsRan ?? []).slice().sort()),
        )
        .toEqual(['analytics', 'helpdesk', 'liveUpdate']);
      expect(
        await page.evaluate(() => (window as unknown as { tenantWidgets: Record<string, unknown> }).tenantWidgets),
      ).toEqual({
        analytics: { siteId: 'refurb-eu', role: 'Buyer' },
        helpdesk: { widgetKey: 'refurb-help' },
        liveUpdate: { key: 'refurb-live' },
      });
      expect(blocked).toEqual([]);
    } else {
      expect(requested).toEqual([]);
    }

    // The broadcast shows once; the sales banner stays.
    await page.goto(`${base}/stock`);
    await expect(page.getByRole('heading', { name: 'Liste de stock' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Annonces' })).toHaveCount(0);
    await expect(sales).toBeVisible();

    // A tenant that configured no widget and no banner loads none.
    const demo = await (await page.request.get('/')).text();
    expect(demo).not.toContain('tenantWidgets');
    expect(demo).not.toContain('sales-banner');
  });

  test('a deactivated site shows only its message', async ({ page, expectNoAxeViolations }) => {
    const response = await page.goto(`http://localhost:${servers().deactivated.port}/`);
    expect(response?.status()).toBe(503);
    await expect(
      page.getByText('This site is no longer available. Please contact Closed Devices Ltd for more information.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'SIGN IN' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('a deactivated tenant stops: sign-in creates no session, buying and exporting answer the deactivated page', async ({
    page,
    expectNoAxeViolations,
  }) => {
    const base = `http://localhost:${servers().deactivated.port}`;
    const message = 'This site is no longer available. Please contact Closed Devices Ltd for more information.';
    const user = await createUser({ authorities: ALL_AUTHORITIES }, 'deactivated');

    const signInPost = await page.request.post(`${base}/?index`, {
      form: { intent: 'sign-in', email: user.email, password: user.password, redirectTo: '' },
      maxRedirects: 0,
    });
    expect(signInPost.status()).toBe(503);
    expect(await signInPost.text()).toContain(message);
    expect((await page.context().cookies(base)).map((c) => c.name)).not.toContain('__session');

    const buy = await page.request.post(`${base}/stock`, {
      form: {
        intent: 'offer-save',
        mode: 'buy',
        participantId: 'acme',
        itemNumberWarehouse: 'X-MIA',
        quantity: '1',
        price: '',
        offerId: '',
      },
      maxRedirects: 0,
    });
    expect(buy.status()).toBe(503);
    expect(await buy.text()).toContain(message);

    for (const path of ['/stock/export?scope=all', '/stock', '/cart', '/reset-password']) {
      const response = await page.goto(`${base}${path}`);
      expect(response?.status(), path).toBe(503);
      expect(response?.headers()['content-type'], path).toMatch(/^text\/html/);
      expect(response?.headers()['content-disposition'], path).toBeUndefined();
      await expect(page.getByText(message)).toBeVisible();
    }
    await page.goto(`${base}/stock/export?scope=all`);
    await expectNoAxeViolations(page);
  });
});
