import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, isNotNull } from 'drizzle-orm';
import { EMPTY_SELECTION, type Selection } from '../../app/domain/checkout/selection';
import { orders, paymentLedger, payments, stockItems } from '../../server/marketplace/db/schema';
import { DEMO_PASSWORD } from '../../server/marketplace/db/seed/users';
import { accessToken, apiCaller, startTestMarketplace } from './harness';

/**
 * Issue 34, "Paid twice": an order paid through the integrated provider, then added to from the cart,
 * asks only for the balance; an order paid by other means keeps what was paid when a cart is added
 * to it. Every capture is one row of the payment ledger, whatever is confirmed twice.
 */
let harness: Awaited<ReturnType<typeof startTestMarketplace>>;
let call: ReturnType<typeof apiCaller>;
beforeAll(async () => {
  harness = await startTestMarketplace({ items: 400 });
  call = apiCaller(harness.marketplace);
});
afterAll(() => harness.close());

let buyers = 0;
async function newBuyer() {
  const email = `ledger${++buyers}@example.com`;
  await call('POST', '/admin/users', { body: { email, password: DEMO_PASSWORD, authorities: ['CAN_BUY_ONLINE'] } });
  return accessToken(call, email, DEMO_PASSWORD);
}

async function miamiItems(count: number, offset: number) {
  return harness.database.db
    .select({ inw: stockItems.itemNumberWarehouse, listPrice: stockItems.listPrice })
    .from(stockItems)
    .where(and(eq(stockItems.warehouseCode, 'MIA'), gt(stockItems.quantityAvailable, 10), isNotNull(stockItems.listPrice), eq(stockItems.incrementSize, 1)))
    .orderBy(stockItems.id)
    .limit(count)
    .offset(offset);
}

async function cartOffers(token: string, quantity: number, offset: number) {
  const [row] = await miamiItems(1, offset);
  const offer = await call('POST', '/stocklist/offer', { token, body: { itemNumberWarehouse: row!.inw, offerQuantity: quantity, offerPrice: row!.listPrice } });
  expect(offer.status).toBe(201);
  return [offer.body.offerId as number];
}

function chosen(payload: { options: { shippingAddresses: { id: number }[]; billingAddresses: { id: number }[] } }, change: Partial<Selection> = {}): Selection {
  return {
    ...EMPTY_SELECTION,
    shippingAddressId: payload.options.shippingAddresses[0]!.id,
    shippingMethodCode: 'ACME_STANDARD_SHIPPING',
    insured: false,
    billingAddressId: payload.options.billingAddresses[0]!.id,
    paymentMethodCode: 'INTEGRATED_PAYPAL',
    ...change,
  };
}

/** A released order paid in full through the sandbox. */
async function paidOnline(token: string, offset: number) {
  const ids = await cartOffers(token, 2, offset);
  const handOff = await call('POST', '/cart/cart-checkout/MIA', { token, body: ids });
  const payload = (await call('GET', `/checkout/${handOff.body.checkoutId}`, { token })).body;
  const submitted = await call('POST', `/checkout/${handOff.body.checkoutId}/submit`, { token, body: { submissionKey: payload.submissionKey, readyToRelease: true, selection: chosen(payload) } });
  const n = submitted.body.phonexOrderNumber as string;
  const paid = await pay(token, n);
  expect(paid.confirmed).toEqual({ status: 'SUCCESS', orderStatus: 'UNSHIPPED' });
  return n;
}

/** Starts a payment, approves it in the sandbox and confirms it: answers what was asked for and the confirmation. */
async function pay(token: string, n: string, confirmTimes = 1) {
  const started = await call('POST', `/orders/${n}/payment`, { token, body: { returnUrl: `/orders/${n}/order-release-confirmation`, releaseOnSuccess: true } });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const described = await harness.marketplace.fetch(new Request(`http://m${started.body.approveUrl}`));
  const asked = await described.text();
  const decided = await harness.marketplace.fetch(new Request(`http://m${started.body.approveUrl}`, { method: 'POST', body: new URLSearchParams({ decision: 'approve' }) }));
  const back = new URL(decided.headers.get('location')!, 'http://m');
  const body = { token: back.searchParams.get('token'), payerId: back.searchParams.get('PayerID') };
  const answers = await Promise.all(Array.from({ length: confirmTimes }, () => call('POST', `/orders/${n}/payment/confirm`, { token, body })));
  return { asked, paymentToken: body.token!, confirmed: answers[0]!.body };
}

async function addToOrder(token: string, n: string, offset: number) {
  const ids = await cartOffers(token, 3, offset);
  const again = await call('POST', '/cart/add-to-existing-order/MIA', { token, body: ids });
  expect(again.status).toBe(200);
  const combined = (await call('GET', `/checkout/${again.body.checkoutId}?salesOrder=${n}`, { token })).body;
  const updated = await call('POST', `/checkout/${again.body.checkoutId}/submit`, {
    token,
    body: { submissionKey: combined.submissionKey, readyToRelease: false, selection: combined.selection, salesOrder: n, version: combined.onHoldSalesOrder.version },
  });
  expect(updated.status, JSON.stringify(updated.body)).toBe(201);
  return updated.body;
}

async function orderRow(n: string) {
  const [row] = await harness.database.db.select().from(orders).where(eq(orders.phonexOrderNumber, n));
  return row!;
}
async function ledgerOf(n: string) {
  const order = await orderRow(n);
  return harness.database.db.select().from(paymentLedger).where(eq(paymentLedger.orderId, order.id)).orderBy(paymentLedger.id);
}
const money = (minor: number) => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(minor / 100);

describe('an order paid online, then added to', () => {
  it('asks only for the balance, and after paying it has captured exactly its total', async () => {
    const token = await newBuyer();
    const n = await paidOnline(token, 10);
    const paidFirst = await orderRow(n);
    expect(paidFirst).toMatchObject({ paymentStatus: 'PAID', amountPaid: paidFirst.total });

    const added = await addToOrder(token, n, 11);
    const grown = await orderRow(n);
    expect(grown.total).toBeGreaterThan(paidFirst.total);
    // What was paid stays paid: part of the new total.
    expect(added.paymentStatus).toBe('PARTIALLY_PAID');
    expect(grown).toMatchObject({ paymentStatus: 'PARTIALLY_PAID', amountPaid: paidFirst.total });
    const details = (await call('GET', `/orders/${n}`, { token })).body;
    expect(details.salesOrder.payment).toEqual({ amountPaid: paidFirst.total, balanceDue: grown.total - paidFirst.total, creditDue: 0 });
    const summary = (await call('GET', `/orders/${n}/summary`, { token })).body;
    expect(summary.payment).toEqual(details.salesOrder.payment);

    const balance = grown.total - paidFirst.total;
    const second = await pay(token, n);
    const [asked] = await harness.database.db.select({ amount: payments.amount }).from(payments).where(eq(payments.token, second.paymentToken));
    expect(asked!.amount).toBe(balance);
    expect(second.asked).toContain(money(balance));
    const ledger = await ledgerOf(n);
    expect(ledger.map((r) => [r.kind, r.amount])).toEqual([
      ['PAYMENT', paidFirst.total],
      ['PAYMENT', balance],
    ]);
    expect(await orderRow(n)).toMatchObject({ paymentStatus: 'PAID', amountPaid: grown.total });
    // Nothing is owed now: a payment cannot even start.
    const third = await call('POST', `/orders/${n}/payment`, { token, body: { returnUrl: `/orders/${n}/order-release-confirmation`, releaseOnSuccess: true } });
    expect(third.body.messageCode).toBe('paymentNotExpected');
  });

  it('records a capture once however often and however concurrently it is confirmed', async () => {
    const token = await newBuyer();
    const ids = await cartOffers(token, 1, 20);
    const handOff = await call('POST', '/cart/cart-checkout/MIA', { token, body: ids });
    const payload = (await call('GET', `/checkout/${handOff.body.checkoutId}`, { token })).body;
    const n = (await call('POST', `/checkout/${handOff.body.checkoutId}/submit`, { token, body: { submissionKey: payload.submissionKey, readyToRelease: true, selection: chosen(payload) } })).body.phonexOrderNumber;
    const { confirmed } = await pay(token, n, 4);
    expect(confirmed.status).toBe('SUCCESS');
    const order = await orderRow(n);
    expect(await ledgerOf(n)).toHaveLength(1);
    expect(order).toMatchObject({ paymentStatus: 'PAID', amountPaid: order.total, status: 'UNSHIPPED' });
  });
});

describe('an order paid by other means, then added to', () => {
  it("keeps the demo order -PAID's payment: it owes only the lines added", async () => {
    const token = await accessToken(call, 'buyer@example.com', DEMO_PASSWORD);
    const list = (await call('GET', '/admin/orders?email=buyer@example.com')).body as { phonexOrderNumber: string; warehouseCode: string }[];
    const demo = list.find((o) => o.phonexOrderNumber.endsWith('-PAID'))!;
    const before = await orderRow(demo.phonexOrderNumber);
    expect(before).toMatchObject({ paymentStatus: 'PAID', amountPaid: before.total });
    const [item] = await harness.database.db
      .select({ inw: stockItems.itemNumberWarehouse, listPrice: stockItems.listPrice })
      .from(stockItems)
      .where(and(eq(stockItems.warehouseCode, demo.warehouseCode), gt(stockItems.quantityAvailable, 10), isNotNull(stockItems.listPrice), eq(stockItems.incrementSize, 1)))
      .orderBy(stockItems.id)
      .offset(10)
      .limit(1);
    const offer = await call('POST', '/stocklist/offer', { token, body: { itemNumberWarehouse: item!.inw, offerQuantity: 1, offerPrice: item!.listPrice } });
    const again = await call('POST', `/cart/add-to-existing-order/${demo.warehouseCode}`, { token, body: [offer.body.offerId] });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const combined = (await call('GET', `/checkout/${again.body.checkoutId}?salesOrder=${demo.phonexOrderNumber}`, { token })).body;
    const updated = await call('POST', `/checkout/${again.body.checkoutId}/submit`, {
      token,
      body: { submissionKey: combined.submissionKey, readyToRelease: false, selection: combined.selection, salesOrder: demo.phonexOrderNumber, version: combined.onHoldSalesOrder.version },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(201);
    const after = await orderRow(demo.phonexOrderNumber);
    expect(after.total).toBeGreaterThan(before.total);
    expect(after).toMatchObject({ paymentStatus: 'PARTIALLY_PAID', amountPaid: before.total });
    expect((await ledgerOf(demo.phonexOrderNumber)).map((r) => r.amount)).toEqual([before.total]);
  });

  it('owes the buyer a credit when a change lowers the total below what was paid', async () => {
    const token = await newBuyer();
    const ids = await cartOffers(token, 4, 30);
    const handOff = await call('POST', '/cart/cart-checkout/MIA', { token, body: ids });
    const payload = (await call('GET', `/checkout/${handOff.body.checkoutId}`, { token })).body;
    const n = (await call('POST', `/checkout/${handOff.body.checkoutId}/submit`, { token, body: { submissionKey: payload.submissionKey, readyToRelease: true, selection: chosen(payload, { paymentMethodCode: 'WIRE_TRANSFER' }) } })).body.phonexOrderNumber;
    const placed = await orderRow(n);
    expect((await call('POST', `/admin/orders/${n}/payments`, { body: {} })).status).toBe(201);
    // Pick-up instead of standard shipping: no freight, a lower total.
    const details = (await call('GET', `/orders/${n}`, { token })).body;
    const selection = { ...details.salesOrder.selection, shippingMethodCode: 'LOCAL_PICKUP', insured: null };
    const changed = await call('PUT', `/orders/${n}/draft`, { token, body: { change: { kind: 'rows', rows: ['shippingAddress', 'shippingMethod'], selection } } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const saved = await call('PUT', `/orders/${n}`, { token, body: { version: details.salesOrder.version, action: 'SAVE' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await orderRow(n);
    expect(after.total).toBeLessThan(placed.total);
    expect(after).toMatchObject({ paymentStatus: 'CREDIT_DUE', amountPaid: placed.total });
    expect((await call('GET', `/orders/${n}`, { token })).body.salesOrder.payment).toEqual({ amountPaid: placed.total, balanceDue: 0, creditDue: placed.total - after.total });
    const refund = await call('POST', `/admin/orders/${n}/refunds`, { body: {} });
    expect(refund.body).toMatchObject({ refund: { amount: placed.total - after.total }, order: { paymentStatus: 'PAID', amountPaid: after.total } });
  });
});
