import fs from 'node:fs';
import path from 'node:path';
import { servers } from './support/servers';
import { admin, ALL_AUTHORITIES, buyerApi, createUser, expect, test, openSignedIn } from './support/fixtures';
import { itemsFor, slotOf } from './support/orders';

interface CartEntry {
  itemNumberWarehouse: string;
  itemDescription: string;
}

/** The subjects of the e-mails to this address in the demo server's outbox. */
function subjectsTo(email: string): string[] {
  const outbox = path.join(servers().demo.dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((file) => file.includes(email))
    .map(
      (file) =>
        /^Subject: (.*)$/m.exec(fs.readFileSync(path.join(outbox, file), 'utf8').replace(/\r?\n[ \t]+/g, ' '))?.[1] ??
        '',
    );
}

const usd = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);
/** Whole euros as the French tenant writes them (its cents, when it shows them, are matched apart). */
const eur = (amount: number) => new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 }).format(amount);

test.describe('an offer’s history', () => {
  test('placed by the buyer, countered by the seller: each step with when, by whom, quantity and price', async ({
    page,
    expectNoAxeViolations,
    javaScriptOn,
  }, testInfo) => {
    const user = await createUser({ authorities: ALL_AUTHORITIES });
    const api = await buyerApi(user.email, user.password);
    const [item] = await itemsFor(slotOf(testInfo.project.name, 19), 1);
    const offered = Math.floor(item!.listPrice * 0.8);
    const countered = Math.floor(item!.listPrice * 0.9);
    const { offerId } = (await api('POST', '/stocklist/offer', {
      itemNumberWarehouse: item!.itemNumberWarehouse,
      offerQuantity: 3,
      offerPrice: offered,
    })) as { offerId: number };
    await admin('POST', `/offers/${offerId}/review`, {
      action: 'counter',
      price: countered,
      minimumQuantity: 1,
      validHours: 48,
    });
    const [entry] = (await api('GET', '/cart/items')) as CartEntry[];

    // Another buyer's offer has no history to read.
    const stranger = await createUser({ authorities: ALL_AUTHORITIES });
    await expect(
      (await buyerApi(stranger.email, stranger.password))('GET', `/stocklist/offer/${offerId}/history`),
    ).rejects.toThrow(/failed: 404/);

    await openSignedIn(page, '/cart?tab=1', user);
    await page.getByRole('button', { name: new RegExp(`^History ${entry!.itemDescription}`) }).click();
    await expect(page).toHaveURL(new RegExp(`/cart\\?tab=1&history=${offerId}$`));
    const dialog = page.getByRole('dialog', { name: `History of ${entry!.itemDescription}` });
    const events = dialog.getByRole('listitem');
    await expect(events).toHaveCount(2);
    await expect(events.nth(0)).toContainText('Offer placed');
    await expect(events.nth(0)).toContainText(', by you');
    await expect(events.nth(0)).toContainText(`3 at ${usd(offered)}`);
    await expect(events.nth(1)).toContainText('Countered');
    await expect(events.nth(1)).toContainText(', by the seller');
    await expect(events.nth(1)).toContainText(`3 at ${usd(countered)}`);
    await expectNoAxeViolations(page);

    await dialog.getByRole('link', { name: 'Close' }).click();
    await expect(page).toHaveURL(new RegExp(`/cart\\?tab=1#offer-${offerId}$`));
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The seller's counter was e-mailed; turned off from the user menu, the next answer is not.
    await expect
      .poll(() => subjectsTo(user.email))
      .toEqual([`ACME Wholesale Devices: the seller answered your offer on ${entry!.itemDescription}`]);
    await page.getByLabel('Account menu for Pat Tester').click();
    await page.getByRole('link', { name: 'E-mail notifications' }).click();
    const preference = page.getByRole('checkbox', { name: 'E-mail me when the seller answers one of my offers' });
    await expect(preference).toBeChecked();
    await expectNoAxeViolations(page);
    await preference.uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your notification preference was saved.')).toBeVisible();
    await expect(preference).not.toBeChecked();
    await api('PUT', `/stocklist/offer/${offerId}`, { offerQuantity: 3, offerPrice: offered });
    await admin('POST', `/offers/${offerId}/review`, { action: 'reject' });
    await page.waitForTimeout(500);
    expect(subjectsTo(user.email)).toHaveLength(1);

    // A counter from the seller's automatic rules (issue 51) reads at the counter's price, as the
    // row does, not at the buyer's. On the French tenant, where no other journey leaves an offer
    // waiting: its review job run past the rules' delay answers every waiting offer there.
    const french = await createUser({ authorities: ALL_AUTHORITIES }, 'second');
    const frenchApi = await buyerApi(french.email, french.password, 'second');
    const lyon = (await admin(
      'GET',
      `/stock?warehouse=LYS&minQuantity=12&offset=${javaScriptOn ? 90 : 110}&limit=20`,
      undefined,
      'second',
    )) as { itemNumberWarehouse: string; listPrice: number; incrementSize: number }[];
    const lyonItem = lyon.find((r) => r.incrementSize === 1)!;
    const placed = (await frenchApi('POST', '/stocklist/offer', {
      itemNumberWarehouse: lyonItem.itemNumberWarehouse,
      offerQuantity: 5,
      offerPrice: Math.floor(lyonItem.listPrice * 0.8),
    })) as { offerId: number; updatedAt: string };
    await admin(
      'POST',
      `/jobs/offer-review?at=${new Date(Date.parse(placed.updatedAt) + 121_000).toISOString()}`,
      undefined,
      'second',
    );
    const answered = (
      (await frenchApi('GET', '/stocklist/offers')) as Record<string, { offerStatus: string; counterPrice: number }>
    )[lyonItem.itemNumberWarehouse]!;
    expect(answered.offerStatus).toBe('COUNTERED');
    const [frenchEntry] = (await frenchApi('GET', '/cart/items')) as CartEntry[];
    await page.goto(`http://localhost:${servers().second.port}/cart?tab=1`);
    await page.getByLabel('E-mail').fill(french.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(french.password);
    await page.getByRole('button', { name: 'SE CONNECTER' }).click();
    await page.getByRole('button', { name: new RegExp(`^Historique ${frenchEntry!.itemDescription}`) }).click();
    const frenchEvents = page
      // French elides "de" before a name that starts with a vowel: "Historique d’Apple iPhone 11".
      .getByRole('dialog', { name: new RegExp(`^Historique d(e |’)${frenchEntry!.itemDescription}`) })
      .getByRole('listitem');
    await expect(frenchEvents).toHaveCount(2);
    await expect(frenchEvents.nth(1)).toContainText('Contre-proposée');
    await expect(frenchEvents.nth(1)).toContainText(', par le vendeur');
    await expect(frenchEvents.nth(1)).toContainText(new RegExp(`5 à ${eur(answered.counterPrice)}(,00)?\\s€`));
    await expectNoAxeViolations(page);
  });
});
