import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderTermsApi } from '../../app/.server/api/order-terms';
import { loadOrderTerms, termsIntents } from '../../app/.server/order-terms-actions';
import { readToast } from '../../app/.server/toast';
import { DAY_MS } from '../../app/domain/orders/fees';
import { DEFAULT_ORDER_SETTINGS } from '../../app/domain/orders/settings';
import { action as termsAction, loader as termsLoader } from '../../app/routes/_app.orders.$orderNumber_.terms';
import { orderEvents, orderInvoices, orders, users } from '../../server/marketplace/db/schema';
import { DEMO_ORDERS_BUYER } from '../../server/marketplace/db/seed/orders';
import { DEMO_PASSWORD } from '../../server/marketplace/db/seed/users';
import { paymentTermsPermissions, startPaymentTerms } from '../../server/marketplace/services/orders/order-terms';
import { writeSetting } from '../../server/marketplace/services/shared/settings';
import { accessToken, apiCaller, portalContext, readOutbox, startTestMarketplace, submitOrder } from './harness';
import { buyerSession } from './support/signed-in';
import { suppliedItems } from './support/ordering';
import { answerData } from '../support/route-answer';

/**
 * Reservation and cancellation terms against a real marketplace: the fee rule's edges through the
 * fee calculation, accepting (stale terms refused with a description), Extend Time and its limit,
 * the release hook, buyer scoping, and the portal's loader/action helpers.
 */
let harness: Awaited<ReturnType<typeof startTestMarketplace>>;
let call: ReturnType<typeof apiCaller>;
beforeAll(async () => {
  harness = await startTestMarketplace({ items: 300 });
  call = apiCaller(harness.marketplace);
});
afterAll(() => harness.close());

let buyers = 0;
async function newBuyer() {
  const email = `terms${++buyers}@example.com`;
  await call('POST', '/admin/users', {
    body: { email, password: DEMO_PASSWORD, authorities: ['CAN_BUY_ONLINE', 'CAN_VIEW_ORDER', 'CAN_UPDATE_ORDER'] },
  });
  return { email, token: await accessToken(call, email, DEMO_PASSWORD) };
}

let slot = 0;
/** A released order of the buyer: one Miami line of 2 units at list price, through the tenant API. */
async function placeOrder(token: string, paymentMethodCode?: string) {
  const rows = await suppliedItems(harness.database.db, 'MIA', { limit: 1, offset: slot++ });
  const { orderNumber } = await submitOrder(
    call,
    token,
    [{ inw: rows[0]!.inw, listPrice: rows[0]!.listPrice, quantity: 2 }],
    { paymentMethodCode },
  );
  return { orderNumber, inw: rows[0]!.inw, value: 2 * Math.round(rows[0]!.listPrice! * 100) };
}

const setTerms = (orderNumber: string, body: Record<string, unknown>) =>
  call('POST', `/admin/order-terms/${orderNumber}`, { body });
const fees = (token: string, orderNumber: string, isCancellation = true, items?: unknown) =>
  call('POST', '/orders/fees/calculate', {
    token,
    body: { phonexOrderNumber: orderNumber, isCancellation, ...(items ? { items } : {}) },
  });
const rowOf = async (orderNumber: string) =>
  (await harness.database.db.select().from(orders).where(eq(orders.phonexOrderNumber, orderNumber)))[0]!;
const eventsOf = async (orderId: number, kind: string) =>
  harness.database.db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, kind)));

describe('the fee rule through POST orders/fees/calculate', () => {
  it('charges rate × value per 24 hours from exactly 1 day past the grace period; nothing before, at rate 0, or after the fee period', async () => {
    const { token } = await newBuyer();
    const { orderNumber, inw, value } = await placeOrder(token);
    const perDay = (rate: number) => Math.floor((value * rate + 5_000) / 10_000);

    await setTerms(orderNumber, {
      graceDaysAgo: 1,
      reservationFeeRate: 50,
      cancellationFeeRate: 100,
      racFeeAgreed: true,
    });
    expect((await fees(token, orderNumber)).body).toEqual({ reservationFee: perDay(50), cancellationFee: perDay(100) });
    expect((await fees(token, orderNumber, false)).body).toEqual({ reservationFee: perDay(50), cancellationFee: 0 });
    // The items in question: one unit of the line is half the value.
    expect((await fees(token, orderNumber, true, [{ itemNumberWarehouse: inw, quantity: 1 }])).body).toEqual({
      reservationFee: Math.floor(((value / 2) * 50 + 5_000) / 10_000),
      cancellationFee: Math.floor(((value / 2) * 100 + 5_000) / 10_000),
    });
    expect(
      (await fees(token, orderNumber, true, [{ itemNumberWarehouse: 'NOT-ON-ORDER', quantity: 1 }])).body.messageCode,
    ).toBe('itemNotOnOrder');

    // A minute short of a day: no fee yet.
    await setTerms(orderNumber, { gracePeriodEnd: new Date(Date.now() - DAY_MS + 60_000).toISOString() });
    expect((await fees(token, orderNumber)).body).toEqual({ reservationFee: 0, cancellationFee: 0 });

    await setTerms(orderNumber, { graceDaysAgo: 3 });
    expect((await fees(token, orderNumber)).body).toEqual({
      reservationFee: Math.floor((value * 50 * 3 + 5_000) / 10_000),
      cancellationFee: Math.floor((value * 100 * 3 + 5_000) / 10_000),
    });

    await setTerms(orderNumber, { cancellationFeeRate: 0 });
    expect((await fees(token, orderNumber)).body).toEqual({ reservationFee: 0, cancellationFee: 0 });

    await setTerms(orderNumber, { cancellationFeeRate: 100, periodEndDaysAgo: 1 });
    expect((await fees(token, orderNumber)).body).toEqual({ reservationFee: 0, cancellationFee: 0 });
    await setTerms(orderNumber, { periodEndDaysAgo: -1 });
    expect((await fees(token, orderNumber)).body.cancellationFee).toBeGreaterThan(0);

    await setTerms(orderNumber, { racFeeAgreed: false });
    expect((await fees(token, orderNumber)).body).toEqual({ reservationFee: 0, cancellationFee: 0 });
  });

  it("refuses another buyer's order with a 404 that tells nothing of it", async () => {
    const owner = await newBuyer();
    const other = await newBuyer();
    const { orderNumber } = await placeOrder(owner.token);
    await setTerms(orderNumber, { graceDaysAgo: 2, racFeeAgreed: true });
    for (const response of [
      await fees(other.token, orderNumber),
      await call('GET', `/orders/${orderNumber}/terms`, { token: other.token }),
      await call('POST', `/orders/${orderNumber}/terms/accept`, {
        token: other.token,
        body: {
          phonexOrderNumber: orderNumber,
          reservationFeePercent: 0.5,
          cancellationFeePercent: 1,
          gracePeriodEnd: new Date().toISOString(),
        },
      }),
      await call('POST', `/orders/${orderNumber}/extend-payment-time`, { token: other.token }),
    ]) {
      expect(response.status).toBe(404);
      expect(JSON.stringify(response.body)).not.toContain(orderNumber);
    }
    expect((await call('GET', '/orders/bad%20number/terms', { token: other.token })).status).toBe(404);
  });
});

describe('terms: fetch and accept', () => {
  it('answers the terms with rates, per-24h amounts on the current value and the permission flags', async () => {
    const { token } = await newBuyer();
    const { orderNumber, value } = await placeOrder(token);
    await setTerms(orderNumber, { graceDaysAgo: 2, reservationFeeRate: 150, cancellationFeeRate: 225 });
    const { status, body } = await call('GET', `/orders/${orderNumber}/terms`, { token });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      phonexOrderNumber: orderNumber,
      reservationFeePercent: 1.5,
      cancellationFeePercent: 2.25,
      reservationFeeRateAmount: Math.floor((value * 150 + 5_000) / 10_000),
      cancellationFeeRateAmount: Math.floor((value * 225 + 5_000) / 10_000),
      orderValue: value,
      racFeeAgreed: false,
      racFeesApply: false,
      paymentTimeExtensionCustomText: '',
      useCurrentAccountTextForPayment: false,
      isPaymentGracePeriodSectionApplicable: true,
      canExtendPaymentTime: true,
    });
  });

  it('accepts the terms as fetched once (version, date and event); stale terms fail with a description and change nothing', async () => {
    const { token } = await newBuyer();
    const { orderNumber } = await placeOrder(token);
    await setTerms(orderNumber, { graceDaysAgo: 2, reservationFeeRate: 50, cancellationFeeRate: 100 });
    const fetched = (await call('GET', `/orders/${orderNumber}/terms`, { token })).body;
    const before = await rowOf(orderNumber);

    await setTerms(orderNumber, { cancellationFeeRate: 120 });
    const stale = await call('POST', `/orders/${orderNumber}/terms/accept`, { token, body: fetched });
    expect(stale.body).toEqual({
      status: 'FAILED',
      description: 'The terms of this order changed since you read them. Please review the new terms and accept again.',
    });
    expect((await rowOf(orderNumber)).racFeeAgreed).toBe(false);

    const fresh = (await call('GET', `/orders/${orderNumber}/terms`, { token })).body;
    expect(
      (
        await call('POST', `/orders/${orderNumber}/terms/accept`, {
          token,
          body: { ...fresh, gracePeriodEnd: new Date(0).toISOString() },
        })
      ).body.status,
    ).toBe('FAILED');
    const version = (await rowOf(orderNumber)).version;
    expect((await call('POST', `/orders/${orderNumber}/terms/accept`, { token, body: fresh })).body).toEqual({
      status: 'SUCCESS',
    });
    const accepted = await rowOf(orderNumber);
    expect(accepted).toMatchObject({ racFeeAgreed: true, version: version + 1 });
    expect(accepted.racFeeAgreedAt!.getTime()).toBeGreaterThan(before.lastUpdateDate.getTime());
    expect(accepted.reservationFee).toBeGreaterThan(0);
    // Posted twice: still SUCCESS, one event, one version.
    expect((await call('POST', `/orders/${orderNumber}/terms/accept`, { token, body: fresh })).body).toEqual({
      status: 'SUCCESS',
    });
    expect((await rowOf(orderNumber)).version).toBe(version + 1);
    expect(await eventsOf(accepted.id, 'TERMS_ACCEPTED')).toHaveLength(1);
    expect((await call('GET', `/orders/${orderNumber}/terms`, { token })).body).toMatchObject({
      racFeeAgreed: true,
      racFeesApply: true,
    });

    expect(
      (
        await call('POST', `/orders/${orderNumber}/terms/accept`, {
          token,
          body: { ...fresh, reservationFeePercent: 'x' },
        })
      ).status,
    ).toBe(400);
  });

  it('refuses terms when the tenant collects payment without a grace period', async () => {
    const { token } = await newBuyer();
    const { orderNumber } = await placeOrder(token);
    await setTerms(orderNumber, { graceDaysAgo: 2 });
    await writeSetting(harness.database.db, 'order-settings', {
      paymentCollectionSettings: { gracePeriodEnabled: false },
    });
    try {
      const answer = await call('GET', `/orders/${orderNumber}/terms`, { token });
      expect(answer).toMatchObject({ status: 404, body: { messageCode: 'termsNotApplicable' } });
      expect((await call('POST', `/orders/${orderNumber}/extend-payment-time`, { token })).status).toBe(404);
    } finally {
      await writeSetting(harness.database.db, 'order-settings', {});
    }
  });
});

describe('Extend Time', () => {
  it('moves the grace period by the configured days, at most the configured times, with an event each', async () => {
    const { token } = await newBuyer();
    const { orderNumber } = await placeOrder(token);
    await setTerms(orderNumber, { graceDaysAgo: 4, racFeeAgreed: true });
    const start = (await rowOf(orderNumber)).gracePeriodEnd!.getTime();
    const first = await call('POST', `/orders/${orderNumber}/extend-payment-time`, { token });
    expect(first.body).toEqual({ status: 'SUCCESS', gracePeriodEnd: new Date(start + 3 * DAY_MS).toISOString() });
    expect((await call('POST', `/orders/${orderNumber}/extend-payment-time`, { token })).status).toBe(200);
    const row = await rowOf(orderNumber);
    expect(row.gracePeriodEnd!.getTime()).toBe(start + 6 * DAY_MS);
    expect(await eventsOf(row.id, 'PAYMENT_TIME_EXTENDED')).toHaveLength(2);
    expect((await call('GET', `/orders/${orderNumber}/terms`, { token })).body).toMatchObject({
      canExtendPaymentTime: false,
      racFeesApply: false,
    });
    const third = await call('POST', `/orders/${orderNumber}/extend-payment-time`, { token });
    expect(third).toMatchObject({
      status: 400,
      body: { messageCode: 'paymentTimeNotExtendable', message: 'The payment time of this order cannot be extended.' },
    });
    expect((await rowOf(orderNumber)).version).toBe(row.version);
  });

  it('is not offered on a paid or cancelled order', async () => {
    const { token } = await newBuyer();
    const { orderNumber } = await placeOrder(token);
    await setTerms(orderNumber, { graceDaysAgo: 1 });
    await harness.database.db
      .update(orders)
      .set({ paymentStatus: 'PAID' })
      .where(eq(orders.phonexOrderNumber, orderNumber));
    expect((await call('GET', `/orders/${orderNumber}/terms`, { token })).body).toMatchObject({
      isPaymentGracePeriodSectionApplicable: false,
      canExtendPaymentTime: false,
    });
    expect((await call('POST', `/orders/${orderNumber}/extend-payment-time`, { token })).status).toBe(400);
    const fresh = (await call('GET', `/orders/${orderNumber}/terms`, { token })).body;
    expect((await call('POST', `/orders/${orderNumber}/terms/accept`, { token, body: fresh })).body).toEqual({
      status: 'FAILED',
      description: 'These terms do not apply to this order.',
    });
  });
});

describe('fees charged (decision 054)', () => {
  const details = async (token: string, orderNumber: string) =>
    (await call('GET', `/orders/${orderNumber}`, { token })).body.salesOrder;
  const runJob = (at: Date) => call('POST', `/admin/jobs/reservation-fees?at=${encodeURIComponent(at.toISOString())}`);
  const feeOf = (value: number, rate: number, days: number) => Math.floor((value * rate * days + 5_000) / 10_000);

  it('charges a late order the reservation fee it runs up: on acceptance, then by the job each day, in its total, with an event', async () => {
    const { token } = await newBuyer();
    const { orderNumber, value } = await placeOrder(token);
    await setTerms(orderNumber, { graceDaysAgo: 2, reservationFeeRate: 50, cancellationFeeRate: 100 });
    const before = await rowOf(orderNumber);
    expect(before.reservationFee).toBe(0);
    const fetched = (await call('GET', `/orders/${orderNumber}/terms`, { token })).body;
    await call('POST', `/orders/${orderNumber}/terms/accept`, { token, body: fetched });

    const twoDays = feeOf(value, 50, 2);
    const accepted = await rowOf(orderNumber);
    expect(accepted).toMatchObject({ reservationFee: twoDays, cancellationFee: 0, total: before.total + twoDays });
    const shown = await details(token, orderNumber);
    expect(shown.charges).toMatchObject({ reservationFee: twoDays, cancellationFee: 0, total: before.total + twoDays });
    expect(shown.payment.balanceDue).toBe(before.total + twoDays);
    // The terms box says what is charged, and what a cancellation now would add.
    expect((await call('GET', `/orders/${orderNumber}/terms`, { token })).body).toMatchObject({
      reservationFee: twoDays,
      cancellationFee: feeOf(value, 100, 2),
    });
    const [charged] = await eventsOf(accepted.id, 'FEES_CHARGED');
    expect(charged!.detail).toMatchObject({
      cause: 'TERMS_ACCEPTED',
      before: { reservationFee: 0, cancellationFee: 0 },
      after: { reservationFee: twoDays, cancellationFee: 0 },
      totalBefore: before.total,
      totalAfter: before.total + twoDays,
    });

    // Within the same 24 hours the job changes nothing; a day later it charges the third day.
    await runJob(new Date(Date.now() + 60_000));
    expect(await eventsOf(accepted.id, 'FEES_CHARGED')).toHaveLength(1);
    await runJob(new Date(Date.now() + DAY_MS + 60_000));
    const threeDays = feeOf(value, 50, 3);
    expect(await rowOf(orderNumber)).toMatchObject({ reservationFee: threeDays, total: before.total + threeDays });
    const events = await eventsOf(accepted.id, 'FEES_CHARGED');
    expect(events.map((e) => (e.detail as { cause: string }).cause)).toEqual(['TERMS_ACCEPTED', 'reservation-fees']);

    // Paid in full, the order runs up no more.
    expect((await call('POST', `/admin/orders/${orderNumber}/payments`, { body: {} })).status).toBe(201);
    await runJob(new Date(Date.now() + 3 * DAY_MS));
    expect(await rowOf(orderNumber)).toMatchObject({ reservationFee: threeDays, paymentStatus: 'PAID' });
  });

  it('tells the buyer who accepted the terms, once, when the job starts charging the reservation fee', async () => {
    const { email, token } = await newBuyer();
    const { orderNumber, value } = await placeOrder(token);
    // Accepted a day before the grace period ends: nothing is charged yet.
    await setTerms(orderNumber, { graceDaysAgo: -1, reservationFeeRate: 50, cancellationFeeRate: 100 });
    const fetched = (await call('GET', `/orders/${orderNumber}/terms`, { token })).body;
    await call('POST', `/orders/${orderNumber}/terms/accept`, { token, body: fetched });
    expect((await rowOf(orderNumber)).reservationFee).toBe(0);
    const mailsOf = () =>
      readOutbox(harness.outboxDir).filter((m) => m.to === email && m.subject.includes(`order ${orderNumber} is late`));
    const usd = (minor: number) => `$${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

    // A day after the grace period ended, the job charges its first 24 hours, and the buyer is told.
    await runJob(new Date(Date.now() + 2 * DAY_MS + 60_000));
    const row = await rowOf(orderNumber);
    expect(row.reservationFee).toBe(feeOf(value, 50, 1));
    const [mail, ...more] = mailsOf();
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`ACME Wholesale Devices: order ${orderNumber} is late, a reservation fee applies`);
    expect(mail!.text).toContain(
      `a reservation fee of ${usd(row.reservationFee)} is now charged on it, and ${usd(feeOf(value, 50, 1))} more for each further 24 hours until it is paid.`,
    );
    expect(mail!.text).toContain(`Its total is now ${usd(row.total)}; ${usd(row.total)} is still to pay.`);

    // The next day's fee is on the order's page, not in another mail.
    await runJob(new Date(Date.now() + 3 * DAY_MS + 60_000));
    expect((await rowOf(orderNumber)).reservationFee).toBe(feeOf(value, 50, 2));
    expect(mailsOf()).toHaveLength(1);
  });

  it('a cancellation charges the cancellation fee the terms quoted and keeps the reservation fee: the canceled order owes both', async () => {
    const { token } = await newBuyer();
    const { orderNumber, value } = await placeOrder(token);
    await setTerms(orderNumber, {
      graceDaysAgo: 3,
      reservationFeeRate: 50,
      cancellationFeeRate: 100,
      racFeeAgreed: true,
    });
    const late = await rowOf(orderNumber);
    const quoted = (await call('GET', `/orders/${orderNumber}/terms`, { token })).body.cancellationFee;
    expect(quoted).toBe(feeOf(value, 100, 3));
    const saved = await call('PUT', `/orders/${orderNumber}`, {
      token,
      body: { version: late.version, action: 'CANCEL' },
    });
    expect(saved.body).toMatchObject({ fulfillmentStatus: 'CANCELED', paymentStatus: 'UNPAID' });
    const owed = feeOf(value, 50, 3) + quoted;
    const canceled = await details(token, orderNumber);
    expect(canceled.charges).toMatchObject({
      subtotal: 0,
      tax: 0,
      paymentFee: 0,
      reservationFee: feeOf(value, 50, 3),
      cancellationFee: quoted,
      total: owed,
    });
    expect(canceled.payment).toMatchObject({ amountPaid: 0, balanceDue: owed });
    const [event] = await eventsOf(late.id, 'CANCELED');
    expect(event!.detail).toMatchObject({ fees: { reservationFee: feeOf(value, 50, 3), cancellationFee: quoted } });
    // No more fees run on a canceled order.
    await runJob(new Date(Date.now() + 2 * DAY_MS));
    expect((await rowOf(orderNumber)).total).toBe(owed);
  });

  it('an order cancelled in its grace period owes nothing, and Extend Time takes the fees of the days it now covers back', async () => {
    const { token } = await newBuyer();
    const early = await placeOrder(token);
    const row = await rowOf(early.orderNumber);
    await call('PUT', `/orders/${early.orderNumber}`, { token, body: { version: row.version, action: 'CANCEL' } });
    expect(await rowOf(early.orderNumber)).toMatchObject({ total: 0, reservationFee: 0, cancellationFee: 0 });

    const { orderNumber, value } = await placeOrder(token);
    await setTerms(orderNumber, {
      graceDaysAgo: 2,
      reservationFeeRate: 50,
      cancellationFeeRate: 100,
      racFeeAgreed: true,
    });
    const charged = await rowOf(orderNumber);
    expect(charged.reservationFee).toBe(feeOf(value, 50, 2));
    await call('POST', `/orders/${orderNumber}/extend-payment-time`, { token });
    const extended = await rowOf(orderNumber);
    expect(extended).toMatchObject({ reservationFee: 0, total: charged.total - charged.reservationFee });
    expect((await eventsOf(extended.id, 'FEES_CHARGED')).map((e) => (e.detail as { cause: string }).cause)).toEqual([
      'TERMS_SET',
      'PAYMENT_TIME_EXTENDED',
    ]);
  });
});

describe('an order on net terms (issue 51)', () => {
  const details = async (token: string, orderNumber: string) =>
    (await call('GET', `/orders/${orderNumber}`, { token })).body;
  const onHome = async (token: string, orderNumber: string) =>
    ((await call('GET', '/buyer-home', { token })).body.orders as { phonexOrderNumber: string }[]).find(
      (o) => o.phonexOrderNumber === orderNumber,
    );

  it('has no grace period, late-payment box or fees: it is due 30 days from its invoice, and chased only once overdue', async () => {
    const { token } = await newBuyer();
    const { orderNumber } = await placeOrder(token, 'TERMS_NET_30');
    const row = await rowOf(orderNumber);
    expect(row).toMatchObject({ status: 'UNSHIPPED', paymentStatus: 'UNPAID', gracePeriodEnd: null });
    expect(await eventsOf(row.id, 'PAYMENT_TERMS_STARTED')).toHaveLength(0);
    const released = await details(token, orderNumber);
    expect(released.permission).toMatchObject({
      isPaymentGracePeriodSectionApplicable: false,
      canExtendPaymentTime: false,
    });
    expect(released.salesOrder.accountTerms).toEqual({
      termsDays: 30,
      invoicedAt: null,
      dueDate: null,
      overdue: false,
      useCurrentAccountTextForPayment: false,
    });
    expect(await onHome(token, orderNumber)).toBeUndefined();

    // Even with a grace period set on it, a method on account shows no late-payment box.
    await setTerms(orderNumber, { graceDaysAgo: 2 });
    expect((await details(token, orderNumber)).permission.isPaymentGracePeriodSectionApplicable).toBe(false);
    expect(await onHome(token, orderNumber)).toBeUndefined();

    const invoicedAt = new Date(Date.now() - 10 * DAY_MS);
    await harness.database.db
      .insert(orderInvoices)
      .values({ orderId: row.id, invoiceNumber: `INV-${orderNumber}`, invoicedAt, amount: row.total, lines: [] });
    await writeSetting(harness.database.db, 'order-terms', { useCurrentAccountTextForPayment: true });
    try {
      const dueDate = new Date(invoicedAt.getTime() + 30 * DAY_MS).toISOString();
      expect((await details(token, orderNumber)).salesOrder.accountTerms).toEqual({
        termsDays: 30,
        invoicedAt: invoicedAt.toISOString(),
        dueDate,
        overdue: false,
        useCurrentAccountTextForPayment: true,
      });
      expect(await onHome(token, orderNumber)).toBeUndefined();

      // Invoiced 31 days ago: overdue, with how to pay, and awaiting payment on Home by its due date.
      const late = new Date(Date.now() - 31 * DAY_MS);
      await harness.database.db
        .update(orderInvoices)
        .set({ invoicedAt: late })
        .where(eq(orderInvoices.orderId, row.id));
      const overdue = (await details(token, orderNumber)).salesOrder;
      expect(overdue.accountTerms).toMatchObject({
        overdue: true,
        dueDate: new Date(late.getTime() + 30 * DAY_MS).toISOString(),
      });
      expect(overdue.paymentInstructions).toBe(
        'Pay each invoice within 30 days of its date by bank wire to account 0012 3456 789, quoting your order number.',
      );
      expect(await onHome(token, orderNumber)).toMatchObject({
        need: 'awaitingPayment',
        paymentDueBy: new Date(late.getTime() + 30 * DAY_MS).toISOString(),
        paymentOverdue: true,
      });
    } finally {
      await writeSetting(harness.database.db, 'order-terms', {});
    }
  });

  it('a method paid before shipping keeps its grace period and has no account terms', async () => {
    const { token } = await newBuyer();
    const { orderNumber } = await placeOrder(token);
    expect((await rowOf(orderNumber)).gracePeriodEnd).not.toBeNull();
    const released = await details(token, orderNumber);
    expect(released.permission.isPaymentGracePeriodSectionApplicable).toBe(true);
    expect(released.salesOrder.accountTerms).toBeNull();
    expect(await onHome(token, orderNumber)).toMatchObject({
      need: 'awaitingPayment',
      paymentDueBy: (await rowOf(orderNumber)).gracePeriodEnd!.toISOString(),
      paymentOverdue: false,
    });
    // Two days past the end of its grace period: Home says overdue, not "pay by" a past date.
    await setTerms(orderNumber, { graceDaysAgo: 2 });
    expect(await onHome(token, orderNumber)).toMatchObject({ need: 'awaitingPayment', paymentOverdue: true });
  });
});

describe('startPaymentTerms (the release hook)', () => {
  it('starts the grace period and the default rates at release, once, only when the tenant has a grace period', async () => {
    const { token } = await newBuyer();
    const { orderNumber } = await placeOrder(token);
    const db = harness.database.db;
    // Released at checkout: the time to pay started with the default terms.
    const released = await rowOf(orderNumber);
    expect(released).toMatchObject({ reservationFeeRate: 50, cancellationFeeRate: 100, racFeeAgreed: false });
    expect(Math.abs(released.gracePeriodEnd!.getTime() - (released.createdAt.getTime() + 3 * DAY_MS))).toBeLessThan(
      60_000,
    );
    expect(await eventsOf(released.id, 'PAYMENT_TERMS_STARTED')).toHaveLength(1);

    await setTerms(orderNumber, { gracePeriodEnd: null });
    const order = await rowOf(orderNumber);
    const now = new Date('2026-04-01T10:00:00Z');

    await writeSetting(db, 'order-settings', { paymentCollectionSettings: { gracePeriodEnabled: false } });
    expect(await db.transaction((tx) => startPaymentTerms(tx, order, now))).toBe(order);
    await writeSetting(db, 'order-settings', {});

    await writeSetting(db, 'order-terms', { gracePeriodDays: 5, reservationFeeRate: 75 });
    try {
      const started = await db.transaction((tx) => startPaymentTerms(tx, order, now));
      expect(started).toMatchObject({
        gracePeriodEnd: new Date(now.getTime() + 5 * DAY_MS),
        reservationFeeRate: 75,
        cancellationFeeRate: 100,
        racFeeAgreed: false,
        version: order.version,
      });
      const again = await db.transaction((tx) => startPaymentTerms(tx, started, new Date(now.getTime() + DAY_MS)));
      expect(again.gracePeriodEnd).toEqual(started.gracePeriodEnd);
      expect(await eventsOf(order.id, 'PAYMENT_TERMS_STARTED')).toHaveLength(2);
      expect(await paymentTermsPermissions(db, started, now)).toEqual({
        isPaymentGracePeriodSectionApplicable: true,
        canExtendPaymentTime: true,
      });
    } finally {
      await writeSetting(db, 'order-terms', {});
    }
  });

  it('seeds a demo order of the demo buyer whose grace period ended 3 days ago', async () => {
    const db = harness.database.db;
    const [buyer] = await db.select({ buyerId: users.buyerId }).from(users).where(eq(users.email, DEMO_ORDERS_BUYER));
    const released = (await db.select().from(orders).where(eq(orders.buyerId, buyer!.buyerId!))).filter(
      (o) => o.gracePeriodEnd,
    );
    expect(released).toHaveLength(1);
    expect(released[0]).toMatchObject({
      status: 'UNSHIPPED',
      paymentStatus: 'UNPAID',
      racFeeAgreed: false,
      reservationFeeRate: 50,
      cancellationFeeRate: 100,
    });
    // Measured from the harness's seeding, which may be minutes before this test on a busy machine.
    const late = Date.now() - released[0]!.gracePeriodEnd!.getTime();
    expect(late).toBeGreaterThan(3 * DAY_MS - 60_000);
    expect(late).toBeLessThan(3 * DAY_MS + 15 * 60_000);
  });
});

describe('the portal helpers and the terms page', () => {
  it('loads the terms only with a grace period; a failed fetch is the §8 text', async () => {
    const context = portalContext(harness.marketplace.fetch);
    const { token } = await newBuyer();
    const { orderNumber } = await placeOrder(token);
    await setTerms(orderNumber, { graceDaysAgo: 2 });
    expect(await loadOrderTerms(context, token, orderNumber, DEFAULT_ORDER_SETTINGS)).toMatchObject({
      terms: { phonexOrderNumber: orderNumber },
      error: null,
    });
    expect(
      await loadOrderTerms(context, token, orderNumber, { paymentCollectionSettings: { gracePeriodEnabled: false } }),
    ).toEqual({ terms: null, error: null });
    const down = portalContext(async () => new Response(JSON.stringify({ message: 'down' }), { status: 500 }));
    expect(await loadOrderTerms(down, token, orderNumber, DEFAULT_ORDER_SETTINGS)).toEqual({
      terms: null,
      error: 'orderTerms.fetchFailed',
    });
    await expect(loadOrderTerms(context, token, 'SO-NOT-MINE', DEFAULT_ORDER_SETTINGS)).rejects.toMatchObject({
      status: 404,
    });
  });

  it('accepts through the action with a toast; stale terms toast the description; a forged form is a 400', async () => {
    const context = portalContext(harness.marketplace.fetch);
    const { email, token } = await newBuyer();
    const { orderNumber } = await placeOrder(token);
    await setTerms(orderNumber, { graceDaysAgo: 2 });
    const terms = await orderTermsApi.read(context, token, orderNumber);
    const form = (fields: Record<string, string>) => {
      const data = new FormData();
      for (const [k, v] of Object.entries(fields)) data.append(k, v);
      return data;
    };
    const acceptFields = {
      intent: 'accept-terms',
      phonexOrderNumber: orderNumber,
      reservationFeePercent: String(terms.reservationFeePercent),
      cancellationFeePercent: String(terms.cancellationFeePercent),
      gracePeriodEnd: terms.gracePeriodEnd!,
    };
    const toastOf = async (response: Response) =>
      (
        await readToast(
          new Request('http://portal/', { headers: { cookie: response.headers.get('set-cookie')!.split(';')[0]! } }),
        )
      ).toast;

    const accept = termsIntents(context, token, orderNumber)['accept-terms'];
    const stale = await accept(form({ ...acceptFields, cancellationFeePercent: '9.99' }));
    expect(stale.status).toBe(302);
    expect(stale.headers.get('location')).toBe(`/orders/${orderNumber}`);
    expect(await toastOf(stale)).toEqual({
      type: 'error',
      text: 'The terms of this order changed since you read them. Please review the new terms and accept again.',
    });

    const forged = await accept(form({ ...acceptFields, extra: '1' })).catch((r: Response) => r);
    expect(forged.status).toBe(400);
    const otherOrder = await accept(form({ ...acceptFields, phonexOrderNumber: 'SO-OTHER' })).catch((r: Response) => r);
    expect(otherOrder.status).toBe(400);

    // Through the page's own action, signed in with a session cookie.
    const { cookie } = await buyerSession(context, email);
    const post = (fields: Record<string, string>) =>
      termsAction({
        request: new Request(`http://portal/orders/${orderNumber}/terms`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields),
        }),
        context,
        params: { orderNumber },
      });
    const accepted = (await post(acceptFields)) as Response;
    expect(accepted.headers.get('location')).toBe(`/orders/${orderNumber}/terms`);
    expect(await toastOf(accepted)).toEqual({ type: 'success', key: 'orderTerms.accepted' });
    expect((await rowOf(orderNumber)).racFeeAgreed).toBe(true);
    const extended = (await post({ intent: 'extend-payment-time' })) as Response;
    expect(await toastOf(extended)).toEqual({ type: 'success', key: 'orderTerms.extended' });
    const unknown = await (post({ intent: 'drop-table' }) as Promise<Response>).catch((r: Response) => r);
    expect(unknown.status).toBe(400);

    const page = await termsLoader({
      request: new Request(`http://portal/orders/${orderNumber}/terms?dialog=fees`, { headers: { cookie } }),
      context,
      params: { orderNumber },
    });
    expect(await answerData(page)).toMatchObject({
      orderNumber,
      dialogOpen: true,
      error: null,
      terms: { racFeeAgreed: true },
    });
    const foreign = (await termsLoader({
      request: new Request('http://portal/orders/SO-NOT-MINE/terms', { headers: { cookie } }),
      context,
      params: { orderNumber: 'SO-NOT-MINE' },
    })) as Response;
    expect(foreign.headers.get('location')).toBe('/orders');
  });
});
