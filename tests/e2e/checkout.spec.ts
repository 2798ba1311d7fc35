import type { Page } from '@playwright/test';
import { admin, ALL_AUTHORITIES, buyerApi, createUser, expect, signIn, test } from './support/fixtures';

interface StockRow {
  itemNumberWarehouse: string;
  listPrice: number;
  incrementSize: number;
}

/** A buyer with two lines bought at list price in New York, on the checkout screen of them. */
async function atCheckout(page: Page, slot: number) {
  const user = await createUser({ authorities: ALL_AUTHORITIES });
  const api = await buyerApi(user.email, user.password);
  const rows = ((await admin('GET', `/stock?warehouse=NYC&minQuantity=12&offset=${70 + slot * 4}&limit=20`)) as StockRow[]).filter((r) => r.incrementSize === 1).slice(0, 2);
  expect(rows).toHaveLength(2);
  for (const [i, row] of rows.entries()) {
    await api('POST', '/stocklist/offer', { itemNumberWarehouse: row.itemNumberWarehouse, offerQuantity: i + 2, offerPrice: row.listPrice });
  }
  await page.goto('/cart');
  await signIn(page, user.email, user.password);
  const box = page.getByRole('region', { name: 'New York' });
  await box.locator('.menu-button > summary').click();
  await box.getByRole('button', { name: 'All items' }).click();
  await box.getByRole('button', { name: 'CHECKOUT' }).click();
  await expect(page).toHaveURL(/\/checkout\/New%20York$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  return { user, rows };
}

const row = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
/** Presses a row's DONE and waits for the answer (the rows are disabled while it is on its way). */
async function pressDone(page: Page, name: string) {
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/checkout/'));
  await row(page, name).getByRole('button', { name: `DONE ${name}` }).click();
  await answered;
  await expect(page.locator('.checkout fieldset.plain-fieldset')).toBeEnabled();
}
const done = (page: Page, name: string) => ({ click: () => pressDone(page, name) });
const orders = (email: string) => admin('GET', `/orders?email=${encodeURIComponent(email)}`) as Promise<{ phonexOrderNumber: string; status: string; total: number; additionalServices: string[] }[]>;

/** Ships to the Dallas warehouse by standard shipping, uninsured, bills the head office by wire. */
async function chooseStandardByWire(page: Page) {
  await row(page, 'Shipping Address').getByRole('radio', { name: /Main warehouse/ }).check();
  await done(page, 'Shipping Address').click();
  // The new address takes its first method; the insurance question is still open.
  await expect(row(page, 'Shipping Method').getByText('Please Select Insurance.')).toBeVisible();
  await expect(row(page, 'Shipping Method').getByRole('radio', { name: 'ACME Standard Shipping' })).toBeChecked();
  await row(page, 'Shipping Method').getByRole('radio', { name: 'No insurance' }).check();
  await done(page, 'Shipping Method').click();
  await expect(row(page, 'Shipping Method').getByText('Not insured')).toBeVisible();
  await row(page, 'Billing Address').getByRole('radio', { name: /Head office/ }).check();
  await row(page, 'Payment Method').getByRole('radio', { name: /Wire transfer/ }).check();
  await done(page, 'Billing Address').click();
  await expect(row(page, 'Payment Method').getByRole('link', { name: 'EDIT Payment Method' })).toBeVisible();
  await expect(row(page, 'Payment Method').getByText('Wire transfer')).toBeVisible();
}

test.describe('checkout', () => {
  test('rows left open block the order with the rows named; pay and ship now after the warning makes one order', async ({ page, expectNoAxeViolations }) => {
    const { user } = await atCheckout(page, 0);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'HOLD ORDER' }).first().click();
    await expect(page.getByRole('alert').getByText('Please finalize the following: Shipping Address, Shipping Method, Billing Address, Payment Method')).toBeVisible();

    await chooseStandardByWire(page);
    await row(page, 'Additional Services').getByRole('link', { name: 'EDIT Additional Services' }).click();
    await row(page, 'Additional Services').getByRole('checkbox', { name: /Photo audit/ }).check();
    await done(page, 'Additional Services').click();
    await expect(row(page, 'Additional Services').getByRole('link', { name: 'EDIT Additional Services' })).toBeVisible();
    await expect(page.locator('.order-totals')).toContainText('Texas sales tax 8.25%');
    await expect(page.locator('.order-totals')).toContainText('$20.00');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'PAY AND SHIP NOW' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'PAY AND SHIP NOW' });
    await expect(dialog).toContainText('Do you want to pay and ship it now?');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'PAY AND SHIP NOW' }).click();
    await expect(page).toHaveURL(/\/checkout\/order-release-confirmation\?order=SO-/);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank You for your order' })).toBeVisible();
    await expectNoAxeViolations(page);
    const placed = await orders(user.email);
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ status: 'UNSHIPPED', additionalServices: ['PHOTO_AUDIT'] });
    // The cart entries went with the order.
    await page.goto('/cart');
    await expect(page.getByText('There are no items in your cart')).toBeVisible();
  });

  test('hold: a replayed submission makes no second order', async ({ page }) => {
    const { user } = await atCheckout(page, 1);
    await chooseStandardByWire(page);
    const form = page.locator('form[method="post"]').filter({ has: page.getByRole('button', { name: 'HOLD ORDER' }) }).first();
    const fields = await form.evaluate((f: HTMLFormElement) => [...new FormData(f).entries()].map(([k, v]) => [k, String(v)]));
    await page.getByRole('button', { name: 'HOLD ORDER' }).first().click();
    await expect(page).toHaveURL(/\/checkout\/order-release-confirmation\?order=SO-/);
    const replay = await page.request.post('/checkout/New%20York', { form: Object.fromEntries([...fields, ['intent', 'hold']]), maxRedirects: 0 });
    expect(replay.status()).toBeGreaterThanOrEqual(300);
    const placed = await orders(user.email);
    expect(placed.map((o) => o.status)).toEqual(['ON_HOLD']);
  });

  test('bill my account and request a quote ask for their fields; a quote holds the order until it comes', async ({ page, expectNoAxeViolations }) => {
    const { user } = await atCheckout(page, 2);
    await row(page, 'Shipping Address').getByRole('radio', { name: /East coast depot/ }).check();
    await done(page, 'Shipping Address').click();
    const method = row(page, 'Shipping Method');
    await expect(method.getByText('Please Select Insurance.')).toBeVisible();
    await method.getByRole('radio', { name: 'Bill My Account' }).check();
    await done(page, 'Shipping Method').click();
    await expect(method.getByText('Please fill the Required Fields')).toBeVisible();
    await expect(method.getByText('Carrier is Required')).toBeVisible();
    await expect(method.getByText('Account Number is Required')).toBeVisible();
    await expectNoAxeViolations(page);

    await method.getByRole('radio', { name: 'Request a Quote' }).check();
    await done(page, 'Shipping Method').click();
    await expect(method.getByText('Service Level is Required')).toBeVisible();
    await expect(method.getByText('Freight is Required')).toBeVisible();
    await method.getByLabel('Service Level').selectOption('Express');
    await method.getByLabel('Freight').fill('lots');
    await done(page, 'Shipping Method').click();
    await expect(method.getByText('Freight should be a number')).toBeVisible();
    await method.getByLabel('Freight').fill('150');
    await done(page, 'Shipping Method').click();
    await expect(page.locator('.order-totals')).toContainText('To be quoted');

    await row(page, 'Billing Address').getByRole('radio', { name: /Finance/ }).check();
    await row(page, 'Payment Method').getByRole('radio', { name: /Cash on delivery/ }).check();
    await done(page, 'Billing Address').click();
    await page.getByRole('button', { name: 'HOLD ORDER UNTIL SHIPPING QUOTE' }).first().click();
    await page.getByRole('dialog', { name: 'HOLD ORDER UNTIL SHIPPING QUOTE' }).getByRole('button', { name: 'HOLD ORDER UNTIL SHIPPING QUOTE' }).click();
    await expect(page).toHaveURL(/\/checkout\/order-release-confirmation\?order=SO-/);
    expect((await orders(user.email)).map((o) => o.status)).toEqual(['AWAITING_SHIPPING_QUOTE']);
  });

  test('insurance: yes takes the order maximum, more than it is refused, instructions past 1024 characters are refused', async ({ page }) => {
    await atCheckout(page, 3);
    await row(page, 'Shipping Address').getByRole('radio', { name: /Main warehouse/ }).check();
    await done(page, 'Shipping Address').click();
    const method = row(page, 'Shipping Method');
    await expect(method.getByText('Please Select Insurance.')).toBeVisible();
    await method.getByRole('radio', { name: 'Yes, insure the shipment' }).check();
    await done(page, 'Shipping Method').click();
    await expect(method.getByText(/^Insured for \$/)).toBeVisible();
    await row(page, 'Shipping Method').getByRole('link', { name: 'EDIT Shipping Method' }).click();
    await method.getByLabel('Insured amount').fill('999999');
    await done(page, 'Shipping Method').click();
    await expect(method.getByText(/^Max Value for this order is \$[\d,]+\.\d\d$/)).toBeVisible();
    await method.getByLabel('Insured amount').fill('0');
    await done(page, 'Shipping Method').click();
    await expect(method.getByText('Invalid value, must be greater than $0.00')).toBeVisible();
    await method.getByLabel('Insured amount').fill('100');
    await method.getByLabel('Shipping instructions').evaluate((box: HTMLTextAreaElement) => {
      box.removeAttribute('maxlength');
      box.value = 'x'.repeat(2000);
    });
    await done(page, 'Shipping Method').click();
    await expect(method.getByText('Shipping instructions can be at most 1024 characters.')).toBeVisible();
    await method.getByLabel('Shipping instructions').fill('Dock 4, ring twice');
    await done(page, 'Shipping Method').click();
    await expect(method.getByText('Insured for $100.00')).toBeVisible();
    await expect(method.getByText('Dock 4, ring twice')).toBeVisible();
  });
});
