import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { payments } from '../../server/marketplace/db/schema';
import { DEMO_PASSWORD } from '../../server/marketplace/db/seed/users';
import { accessToken, type apiCaller } from './harness';
import { ordering, testMarketplace } from './support/ordering';

/**
 * Issue 34, "Paid twice": an order paid through the integrated provider, then added to from the cart,
 * asks only for the balance; an order paid by other means keeps what was paid when a cart is added
 * to it. Every capture is one row of the payment ledger, whatever is confirmed twice. A cart joins
 * only an order on hold (spec 3 §2.2): the paid orders here are held when the cart comes.
 */
const started = testMarketplace({ items: 400 });
const call: ReturnType<typeof apiCaller> = (...args) => started().call(...args);

const { newBuyer, placed, pay, orderRow, ledgerOf, ...api } = ordering(started, 'ledger');
const money = (minor: number) => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(minor / 100);

describe('an order paid online, then added to', () => {
  it('asks only for the balance, and after paying it has captured exactly its total', async () => {
    const token = await newBuyer();
    const n = await placed(token, 2, 10);
    // Held and paid online: the order stays on hold, open to the cart.
    expect((await pay(token, n, 1, false)).confirmed).toEqual({ status: 'SUCCESS', orderStatus: 'ON_HOLD' });
    const paidFirst = await orderRow(n);
    expect(paidFirst).toMatchObject({ paymentStatus: 'PAID', amountPaid: paidFirst.total });

    const added = (await api.addToOrder(token, n, 3, 11)).body;
    const grown = await orderRow(n);
    expect(grown.total).toBeGreaterThan(paidFirst.total);
    // What was paid stays paid: part of the new total.
    expect(added.paymentStatus).toBe('PARTIALLY_PAID');
    expect(grown).toMatchObject({ paymentStatus: 'PARTIALLY_PAID', amountPaid: paidFirst.total });
    const details = (await call('GET', `/orders/${n}`, { token })).body;
    expect(details.salesOrder.payment).toEqual({
      amountPaid: paidFirst.total,
      balanceDue: grown.total - paidFirst.total,
      creditDue: 0,
    });
    const summary = (await call('GET', `/orders/${n}/summary`, { token })).body;
    expect(summary.payment).toEqual(details.salesOrder.payment);

    const balance = grown.total - paidFirst.total;
    const second = await pay(token, n);
    const [asked] = await started()
      .harness.database.db.select({ amount: payments.amount })
      .from(payments)
      .where(eq(payments.token, second.paymentToken));
    expect(asked!.amount).toBe(balance);
    expect(second.asked).toContain(money(balance));
    const ledger = await ledgerOf(n);
    expect(ledger.map((r) => [r.kind, r.amount])).toEqual([
      ['PAYMENT', paidFirst.total],
      ['PAYMENT', balance],
    ]);
    // Paid as Pay and Ship Now: with nothing left to pay the order is released.
    expect(await orderRow(n)).toMatchObject({ paymentStatus: 'PAID', amountPaid: grown.total, status: 'UNSHIPPED' });
    // Nothing is owed now: a payment cannot even start.
    const third = await call('POST', `/orders/${n}/payment`, {
      token,
      body: { returnUrl: `/orders/${n}/order-release-confirmation`, releaseOnSuccess: true },
    });
    expect(third.body.messageCode).toBe('paymentNotExpected');
  });

  it('records a capture once however often and however concurrently it is confirmed', async () => {
    const token = await newBuyer();
    const n = await placed(token, 1, 20);
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
    const list = (await call('GET', '/admin/orders?email=buyer@example.com')).body as {
      phonexOrderNumber: string;
      warehouseCode: string;
    }[];
    const demo = list.find((o) => o.phonexOrderNumber.endsWith('-PAID'))!;
    // Released and paid: the buyer holds it for later, then the cart joins it.
    const details = (await call('GET', `/orders/${demo.phonexOrderNumber}`, { token })).body;
    const held = await call('PUT', `/orders/${demo.phonexOrderNumber}`, {
      token,
      body: { version: details.salesOrder.version, action: 'HOLD' },
    });
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    const before = await orderRow(demo.phonexOrderNumber);
    expect(before.status).toBe('ON_HOLD');
    expect(before).toMatchObject({ paymentStatus: 'PAID', amountPaid: before.total });
    const updated = await api.addToOrder(token, demo.phonexOrderNumber, 1, 10, demo.warehouseCode);
    expect(updated.status, JSON.stringify(updated.body)).toBe(201);
    const after = await orderRow(demo.phonexOrderNumber);
    expect(after.total).toBeGreaterThan(before.total);
    expect(after).toMatchObject({ paymentStatus: 'PARTIALLY_PAID', amountPaid: before.total });
    expect((await ledgerOf(demo.phonexOrderNumber)).map((r) => r.amount)).toEqual([before.total]);
  });

  it('owes the buyer a credit when a change lowers the total below what was paid', async () => {
    const token = await newBuyer();
    const n = await placed(token, 4, 30, { paymentMethodCode: 'WIRE_TRANSFER' });
    const first = await orderRow(n);
    expect((await call('POST', `/admin/orders/${n}/payments`, { body: {} })).status).toBe(201);
    // Pick-up instead of standard shipping: no freight, a lower total.
    const details = (await call('GET', `/orders/${n}`, { token })).body;
    const selection = { ...details.salesOrder.selection, shippingMethodCode: 'LOCAL_PICKUP', insured: null };
    const changed = await call('PUT', `/orders/${n}/draft`, {
      token,
      body: { change: { kind: 'rows', rows: ['shippingAddress', 'shippingMethod'], selection } },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const saved = await call('PUT', `/orders/${n}`, {
      token,
      body: { version: details.salesOrder.version, action: 'SAVE' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await orderRow(n);
    expect(after.total).toBeLessThan(first.total);
    expect(after).toMatchObject({ paymentStatus: 'CREDIT_DUE', amountPaid: first.total });
    expect((await call('GET', `/orders/${n}`, { token })).body.salesOrder.payment).toEqual({
      amountPaid: first.total,
      balanceDue: 0,
      creditDue: first.total - after.total,
    });
    const refund = await call('POST', `/admin/orders/${n}/refunds`, { body: {} });
    expect(refund.body).toMatchObject({
      refund: { amount: first.total - after.total },
      order: { paymentStatus: 'PAID', amountPaid: after.total },
    });
  });
});
