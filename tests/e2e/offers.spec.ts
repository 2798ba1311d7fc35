import type { Locator, Page } from '@playwright/test';
import { admin, ALL_AUTHORITIES, createUser, expect, test, openSignedIn } from './support/fixtures';

/**
 * Each test works on its own item so that the two projects and parallel workers never share one:
 * the n-th offerable row of the default list, counted from an offset per project.
 */
async function openItem(page: Page, slot: number, projectName: string) {
  const user = await createUser({ authorities: ALL_AUTHORITIES });
  await openSignedIn(page, '/stock', user);
  await expect(page).toHaveURL(/\/stock$/);
  return { user, ...(await offerableRow(page, slot, projectName)) };
}

async function offerableRow(page: Page, slot: number, projectName: string) {
  const index = slot * 2 + (projectName === 'js' ? 0 : 1);
  await page.goto('/stock?warehouse=MIA');
  const groups = page.locator('.stock-group');
  await groups.nth(index).getByRole('button', { expanded: false }).click();
  const offerable = groups
    .nth(index)
    .locator('tbody tr')
    .filter({ has: page.getByRole('link', { name: /^MAKE OFFER / }) });
  // One with units enough for what the tests buy, whichever journeys of the run took from it before.
  await offerable.first().waitFor();
  const available = await offerable.locator('td[data-label="Available"]').allInnerTexts();
  const enough = available.findIndex((text) => text.includes('+') || Number(text.replace(/\D/g, '')) >= 10);
  const itemNumberWarehouse = (await offerable.nth(Math.max(enough, 0)).getAttribute('data-item'))!;
  const row = page.locator(`tr[data-item="${itemNumberWarehouse}"]`);
  return { row, itemNumberWarehouse };
}

const dialog = (page: Page) => page.getByRole('dialog');
const dollars = (amount: number) =>
  `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const listPriceOf = async (page: Page) =>
  Number((await dialog(page).locator('dd').nth(1).innerText()).replace(/[^0-9.]/g, ''));

/** Offers on `row` at one below its list price, which the dialog answers. */
async function offerBelowList(page: Page, row: Locator) {
  await row.getByRole('link', { name: /^MAKE OFFER / }).click();
  const listPrice = await listPriceOf(page);
  await dialog(page)
    .getByLabel('Offer Price')
    .fill(String(listPrice - 1));
  await dialog(page).getByRole('button', { name: 'MAKE OFFER' }).click();
  return listPrice;
}

async function offerIdOf(email: string, itemNumberWarehouse: string): Promise<number> {
  const offers = (await admin('GET', `/offers?email=${encodeURIComponent(email)}`)) as {
    offerId: number;
    itemNumberWarehouse: string;
  }[];
  return offers.find((o) => o.itemNumberWarehouse === itemNumberWarehouse)!.offerId;
}

test.describe('buy and make offers from the stock list', () => {
  test('buy at list price, then edit and remove from the cart, keeping the list where it was', async ({
    page,
    javaScriptOn,
    expectNoAxeViolations,
  }, info) => {
    const { row } = await openItem(page, 0, info.project.name);
    const listUrl = page.url();
    await row.getByRole('link', { name: /^BUY / }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Buy' })).toBeVisible();
    // The dialog says what the buy comes to and what happens next.
    const listPrice = await listPriceOf(page);
    const quantity = Number(await dialog(page).getByLabel('Quantity').inputValue());
    await expect(dialog(page).getByText(`Total ${dollars(quantity * listPrice)}`)).toBeVisible();
    await expect(
      dialog(page).getByText('The item goes into your cart at the list price; you check out from Cart and Offers.'),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog(page).getByLabel('Quantity').fill('2');
    if (javaScriptOn) await expect(dialog(page).getByText(`Total ${dollars(2 * listPrice)}`)).toBeVisible();
    await dialog(page).getByRole('button', { name: 'ADD TO CART' }).click();
    await expect(page.getByText('Added to the Cart')).toBeVisible();
    await expect(page).toHaveURL(listUrl);
    await expect(row).toContainText(/In Cart: 2 ×/);
    await expect(page.getByRole('link', { name: 'Cart and Offers (1)' })).toBeVisible();

    await row.getByRole('link', { name: /^EDIT / }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Edit Offer or Buy in Cart' })).toBeVisible();
    await dialog(page).getByLabel('Quantity').fill('3');
    await dialog(page).getByRole('button', { name: 'UPDATE' }).click();
    await expect(page.getByText('Successfully updated to the Cart')).toBeVisible();
    await expect(row).toContainText(/In Cart: 3 ×/);

    await row.getByRole('link', { name: /^EDIT / }).click();
    await dialog(page).getByRole('button', { name: 'REMOVE FROM CART' }).click();
    await expect(page.getByText('Successfully removed from the cart')).toBeVisible();
    await expect(row.getByRole('link', { name: /^BUY / })).toBeVisible();
    await expect(page).toHaveURL(listUrl);
  });

  test('an offer waits for the seller, who counters; the buyer sees the counter and its terms', async ({
    page,
    javaScriptOn,
    expectNoAxeViolations,
  }, info) => {
    const { user, row, itemNumberWarehouse } = await openItem(page, 1, info.project.name);
    await row.getByRole('link', { name: /^MAKE OFFER / }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Make an Offer' })).toBeVisible();
    await expectNoAxeViolations(page);
    const listPrice = await listPriceOf(page);
    // The price is in dollars; who answers, when, and for how long the answer holds.
    await expect(dialog(page).locator('#offer-price-unit')).toHaveText('$');
    await expect(dialog(page).getByLabel('Offer Price')).toHaveAccessibleDescription(/^\$/);
    await expect(dialog(page)).toContainText(
      'ACME reviews your offer and accepts, counters or rejects it; until then it waits in Offers Awaiting ACME Review, and you are notified once it is answered.',
    );
    await expect(dialog(page)).toContainText('Offers are reviewed every weekday between 9 AM and 5 PM Eastern Time.');
    await expect(dialog(page)).toContainText('An accepted or countered price holds for 48 hours.');
    await dialog(page).getByLabel('Quantity').fill('1');
    await dialog(page)
      .getByLabel('Offer Price')
      .fill(String(Math.floor(listPrice / 2)));
    await dialog(page).getByLabel('Quantity').fill('3');
    if (javaScriptOn)
      await expect(dialog(page).getByText(`Total ${dollars(3 * Math.floor(listPrice / 2))}`)).toBeVisible();
    await dialog(page).getByLabel('Quantity').fill('1');
    await dialog(page).getByRole('button', { name: 'MAKE OFFER' }).click();
    await expect(page.getByText('Added to the Cart')).toBeVisible();
    await expect(row).toContainText('Offered: 1 ×');

    const offerId = await offerIdOf(user.email, itemNumberWarehouse);
    await admin('POST', `/offers/${offerId}/review`, {
      action: 'counter',
      price: listPrice,
      minimumQuantity: 1,
      validHours: 48,
    });
    await page.reload();
    await expect(row).toContainText('Countered: 1 ×');
    await expect(row).toContainText(
      /The seller countered at \$[\d,.]+ with a minimum quantity of 1; the counter-offer expires in 1d 23h 5\dm\./,
    );
    await expectNoAxeViolations(page);
  });

  test('the seller rejects one offer and accepts another; expiry and a price drop follow', async ({ page }, info) => {
    const { user, row, itemNumberWarehouse } = await openItem(page, 2, info.project.name);
    const listPrice = await offerBelowList(page, row);
    await expect(row).toContainText('Offered:');
    const offerId = await offerIdOf(user.email, itemNumberWarehouse);

    await admin('POST', `/offers/${offerId}/review`, { action: 'reject' });
    await page.reload();
    await expect(row).toContainText('Rejected:');
    await expect(row).toContainText('Your offer was rejected.');

    await row.getByRole('link', { name: /^EDIT / }).click();
    await dialog(page)
      .getByLabel('Offer Price')
      .fill(String(listPrice - 1));
    await dialog(page).getByRole('button', { name: 'UPDATE' }).click();
    await expect(row).toContainText('Offered:');
    await admin('POST', `/offers/${offerId}/review`, { action: 'accept', minimumQuantity: 1, validHours: 1 });
    await page.reload();
    await expect(row).toContainText('Accepted:');
    await expect(row).toContainText(
      /Your offer was accepted: the new price of \$[\d,.]+ is valid for 1 order with a minimum quantity of 1, and expires in 0d 0h 5\dm\./,
    );

    // Expiry on a second offer, accepted two hours ago for one hour, by the review job at the real
    // time. Running the job at a later time instead would let the seller's rules answer every offer
    // waiting in the market, another worker's test's included.
    const expiring = await offerableRow(page, 5, info.project.name);
    const expiringPrice = await offerBelowList(page, expiring.row);
    await expect(expiring.row).toContainText('Offered:');
    const expiringId = await offerIdOf(user.email, expiring.itemNumberWarehouse);
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000).toISOString();
    await admin('POST', `/offers/${expiringId}/review`, {
      action: 'accept',
      minimumQuantity: 1,
      validHours: 1,
      at: twoHoursAgo,
    });
    await admin('POST', '/jobs/offer-review');
    await page.reload();
    await expect(expiring.row).toContainText('Expired:');
    await expect(expiring.row).toContainText('Your offer expired.');

    await admin('POST', '/stock', { itemNumberWarehouse: expiring.itemNumberWarehouse, listPrice: expiringPrice - 5 });
    await page.reload();
    await expect(expiring.row).toContainText('Price Dropped:');
    await expect(expiring.row).toContainText(
      /The list price is now lower than your offer: you can check out at the new list price of \$[\d,.]+\./,
    );
  });

  test('a quantity above the stock is reduced with the message and sent only once confirmed; an offer price above list is capped', async ({
    page,
    javaScriptOn,
    expectNoAxeViolations,
  }, info) => {
    const { row } = await openItem(page, 3, info.project.name);
    await row.getByRole('link', { name: /^MAKE OFFER / }).click();
    const listPrice = await listPriceOf(page);
    const quantity = dialog(page).getByLabel('Quantity');
    const price = dialog(page).getByLabel('Offer Price');
    await price.fill(String(listPrice * 10));
    await quantity.fill('9999999');
    // With scripts the price was capped when it was left, and said so.
    if (javaScriptOn) await expect(price).toHaveValue(String(listPrice));
    // Issue 51: pressing the button straight from the quantity sends nothing that changed unseen: in
    // both modes the dialog answers with the stock in the field, the spec's warning, and waits.
    await dialog(page).getByRole('button', { name: 'MAKE OFFER' }).click();
    await expect(
      dialog(page).getByText('Your quantity was updated, quantity reduced to match available stock'),
    ).toBeVisible();
    await expect(
      dialog(page).getByText('Nothing was sent yet: check the values and send again to confirm them.'),
    ).toBeVisible();
    await expect(quantity).not.toHaveValue('9999999');
    await expect(price).toHaveValue(String(listPrice));
    await expect(row).not.toContainText('In Cart:');
    await expectNoAxeViolations(page);
    const stock = Number(await quantity.inputValue());
    // The confirmation says what went to the cart: the quantity, the price and the total.
    await dialog(page).getByRole('button', { name: 'MAKE OFFER' }).click();
    const confirmation = page.getByTestId('snackbar');
    await expect(confirmation).toContainText(`Added to the Cart: ${stock.toLocaleString('en-US')} × `);
    await expect(confirmation).toContainText(`at ${dollars(listPrice)}, total ${dollars(stock * listPrice)}`);
    await expect(row).toContainText('In Cart:');
  });

  test('a price typed before the page has its script is kept when the script arrives', async ({
    page,
    javaScriptOn,
  }, info) => {
    test.skip(!javaScriptOn, 'only the script could lose it');
    const { user, row, itemNumberWarehouse } = await openItem(page, 6, info.project.name);
    const href = (await row.getByRole('link', { name: /^MAKE OFFER / }).getAttribute('href'))!;
    let release!: () => void;
    const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/**/*.js', async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto(href, { waitUntil: 'commit' });
    const price = dialog(page).getByLabel('Offer Price');
    await expect(price).toBeVisible();
    const listPrice = await listPriceOf(page);
    await price.fill(String(listPrice - 1));
    release();
    await page.waitForFunction(() => '__remixRouter' in window);
    // Any render after hydration would have put the list price back.
    const quantity = dialog(page).getByLabel('Quantity');
    await quantity.fill(await quantity.inputValue());
    await quantity.blur();
    await expect(price).toHaveValue(String(listPrice - 1));
    await dialog(page).getByRole('button', { name: 'MAKE OFFER' }).click();
    await expect(page.getByText('Added to the Cart')).toBeVisible();
    const offers = (await admin('GET', `/offers?email=${encodeURIComponent(user.email)}`)) as {
      itemNumberWarehouse: string;
      offerPrice: number;
    }[];
    expect(offers.find((o) => o.itemNumberWarehouse === itemNumberWarehouse)?.offerPrice).toBe(listPrice - 1);
  });

  test('bad quantities and prices get a clear message next to the field and nothing is sent', async ({
    page,
  }, info) => {
    const { user, row } = await openItem(page, 4, info.project.name);
    await row.getByRole('link', { name: /^MAKE OFFER / }).click();
    const cases: [string, string, RegExp, 'Quantity' | 'Offer Price'][] = [
      ['-3', '10', /Enter a number, using digits only\./, 'Quantity'],
      ['2.5', '10', /Enter a whole number, without decimals\./, 'Quantity'],
      ['1O', '10', /Enter a number, using digits only\./, 'Quantity'],
      ['1', '12,50', /Enter a number, using digits only\./, 'Offer Price'],
      ['1', '12.5', /Enter a whole number, without decimals\./, 'Offer Price'],
      ['1', 'free', /Enter a number, using digits only\./, 'Offer Price'],
    ];
    for (const [quantity, price, message, refused] of cases) {
      await dialog(page).getByLabel('Quantity').fill(quantity);
      await dialog(page).getByLabel('Offer Price').fill(price);
      await dialog(page).getByRole('button', { name: 'MAKE OFFER' }).click();
      await expect(dialog(page).getByText(message)).toBeVisible();
      // The message is the refused field's own: beside it, named by its aria-describedby.
      await expect(dialog(page).getByLabel(refused)).toHaveAttribute('aria-invalid', 'true');
      await expect(dialog(page).getByLabel(refused)).toHaveAccessibleDescription(message);
      // What was typed stays as typed: it is never turned into a number.
      await expect(dialog(page).getByLabel('Quantity')).toHaveValue(quantity);
      await expect(dialog(page).getByLabel('Offer Price')).toHaveValue(price);
    }
    expect(await admin('GET', `/offers?email=${encodeURIComponent(user.email)}`)).toEqual([]);
  });

  test('a warehouse that takes no offers shows BUY only, and an offer link to it opens the buy dialog', async ({
    page,
  }) => {
    const user = await createUser({ authorities: ALL_AUTHORITIES });
    await openSignedIn(page, '/stock?warehouse=DAL', user);
    await expect(page).toHaveURL(/warehouse=DAL/);
    const group = page.locator('.stock-group').first();
    await group.getByRole('button', { expanded: false }).click();
    const buy = group.getByRole('link', { name: /^BUY / }).first();
    await expect(buy).toBeVisible();
    await expect(group.getByRole('link', { name: /^MAKE OFFER / })).toHaveCount(0);
    const item = new URLSearchParams((await buy.getAttribute('href'))!.split('?')[1]).get('buy')!;
    const crafted = new URL(page.url());
    crafted.searchParams.set('offer', item);
    await page.goto(crafted.toString());
    await expect(dialog(page).getByRole('heading', { name: 'Buy' })).toBeVisible();
    await expect(dialog(page).getByLabel('Offer Price')).toHaveCount(0);
  });

  test("a network participant's item is bought through the network path and shows in the cart", async ({ page }) => {
    const user = await createUser({ authorities: ALL_AUTHORITIES });
    await openSignedIn(page, '/stock?warehouseGroup=bluewave-asia', user);
    await expect(page).toHaveURL(/warehouseGroup=bluewave-asia/);
    await page.locator('.stock-group').first().getByRole('button', { expanded: false }).click();
    const buy = page.getByRole('link', { name: /^BUY / }).first();
    const item = new URLSearchParams((await buy.getAttribute('href'))!.split('?')[1]).get('buy')!;
    await buy.click();
    await dialog(page).getByRole('button', { name: 'ADD TO CART' }).click();
    await expect(page.getByText('Added to the Cart')).toBeVisible();
    await expect(page.locator(`tr[data-item="${item}"]`)).toContainText('In Cart');
    await page.goto('/cart');
    await expect(page.locator('li[data-offer]')).toHaveCount(1);
    await expect(page.locator('li[data-offer]')).toContainText('In Cart');
  });
});
