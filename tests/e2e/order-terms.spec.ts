import type { Page } from '@playwright/test';
import { admin, ALL_AUTHORITIES, buyerApi, createUser, expect, test, openSignedIn } from './support/fixtures';

interface StockRow {
  itemNumberWarehouse: string;
  quantityAvailable: number;
  listPrice: number;
  incrementSize: number;
}

interface TermsView {
  reservationFeeRateAmount: number;
  cancellationFeeRateAmount: number;
  gracePeriodEnd: string;
  racFeeAgreed: boolean;
  reservationFee: number;
  cancellationFee: number;
  events: { kind: string }[];
}

/** Los Angeles items of this spec's own (slots keep parallel tests, and both projects, apart). */
async function itemFor(slot: number) {
  const rows = ((await admin('GET', '/stock?warehouse=LAX&minQuantity=30&offset=60&limit=200')) as StockRow[]).filter(
    (r) => r.incrementSize === 1,
  );
  return rows[slot % rows.length]!;
}

const slotOf = (projectName: string, slot: number) => slot * 2 + (projectName === 'no-js' ? 1 : 0);

/** A new buyer's released order: one line of 3 units at list price, paid by the method given. */
async function releasedOrder(slot: number, paymentMethodCode: string) {
  const user = await createUser({ authorities: ALL_AUTHORITIES });
  const api = await buyerApi(user.email, user.password);
  const row = await itemFor(slot);
  const { offerId } = (await api('POST', '/stocklist/offer', {
    itemNumberWarehouse: row.itemNumberWarehouse,
    offerQuantity: 3,
    offerPrice: row.listPrice,
  })) as { offerId: number };
  const { checkoutId } = (await api('POST', '/cart/cart-checkout/LAX', [offerId])) as { checkoutId: string };
  const payload = (await api('GET', `/checkout/${checkoutId}`)) as {
    submissionKey: string;
    options: { shippingAddresses: { id: number }[]; billingAddresses: { id: number }[] };
  };
  const selection = {
    shippingAddressId: payload.options.shippingAddresses[0]!.id,
    shippingMethodCode: 'ACME_STANDARD_SHIPPING',
    insured: false,
    insuredAmount: null,
    shippingInstructions: '',
    billMyAccount: { carrier: '', serviceLevel: '', accountNumber: '' },
    requestAQuote: { serviceLevel: '', amount: '' },
    billingAddressId: payload.options.billingAddresses[0]!.id,
    paymentMethodCode,
    additionalServiceCodes: [],
  };
  const { phonexOrderNumber } = (await api('POST', `/checkout/${checkoutId}/submit`, {
    submissionKey: payload.submissionKey,
    readyToRelease: true,
    selection,
  })) as { phonexOrderNumber: string };
  return { user, orderNumber: phonexOrderNumber };
}

/** A released order paid by wire (before shipping), its grace period ended 2 days ago, rates 1.50 % and 2.25 % per 24 hours. */
async function lateOrder(slot: number) {
  const { user, orderNumber: phonexOrderNumber } = await releasedOrder(slot, 'WIRE_TRANSFER');
  const terms = (await admin('POST', `/order-terms/${phonexOrderNumber}`, {
    graceDaysAgo: 2,
    reservationFeeRate: 150,
    cancellationFeeRate: 225,
    racFeeAgreed: false,
  })) as TermsView;
  return { user, orderNumber: phonexOrderNumber, terms };
}

const usd = (minor: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(minor / 100);
const termsPage = (orderNumber: string) => `/orders/${orderNumber}/terms`;
const box = (page: Page) => page.getByRole('region', { name: 'Late payment policy' });

async function openTerms(page: Page, placed: Awaited<ReturnType<typeof lateOrder>>) {
  await openSignedIn(page, termsPage(placed.orderNumber), placed.user);
  await expect(
    page.getByRole('heading', { level: 1, name: `Payment terms of order # ${placed.orderNumber}` }),
  ).toBeVisible();
  // With scripts a first visit sets the browser's time zone and reads the page again: the terms the
  // page shows are those of that second reading, so a journey changes them only after it.
  await page.waitForLoadState('networkidle');
}

test.describe('reservation and cancellation terms', () => {
  test('the late-payment box, the fee dialog per 24 hours, accept terms, extend time', async ({
    page,
    expectNoAxeViolations,
  }, testInfo) => {
    const placed = await lateOrder(slotOf(testInfo.project.name, 0));
    await openTerms(page, placed);
    await expect(page).toHaveTitle('ACME Buyer Portal - Payment Terms');
    // Two days past the date to pay: the box says the payment is overdue, not "Please pay by" a past date.
    await expect(box(page).getByTestId('payment-overdue')).toHaveText(
      /^Payment overdue: it was due by .+ (?:UTC|C[SD]T)\. Please pay now\.$/,
    );
    await expect(box(page).getByText(/^Please pay by /)).toHaveCount(0);
    await expect(
      box(page).getByText(/a reservation fee of 1\.50% of the order value .* cancellation fee of 2\.25% per 24 hours/),
    ).toBeVisible();
    await expect(box(page).getByTestId('late-payment-notice')).toHaveCount(0);
    await expect(box(page).getByRole('link', { name: 'Terms of Sale' })).toHaveAttribute('href', '/terms-of-sale');
    await expectNoAxeViolations(page);
    // Home says so too: overdue since that date, not "pay by" it.
    await page.goto('/dashboard');
    await expect(page.getByRole('listitem').filter({ hasText: placed.orderNumber })).toContainText(
      /Awaiting payment, .+, overdue since .+ (?:UTC|C[SD]T)$/,
    );
    await page.goto(termsPage(placed.orderNumber));

    // The fee dialog, addressed by the URL: percent with 2 decimals and the amount on the current value.
    await box(page).getByRole('link', { name: 'View fees' }).click();
    await expect(page).toHaveURL(new RegExp(`${termsPage(placed.orderNumber)}\\?dialog=fees$`));
    const dialog = page.getByRole('dialog', { name: 'Reservation and Cancellation Fees' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('tr[data-fee="reservation"]')).toContainText(
      `Reservation fee1.50%${usd(placed.terms.reservationFeeRateAmount)}`,
    );
    await expect(dialog.locator('tr[data-fee="cancellation"]')).toContainText(
      `Cancellation fee2.25%${usd(placed.terms.cancellationFeeRateAmount)}`,
    );
    await expectNoAxeViolations(page);
    await dialog.getByRole('link', { name: 'Close' }).click();
    await expect(page).toHaveURL(new RegExp(`${termsPage(placed.orderNumber)}$`));
    await expect(dialog).toHaveCount(0);

    // Accept: the accepted state, the fees running, and the late-payment notice.
    await box(page).getByRole('button', { name: 'ACCEPT TERMS' }).click();
    await expect(page.getByTestId('snackbar')).toHaveText('You accepted the reservation and cancellation terms.');
    await expect(box(page).getByTestId('terms-accepted')).toContainText(
      'You accepted the reservation and cancellation terms on',
    );
    await expect(box(page).getByRole('button', { name: 'ACCEPT TERMS' })).toHaveCount(0);
    await expect(box(page).getByTestId('late-payment-notice')).toHaveText(
      'Your payment is late: reservation and cancellation fees apply.',
    );
    const accepted = (await admin('GET', `/order-terms/${placed.orderNumber}`)) as TermsView;
    expect(accepted.reservationFee).toBeGreaterThan(0);
    await expect(box(page).getByTestId('fees-so-far')).toContainText(`reservation fee ${usd(accepted.reservationFee)}`);
    await expectNoAxeViolations(page);

    // The fee is charged: a line of the order's summary, in its total; a cancellation says what it adds before it counts.
    await page.goto(`/orders/${placed.orderNumber}`);
    const summary = page.getByRole('region', { name: 'Order subtotal' });
    await expect(summary.locator('[data-charge="reservationFee"]')).toHaveText(usd(accepted.reservationFee));
    await summary.getByRole('button', { name: 'CANCEL ORDER' }).click();
    const confirm = page.getByRole('dialog', { name: 'CANCEL ORDER' });
    await expect(confirm.getByTestId('cancellation-fee')).toHaveText(
      `Canceling now charges a cancellation fee of ${usd(accepted.cancellationFee)}, under the reservation and cancellation terms you accepted.`,
    );
    await confirm.getByRole('link', { name: 'KEEP ORDER' }).click();
    await expect(confirm).toHaveCount(0);
    await page.goto(termsPage(placed.orderNumber));
    await page.waitForLoadState('networkidle');

    // Extend Time, twice; then it is no longer offered.
    for (let i = 0; i < 2; i++) {
      await box(page).getByRole('button', { name: 'EXTEND TIME' }).click();
      await expect(page.getByTestId('snackbar')).toHaveText('The payment time is extended.');
    }
    await expect(box(page).getByRole('button', { name: 'EXTEND TIME' })).toHaveCount(0);
    const after = (await admin('GET', `/order-terms/${placed.orderNumber}`)) as TermsView;
    expect(Date.parse(after.gracePeriodEnd) - Date.parse(placed.terms.gracePeriodEnd)).toBe(6 * 86_400_000);
    expect(after.events.map((e) => e.kind)).toEqual([
      'PAYMENT_TERMS_STARTED',
      'TERMS_SET',
      'TERMS_ACCEPTED',
      'FEES_CHARGED',
      'PAYMENT_TIME_EXTENDED',
      // The grace period now covers the days charged: their fee is taken back.
      'FEES_CHARGED',
      'PAYMENT_TIME_EXTENDED',
    ]);
    // The grace period now ends in the future: no fees, no notice, a date to pay by again.
    await expect(box(page).getByTestId('late-payment-notice')).toHaveCount(0);
    await expect(box(page).getByTestId('payment-overdue')).toHaveCount(0);
    await expect(box(page).getByText(/^Please pay by .+ (?:UTC|C[SD]T)\.$/)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('terms that changed since they were shown are not accepted: the description shows', async ({
    page,
  }, testInfo) => {
    const placed = await lateOrder(slotOf(testInfo.project.name, 1));
    await openTerms(page, placed);
    await admin('POST', `/order-terms/${placed.orderNumber}`, { cancellationFeeRate: 300 });
    await box(page).getByRole('button', { name: 'ACCEPT TERMS' }).click();
    await expect(page.getByTestId('snackbar')).toHaveText(
      'The terms of this order changed since you read them. Please review the new terms and accept again.',
    );
    await expect(box(page).getByText(/cancellation fee of 3\.00% per 24 hours/)).toBeVisible();
    await expect(box(page).getByRole('button', { name: 'ACCEPT TERMS' })).toBeVisible();
    expect(((await admin('GET', `/order-terms/${placed.orderNumber}`)) as TermsView).racFeeAgreed).toBe(false);
  });
});

test.describe('an order on net terms, for a buyer in India', () => {
  // With scripts times show in the browser's zone; without, in the tenant's (Chicago) until the buyer chooses one.
  test.use({ timezoneId: 'Asia/Kolkata' });

  test('an order on Net 30 terms has no late-payment box: it is due 30 days from its invoice, and once overdue says how to pay', async ({
    page,
    expectNoAxeViolations,
  }, testInfo) => {
    const placed = await releasedOrder(slotOf(testInfo.project.name, 3), 'TERMS_NET_30');
    await openSignedIn(page, `/orders/${placed.orderNumber}`, placed.user);
    const terms = page.getByTestId('account-terms');
    await expect(terms).toHaveText(
      'Payment is due 30 days from the invoice; the due date shows here once the order is invoiced.',
    );
    await expect(page.getByRole('region', { name: 'Late payment policy' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'ACCEPT TERMS' })).toHaveCount(0);
    await expect(page.getByText(/^Please pay by /)).toHaveCount(0);

    // Shipped and invoiced 31 days ago: overdue by a day, with the method's instructions to pay.
    const at = new Date(Date.now() - 31 * 86_400_000).toISOString();
    await admin('POST', `/orders/${placed.orderNumber}/ship`, { trackingNumber: `NET30-${testInfo.project.name}`, at });
    await admin('POST', `/orders/${placed.orderNumber}/invoice`, { at });
    await page.reload();
    await expect(terms.getByTestId('payment-overdue')).toHaveText(
      /^Payment overdue: it was due by .+, 30 days from the invoice of .+\. Please pay now\.$/,
    );
    await expect(terms.getByTestId('how-to-pay')).toHaveText(
      'How to pay: Pay each invoice within 30 days of its date by bank wire to account 0012 3456 789, quoting your order number.',
    );
    await expect(page.getByRole('region', { name: 'Late payment policy' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // The due date names the zone it is in: the browser's with scripts, the tenant's without.
    const scripted = testInfo.project.name === 'js';
    await expect(terms.getByTestId('payment-overdue')).toContainText(
      scripted
        ? / GMT\+5:30, 30 days from the invoice of .+ GMT\+5:30\./
        : / C[SD]T, 30 days from the invoice of .+ C[SD]T\./,
    );
    if (!scripted) {
      // Without scripts the buyer chooses the zone in My Preferences.
      await page.goto('/preferences');
      await page.getByLabel('Show times in').selectOption('Asia/Tokyo');
      await page.getByRole('button', { name: 'SAVE TIME ZONE' }).click();
      await expect(page.getByTestId('snackbar')).toHaveText('Times now show in the time zone you chose');
      await expect(page.getByLabel('Show times in')).toHaveValue('Asia/Tokyo');
      await expectNoAxeViolations(page);
      await page.goto(`/orders/${placed.orderNumber}`);
      await expect(terms.getByTestId('payment-overdue')).toContainText(
        / GMT\+9, 30 days from the invoice of .+ GMT\+9\./,
      );
    }

    await page.goto('/dashboard');
    await expect(
      page
        .getByRole('region', { name: 'Orders on hold or awaiting payment' })
        .getByRole('link', { name: `Order # ${placed.orderNumber}` }),
    ).toBeVisible();
  });
});
