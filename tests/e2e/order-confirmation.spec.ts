import type { Locator, Page } from '@playwright/test';
import { admin, ALL_AUTHORITIES, buyerApi, createUser, expect, test, openSignedIn } from './support/fixtures';
import { itemsFor, placeOrder, slotOf, type Placed } from './support/orders';

const thankYou = (orderNumber: string) => `/checkout/order-release-confirmation?order=${orderNumber}`;

async function openThankYou(page: Page, placed: Placed) {
  await openSignedIn(page, thankYou(placed.orderNumber), placed.user);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank You for your order' })).toBeVisible();
}

const totals = (page: Page, name: string) => page.locator(`tr[data-total="${name}"]`);

/** Pays through the sandbox from `button`: in a pop-up with JavaScript, full-page without; the page ends on `backTo`. Answers what the sandbox asked for. */
async function payInSandbox(page: Page, javaScriptOn: boolean, button: Locator, decision: RegExp, backTo: string) {
  let asked: string;
  if (javaScriptOn) {
    // The pop-up opens from the page's script: a click before it runs would pay full-page.
    await page.waitForFunction(() => '__remixRouter' in window);
    const popupOpened = page.waitForEvent('popup');
    await button.click();
    const popup = await popupOpened;
    await expect(popup.getByRole('heading', { name: 'Sandbox payment' })).toBeVisible();
    asked = (await popup.locator('strong').first().textContent()) ?? '';
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: decision }).click();
    await closed;
  } else {
    await button.click();
    await expect(page.getByRole('heading', { name: 'Sandbox payment' })).toBeVisible();
    asked = (await page.locator('strong').first().textContent()) ?? '';
    await page.getByRole('button', { name: decision }).click();
  }
  await expect(page).toHaveURL(backTo);
  return asked;
}

test.describe('order release confirmation', () => {
  test('pay and ship now: the message, payment instructions, summary and totals of the order', async ({
    page,
    expectNoAxeViolations,
  }, testInfo) => {
    const placed = await placeOrder(slotOf(testInfo.project.name, 0));
    await openThankYou(page, placed);
    await expect(page).toHaveTitle('ACME Buyer Portal - Order Confirmation');
    await expect(
      page.getByText(`Your order ${placed.orderNumber} is released. We will prepare it and ship it to you.`),
    ).toBeVisible();
    await expect(page.getByText('Payment method: Wire transfer')).toBeVisible();
    await expect(page.getByText(/^Wire the total to account/)).toBeVisible();
    // The order's number leads to the order.
    await expect(
      page.locator('.order-confirmation__number').getByRole('link', { name: placed.orderNumber }),
    ).toHaveAttribute('href', `/orders/${placed.orderNumber}`);
    const lines = page.getByRole('table', { name: `Items of order ${placed.orderNumber}` });
    await expect(lines.locator('tbody tr')).toHaveCount(2);
    await expect(totals(page, 'subtotal')).toContainText(/Combined Subtotal\s*\$[\d,]+\.\d\d/);
    await expect(totals(page, 'freight')).toContainText(/Freight\s*\$[\d,]+\.\d\d/);
    await expect(totals(page, 'fees')).toContainText('Fees');
    await expect(totals(page, 'tax')).toContainText('Tax');
    await expect(totals(page, 'total')).toContainText(/Total Price\s*\$[\d,]+\.\d\d/);
    await expect(page.getByRole('button', { name: /PAY NOW USING/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'BACK TO STOCKLIST' }).click();
    await expect(page).toHaveURL(/\/stock$/);
  });

  test('a held order and an order held until its shipping quote say so; another buyer sees neither', async ({
    page,
    expectNoAxeViolations,
  }, testInfo) => {
    const held = await placeOrder(slotOf(testInfo.project.name, 1), { readyToRelease: false });
    await openThankYou(page, held);
    await expect(
      page.getByText(`Your order ${held.orderNumber} is on hold. It ships once you release it from your orders.`),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    const quoted = await placeOrder(slotOf(testInfo.project.name, 2), { quote: true });
    // Signed in as the first buyer: the second buyer's order is not found.
    await page.goto(thankYou(quoted.orderNumber));
    await expect(page).toHaveURL(/\/stock$/);
    await expect(page.getByText(`No order found of this id: ${quoted.orderNumber}`)).toBeVisible();

    await page.context().clearCookies();
    await openThankYou(page, quoted);
    await expect(
      page.getByText(`Your order ${quoted.orderNumber} is on hold until we send you a shipping quote.`, {
        exact: false,
      }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a sandbox payment that fails is retried and succeeds', async ({
    page,
    expectNoAxeViolations,
    javaScriptOn,
  }, testInfo) => {
    const placed = await placeOrder(slotOf(testInfo.project.name, 3), { paymentMethodCode: 'INTEGRATED_PAYPAL' });
    await openThankYou(page, placed);
    await expect(page.getByText('Your payment is not complete yet.')).toBeVisible();
    await expect(
      page.getByText(
        'Payment must be received before we can ship your order. Please use PayPal to complete your payment now',
      ),
    ).toBeVisible();
    const payNow = page.getByRole('button', { name: 'PAY NOW USING PAYPAL' });
    await expect(payNow).toBeVisible();
    await expectNoAxeViolations(page);

    // Only the page's own command is taken; the order does not change.
    const refused = await page.request.post(thankYou(placed.orderNumber), { form: { intent: 'cancel' } });
    expect(refused.status()).toBe(400);
    // A forged return pays nothing: the return page reports a failure and goes on (by /) to the thank-you page.
    await page.goto(`/orders/${placed.orderNumber}/order-release-confirmation?token=%3Cscript%3E&status=SUCCESS`);
    await expect(page).toHaveURL(`${thankYou(placed.orderNumber)}&payment=failure`);
    await expect(page.getByRole('alert')).toContainText('Your payment did not go through.');
    expect(
      ((await placed.api('GET', `/orders/${placed.orderNumber}/summary`)) as { paymentStatus: string }).paymentStatus,
    ).not.toBe('PAID');

    const sandbox = (decision: RegExp, backTo = thankYou(placed.orderNumber)) =>
      payInSandbox(page, javaScriptOn, payNow, decision, backTo);

    // Cancelled on the provider's page: nothing is confirmed, the page reports the failure.
    await sandbox(/^Cancel and return$/, `${thankYou(placed.orderNumber)}&payment=failure`);
    await expect(page.getByRole('alert')).toContainText('Your payment did not go through.');
    await expect(page.getByRole('alert')).toContainText('Please PAY NOW USING PAYPAL.');
    await expect(
      page.getByText(
        'Payment must be received before we can ship your order. Please use PayPal to complete your payment now',
      ),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    await sandbox(/^Pay /);
    await expect(page.getByText('Your payment was received.')).toBeVisible();
    await expect(
      page.getByText(`Your order ${placed.orderNumber} is released. We will prepare it and ship it to you.`),
    ).toBeVisible();
    await expect(page.getByText('Your payment did not go through.')).toHaveCount(0);
    await expect(payNow).toHaveCount(0);
    const summary = (await placed.api('GET', `/orders/${placed.orderNumber}/summary`)) as {
      paymentStatus: string;
      fulfillmentStatus: string;
    };
    expect(summary).toMatchObject({ paymentStatus: 'PAID', fulfillmentStatus: 'UNSHIPPED' });
  });
});

test.describe('an order paid online, then added to', () => {
  test('pays online, is held and gains a line, and pays only the balance', async ({
    page,
    expectNoAxeViolations,
    javaScriptOn,
  }, testInfo) => {
    const placed = await placeOrder(slotOf(testInfo.project.name, 6), { paymentMethodCode: 'INTEGRATED_PAYPAL' });
    await openThankYou(page, placed);
    await payInSandbox(
      page,
      javaScriptOn,
      page.getByRole('button', { name: 'PAY NOW USING PAYPAL' }),
      /^Pay /,
      thankYou(placed.orderNumber),
    );
    await expect(page.getByText('Your payment was received.')).toBeVisible();
    const firstTotal = await totals(page, 'total').locator('td').textContent();
    await expect(totals(page, 'paid').locator('td')).toHaveText(firstTotal!);
    await expect(totals(page, 'balance')).toContainText('$0.00');

    // The buyer holds the paid order for later and adds a line to it (ADD TO EXISTING ORDER takes an
    // order on hold, spec 3 §2.2), through the buyer's own API here.
    const released = (await placed.api('GET', `/orders/${placed.orderNumber}`)) as { salesOrder: { version: number } };
    await placed.api('PUT', `/orders/${placed.orderNumber}`, { version: released.salesOrder.version, action: 'HOLD' });
    const [item] = await itemsFor(slotOf(testInfo.project.name, 7), 1);
    const offer = (await placed.api('POST', '/stocklist/offer', {
      itemNumberWarehouse: item!.itemNumberWarehouse,
      offerQuantity: 2,
      offerPrice: item!.listPrice,
    })) as { offerId: number };
    const { checkoutId } = (await placed.api('POST', '/cart/add-to-existing-order/MIA', [offer.offerId])) as {
      checkoutId: string;
    };
    const combined = (await placed.api('GET', `/checkout/${checkoutId}?salesOrder=${placed.orderNumber}`)) as {
      submissionKey: string;
      selection: unknown;
      onHoldSalesOrder: { version: number };
    };
    await placed.api('POST', `/checkout/${checkoutId}/submit`, {
      submissionKey: combined.submissionKey,
      readyToRelease: false,
      selection: combined.selection,
      salesOrder: placed.orderNumber,
      version: combined.onHoldSalesOrder.version,
    });
    const order = (await placed.api('GET', `/orders/${placed.orderNumber}`)) as {
      salesOrder: { charges: { total: number }; payment: { amountPaid: number; balanceDue: number } };
    };
    const { amountPaid, balanceDue } = order.salesOrder.payment;
    expect(amountPaid).toBeGreaterThan(0);
    expect(balanceDue).toBe(order.salesOrder.charges.total - amountPaid);
    const dollars = (minor: number) => `$${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

    // The order's page shows what was paid and what is left. On hold, paying is releasing: the provider asks for the balance only.
    await page.goto(`/orders/${placed.orderNumber}`);
    const payment = page.getByRole('region', { name: 'Payment' });
    await expect(payment.locator('[data-payment="paid"]')).toHaveText(dollars(amountPaid));
    await expect(payment.locator('[data-payment="balance"]')).toHaveText(dollars(balanceDue));
    await expect(page.locator('[data-status="PARTIALLY_PAID"]')).toBeVisible();
    // The paid amount, line by line: the payment online that took it.
    await expect(payment.getByRole('table', { name: 'Payment history' }).getByRole('row').nth(1)).toContainText(
      `Payment online${dollars(amountPaid)}`,
    );
    await expect(payment.getByRole('button', { name: 'Pay the balance using PAYPAL' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    const { approveUrl } = (await placed.api('POST', `/orders/${placed.orderNumber}/payment`, {
      returnUrl: `/orders/${placed.orderNumber}/order-release-confirmation`,
      releaseOnSuccess: true,
    })) as { approveUrl: string };
    await page.goto(new URL(approveUrl, page.url()).pathname);
    await expect(page.getByRole('heading', { name: 'Sandbox payment' })).toBeVisible();
    await expect(page.locator('strong').first()).toHaveText(dollars(balanceDue));
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page).toHaveURL(thankYou(placed.orderNumber));
    await expect(page.getByText('Your payment was received.')).toBeVisible();
    await expect(totals(page, 'paid').locator('td')).toHaveText(dollars(amountPaid + balanceDue));
    await expect(totals(page, 'balance')).toContainText('$0.00');
    const summary = (await placed.api('GET', `/orders/${placed.orderNumber}/summary`)) as {
      paymentStatus: string;
      fulfillmentStatus: string;
      payment: { amountPaid: number };
    };
    expect(summary).toMatchObject({
      paymentStatus: 'PAID',
      fulfillmentStatus: 'UNSHIPPED',
      payment: { amountPaid: amountPaid + balanceDue },
    });
  });
});

test.describe('add to an existing order', () => {
  test('on-hold orders newest first with the first chosen, a new order, CANCEL and REVIEW COMBINED ORDER', async ({
    page,
    expectNoAxeViolations,
  }, testInfo) => {
    const user = await createUser({ authorities: ALL_AUTHORITIES });
    const api = await buyerApi(user.email, user.password);
    const [item] = await itemsFor(slotOf(testInfo.project.name, 4), 1);
    await api('POST', '/stocklist/offer', {
      itemNumberWarehouse: item!.itemNumberWarehouse,
      offerQuantity: 1,
      offerPrice: item!.listPrice,
    });
    const older = (await admin('POST', '/orders', { email: user.email, warehouseCode: 'MIA', status: 'ON_HOLD' })) as {
      phonexOrderNumber: string;
    };
    // Apart in time, so that newest first has one answer.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const newer = (await admin('POST', '/orders', { email: user.email, warehouseCode: 'MIA', status: 'ON_HOLD' })) as {
      phonexOrderNumber: string;
    };

    await openSignedIn(page, '/cart', user);
    const box = page.getByRole('region', { name: 'Miami' });
    await box.getByRole('checkbox').first().check();
    await box.getByRole('button', { name: 'ADD TO EXISTING ORDER' }).click();
    await expect(page).toHaveURL(/\/checkout\/add-to-unshipped-order\/Miami$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Add to an Unshipped Order — Miami' })).toBeVisible();
    const choices = page.getByRole('group', { name: 'Add the items to' }).getByRole('radio');
    await expect(choices).toHaveCount(3);
    await expect(choices.nth(0)).toHaveAccessibleName(new RegExp(`^${newer.phonexOrderNumber} last updated on`));
    await expect(choices.nth(0)).toBeChecked();
    await expect(choices.nth(1)).toHaveAccessibleName(new RegExp(`^${older.phonexOrderNumber} last updated on`));
    await expect(choices.nth(2)).toHaveAccessibleName('New order');
    await expectNoAxeViolations(page);

    // A choice that is not offered stays on the page.
    await page.goto('/checkout/add-to-unshipped-order/Miami?salesOrder=SO-NOT-MINE');
    await expect(page).toHaveURL(/\?salesOrder=SO-NOT-MINE$/);
    await page.getByRole('radio', { name: new RegExp(`^${older.phonexOrderNumber}`) }).check();
    await page.getByRole('button', { name: 'REVIEW COMBINED ORDER' }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout/add-to-unshipped-order/Miami/${older.phonexOrderNumber}$`));

    await page.goto('/checkout/add-to-unshipped-order/Miami');
    await page.getByRole('link', { name: 'CANCEL' }).click();
    await expect(page).toHaveURL(/\/cart$/);
  });
});
