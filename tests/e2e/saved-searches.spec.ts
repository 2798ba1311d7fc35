import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { servers } from './support/servers';
import { admin, ALL_AUTHORITIES, buyerApi, createUser, expect, test, openSignedIn } from './support/fixtures';

/** The plain text of the newest e-mail to this address in the demo server's outbox (quoted-printable undone). */
function newestMail(email: string): string | null {
  const outbox = path.join(servers().demo.dataDir, 'outbox');
  const file = fs.existsSync(outbox)
    ? fs
        .readdirSync(outbox)
        .filter((f) => f.includes(email))
        .sort()
        .at(-1)
    : undefined;
  if (!file) return null;
  const raw = fs.readFileSync(path.join(outbox, file), 'utf8').replace(/=\r?\n/g, '');
  return Buffer.from(
    raw.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

const saveForm = (page: Page) => page.locator('details.save-search');

async function saveAs(page: Page, name: string, alerts = false) {
  const form = saveForm(page);
  if (!(await form.getAttribute('open').then((v) => v !== null))) await form.getByText('Save this search').click();
  await form.getByLabel('Name').fill(name);
  if (alerts) await form.getByLabel('E-mail me daily about new matches and price drops').check();
  await form.getByRole('button', { name: 'Save', exact: true }).click();
}

test.describe('saved searches', () => {
  test('save the list’s search under a name, find it on its page, rename, alerts off, delete; the alert e-mail links back to the view', async ({
    page,
    javaScriptOn,
    expectNoAxeViolations,
  }) => {
    const user = await createUser({ authorities: ALL_AUTHORITIES });
    const [item] = (await admin(
      'GET',
      `/stock?warehouse=${javaScriptOn ? 'LAX' : 'NYC'}&minQuantity=5&offset=45&limit=1`,
    )) as { itemNumberWarehouse: string; listPrice: number }[];
    const itemNumber = item!.itemNumberWarehouse.replace(/-[A-Z]+$/, '');
    await openSignedIn(page, `/stock?q=${encodeURIComponent(itemNumber)}&warehouseGroup=acme-us&sort=price`, user);
    await expect(page).toHaveURL(/\/stock\?.*q=/);
    await expect(page.getByRole('search').getByLabel('Search stock')).toHaveValue(itemNumber);

    // A name is required, said next to the field; nothing is saved.
    await saveAs(page, '   ');
    await expect(saveForm(page).getByText('Please give the search a name.')).toBeVisible();
    await expect(saveForm(page).getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(saveForm(page).getByLabel('Name')).toHaveAccessibleDescription(/^Please give the search a name\./);
    await expectNoAxeViolations(page);

    await saveAs(page, 'Watch list', true);
    await expect(page.getByText('Search saved as “Watch list”.')).toBeVisible();
    // Back to the list as it was shown: the search had moved it to the category holding the item, which the view keeps.
    await expect(page).toHaveURL(/\?q=[^&]+&warehouseGroup=acme-us&category=PHONES&sort=price$/);

    // The same name again, whatever its case, is refused next to the field.
    await saveAs(page, 'watch  LIST');
    await expect(saveForm(page).getByText('You already have a saved search with this name.')).toBeVisible();

    const actions = page.getByRole('navigation', { name: 'Stock list actions' });
    await actions.getByText('More actions').click();
    await actions.getByRole('link', { name: 'Saved Searches' }).click();
    await expect(page).toHaveURL(/\/stock\/saved-searches$/);
    await expect(page.getByRole('heading', { name: 'Saved Searches', level: 1 })).toBeVisible();
    const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Watch list' }) });
    await expect(row).toContainText(`Search: “${itemNumber}” · 1 filter · Price: lowest first`);
    await expect(row).toContainText('E-mail alerts on');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Saved Searches' }),
    ).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations(page);

    // The seller lowers a matching price; the daily run e-mails it once, with a link to the saved view.
    await admin('POST', '/stock', { itemNumberWarehouse: item!.itemNumberWarehouse, listPrice: item!.listPrice - 9 });
    await admin('POST', `/jobs/saved-search-alerts?at=2030-02-0${javaScriptOn ? 1 : 2}T12:00:00Z`);
    const mail = newestMail(user.email);
    expect(mail).toContain('“Watch list”: 0 new matching items, 1 lower prices');
    const link = /\/stock\?\S+/.exec(mail!)![0];
    expect(link).toContain(`q=${encodeURIComponent(itemNumber)}`);
    await admin('POST', `/jobs/saved-search-alerts?at=2030-02-0${javaScriptOn ? 3 : 4}T12:00:00Z`);
    expect(newestMail(user.email)).toBe(mail);

    await row.getByRole('link', { name: 'Open “Watch list”' }).click();
    await expect(page).toHaveURL(new RegExp(link.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '$'));
    await expect(page.getByRole('search').getByLabel('Search stock')).toHaveValue(itemNumber);
    await expect(page.getByRole('search').getByLabel('Sort by')).toHaveValue('price');

    await page.goto('/stock/saved-searches');
    await row.getByText('Rename').click();
    const newName = row.getByLabel('New name for “Watch list”');
    await newName.fill('x'.repeat(61));
    await row.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(row.getByText('The name can be at most 60 characters long.')).toBeVisible();
    await expect(row.getByLabel('New name for “Watch list”')).toHaveAttribute('aria-invalid', 'true');
    await expect(row.getByLabel('New name for “Watch list”')).toHaveAccessibleDescription(
      'The name can be at most 60 characters long.',
    );
    await row.getByLabel('New name for “Watch list”').fill('Cheap finds');
    await row.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Renamed to “Cheap finds”.')).toBeVisible();

    const renamed = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Cheap finds' }) });
    await renamed.getByRole('button', { name: 'Turn e-mail alerts off' }).click();
    await expect(page.getByText('No more e-mails for “Cheap finds”.')).toBeVisible();
    await expect(renamed).toContainText('E-mail alerts off');

    await renamed.getByRole('button', { name: 'Delete “Cheap finds”' }).click();
    await expect(page.getByText('Saved search “Cheap finds” deleted.')).toBeVisible();
    await expect(page.getByText('No saved searches yet')).toBeVisible();
    await expectNoAxeViolations(page);

    await admin('POST', '/stock', { itemNumberWarehouse: item!.itemNumberWarehouse, listPrice: item!.listPrice });
  });

  test('the side menu links the page, and another user’s saved search is out of reach', async ({ page }) => {
    const owner = await createUser({ authorities: ALL_AUTHORITIES });
    const other = await createUser({ authorities: ALL_AUTHORITIES });
    await openSignedIn(page, '/stock?q=ipad', owner);
    await expect(page).toHaveURL(/\/stock\?/);
    await saveAs(page, 'Mine');
    await expect(page.getByText('Search saved as “Mine”.')).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Saved Searches' }).click();
    const id = await page.locator('input[name="id"]').first().getAttribute('value');
    await page.context().clearCookies();

    await openSignedIn(page, '/stock/saved-searches', other);
    await expect(page.getByText('No saved searches yet')).toBeVisible();
    const origin = new URL(page.url()).origin;
    // An intent outside the set is a 400. The other user's id posted as this user: nothing changes,
    // and the next page says so (the 400's page, drawn with the root's data, would show it first).
    const unknown = await page.request.post('/stock/saved-searches', {
      form: { intent: 'share', id: id! },
      headers: { origin },
      maxRedirects: 0,
    });
    expect(unknown.status()).toBe(400);
    const refused = await page.request.post('/stock/saved-searches', {
      form: { intent: 'delete', id: id! },
      headers: { origin },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(302);
    await page.reload();
    await expect(page.getByText('The saved search could not be changed. Please try again.')).toBeVisible();
    await expect(page.getByText('No saved searches yet')).toBeVisible();
    const asOwner = await buyerApi(owner.email, owner.password);
    expect(
      ((await asOwner('GET', '/saved-searches')) as { savedSearches: { name: string }[] }).savedSearches.map(
        (s) => s.name,
      ),
    ).toEqual(['Mine']);
  });
});
