import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { offers, orderEvents, orderLines, orders, stockItems } from '../../server/marketplace/db/schema';
import { DEMO_PASSWORD } from '../../server/marketplace/db/seed/users';
import { EMPTY_SELECTION } from '../../app/domain/checkout/selection';
import { accessToken, apiCaller, readOutbox, startTestMarketplace } from './harness';
import { chosenSelection, suppliedItems } from './support/ordering';

let harness: Awaited<ReturnType<typeof startTestMarketplace>>;
let call: ReturnType<typeof apiCaller>;

async function items(warehouse: string, count: number, offset = 0) {
  const rows = await suppliedItems(harness.database.db, warehouse, { limit: count, offset });
  return rows as { inw: string; listPrice: number; quantity: number }[];
}

let buyers = 0;
/** A new buyer with two lines in the Miami cart, handed to checkout; answers the token and the checkout id. */
async function handedOff(quantities = [2, 3]) {
  const email = `checkout${++buyers}@example.com`;
  await call('POST', '/admin/users', { body: { email, password: DEMO_PASSWORD, authorities: ['CAN_BUY_ONLINE'] } });
  const token = await accessToken(call, email, DEMO_PASSWORD);
  const rows = await items('MIA', quantities.length, buyers * 3);
  const ids: number[] = [];
  for (const [i, row] of rows.entries()) {
    ids.push(
      (
        await call('POST', '/stocklist/offer', {
          token,
          body: { itemNumberWarehouse: row.inw, offerQuantity: quantities[i], offerPrice: row.listPrice },
        })
      ).body.offerId,
    );
  }
  const handOff = await call('POST', '/cart/cart-checkout/MIA', { token, body: ids });
  expect(handOff.status).toBe(200);
  return { token, checkoutId: handOff.body.checkoutId as string, rows, offerIds: ids };
}

const load = (token: string, checkoutId: string) => call('GET', `/checkout/${checkoutId}`, { token });

const chosen = chosenSelection;

beforeAll(async () => {
  harness = await startTestMarketplace({ items: 400 });
  call = apiCaller(harness.marketplace);
});
afterAll(() => harness.close());

describe('checkout through the tenant API', () => {
  it('loads the options with the lines in minor units and computes every charge on the server', async () => {
    const { token, checkoutId, rows } = await handedOff([2, 3]);
    const payload = (await load(token, checkoutId)).body;
    const subtotal = Math.round(rows[0]!.listPrice * 100) * 2 + Math.round(rows[1]!.listPrice * 100) * 3;
    expect(payload.charges).toMatchObject({ subtotal, total: subtotal, freightUndefined: true, totalQuantity: 5 });
    expect(payload.options.shippingAddresses.map((a: { label: string }) => a.label)).toEqual([
      'Main warehouse',
      'East coast depot',
      'London office',
    ]);
    // No real-time quote returns for London: express is hidden and a quote can be requested instead.
    expect(payload.options.shippingAddresses[2].shippingMethodCodes).toEqual(['BILL_MY_ACCOUNT', 'REQUEST_A_QUOTE']);
    expect(Object.keys(payload.invalidRows)).toEqual([
      'shippingAddress',
      'shippingMethod',
      'billingAddress',
      'paymentMethod',
    ]);

    // Texas: standard freight 25.00 + 0.50 a device, insured 100.00 at 0.5%, two services, 8.25% tax, 1% wire fee.
    const selection = chosen(payload, {
      insured: true,
      insuredAmount: 100_00,
      additionalServiceCodes: ['DATA_WIPE', 'PHOTO_AUDIT'],
    });
    const charges = (await call('POST', `/checkout/${checkoutId}/calculate-charges`, { token, body: { selection } }))
      .body;
    // The premium is a charge of its own, not inside the freight (issue 51).
    const freight = 25_00 + 5 * 50;
    const insurance = 50;
    const services = 5 * 1_50 + 20_00;
    const tax = Math.round(((subtotal + services + freight + insurance) * 825) / 10000);
    const fee = Math.round((subtotal * 100) / 10000);
    expect(charges).toMatchObject({
      subtotal,
      freight,
      insurance,
      freightDiscount: 0,
      promotion: '',
      additionalServicesFee: services,
      tax,
      taxDescription: 'Texas sales tax 8.25%',
      paymentFee: fee,
      total: subtotal + services + freight + insurance + tax + fee,
      freightUndefined: false,
    });
  });

  it('prices every method of each address for this order, and taxes a pick-up where the warehouse is', async () => {
    const { token, checkoutId } = await handedOff([2, 3]);
    const payload = (await load(token, checkoutId)).body;
    const [dallas, , london] = payload.options.shippingAddresses;
    // Five devices: standard 25.00 + 5 × 0.50; express 40.00 + 5 × 1.20 in the US zone; the buyer's own carrier bills nothing here; a quote is not known yet.
    expect(dallas.freights).toEqual({
      ACME_STANDARD_SHIPPING: 27_50,
      ACME_EXPRESS_SHIPPING: 46_00,
      LOCAL_PICKUP: 0,
      BILL_MY_ACCOUNT: 0,
    });
    expect(london.freights).toEqual({ BILL_MY_ACCOUNT: 0, REQUEST_A_QUOTE: null });
    const pickUp = payload.options.shippingMethods.find((m: { code: string }) => m.code === 'LOCAL_PICKUP');
    expect(pickUp).toMatchObject({ deliveryEstimate: 'Ready for pick-up the next business day' });
    expect(pickUp).not.toHaveProperty('pickUp');

    // Shipped to Dallas: Texas tax. Collected at the Miami warehouse: Florida tax, whatever the ship-to address says.
    const shipped = (
      await call('POST', `/checkout/${checkoutId}/calculate-charges`, { token, body: { selection: chosen(payload) } })
    ).body;
    expect(shipped.taxDescription).toBe('Texas sales tax 8.25%');
    const collected = (
      await call('POST', `/checkout/${checkoutId}/calculate-charges`, {
        token,
        body: { selection: chosen(payload, { shippingMethodCode: 'LOCAL_PICKUP', insured: null }) },
      })
    ).body;
    expect(collected).toMatchObject({
      freight: 0,
      taxDescription: 'Florida sales tax 6%',
      tax: Math.round((collected.subtotal * 600) / 10000),
    });
  });

  it('keeps the selection on the draft and drops choices that are not valid any more', async () => {
    const { token, checkoutId } = await handedOff();
    const payload = (await load(token, checkoutId)).body;
    const london = payload.options.shippingAddresses[2].id;
    const saved = await call('PUT', `/checkout/${checkoutId}/selection`, {
      token,
      body: {
        selection: chosen(payload, {
          shippingAddressId: london,
          shippingMethodCode: 'ACME_STANDARD_SHIPPING',
          paymentMethodCode: 'NO_SUCH',
        }),
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.selection).toMatchObject({
      shippingAddressId: london,
      shippingMethodCode: null,
      paymentMethodCode: null,
    });
    expect((await load(token, checkoutId)).body.selection.shippingAddressId).toBe(london);
  });

  it('submits once: a replay answers the same order; lines, event, cart entries and draft in one go', async () => {
    const { token, checkoutId, offerIds, rows } = await handedOff([2, 1]);
    const payload = (await load(token, checkoutId)).body;
    const body = { submissionKey: payload.submissionKey, readyToRelease: true, selection: chosen(payload) };
    // Nothing saved on the draft: the order is charged for the selection submitted.
    const quoted = (
      await call('POST', `/checkout/${checkoutId}/calculate-charges`, { token, body: { selection: body.selection } })
    ).body;
    expect(quoted).toMatchObject({ freightUndefined: false });
    expect(quoted.freight).toBeGreaterThan(0);
    const [first, second] = await Promise.all([
      call('POST', `/checkout/${checkoutId}/submit`, { token, body }),
      call('POST', `/checkout/${checkoutId}/submit`, { token, body }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(first.body.phonexOrderNumber).toBe(second.body.phonexOrderNumber);
    const db = harness.database.db;
    const [order] = await db.select().from(orders).where(eq(orders.phonexOrderNumber, first.body.phonexOrderNumber));
    expect(order).toMatchObject({ status: 'UNSHIPPED', paymentStatus: 'UNPAID', paymentMethodCode: 'WIRE_TRANSFER' });
    expect(order!.total).toBe(payload.charges.subtotal + order!.freight + order!.tax + order!.paymentFee);
    expect(order).toMatchObject({
      freight: quoted.freight,
      freightUndefined: false,
      tax: quoted.tax,
      paymentFee: quoted.paymentFee,
      total: quoted.total,
    });
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    expect(lines.map((l) => [l.itemNumberWarehouse, l.quantity, l.unitPrice]).sort()).toEqual(
      [
        [rows[0]!.inw, 2, Math.round(rows[0]!.listPrice * 100)],
        [rows[1]!.inw, 1, Math.round(rows[1]!.listPrice * 100)],
      ].sort(),
    );
    // Released: the order's time to pay starts with it (reservation and cancellation terms).
    expect(
      (await db.select().from(orderEvents).where(eq(orderEvents.orderId, order!.id)).orderBy(orderEvents.id)).map(
        (e) => e.kind,
      ),
    ).toEqual(['CREATED', 'PAYMENT_TERMS_STARTED']);
    expect(await db.select().from(offers).where(eq(offers.id, offerIds[0]!))).toEqual([]);
    expect((await load(token, checkoutId)).status).toBe(404);
    const [stock] = await db.select().from(stockItems).where(eq(stockItems.itemNumberWarehouse, rows[0]!.inw));
    expect(stock!.quantityAvailable).toBe(rows[0]!.quantity - 2);
    // The replay after the draft is gone still answers the order.
    expect((await call('POST', `/checkout/${checkoutId}/submit`, { token, body })).body.phonexOrderNumber).toBe(
      first.body.phonexOrderNumber,
    );
  });

  it("keeps the buyer's reference (PO number) on the new order and in its e-mail; refuses one past the list's rule", async () => {
    const { token, checkoutId } = await handedOff([1]);
    const payload = (await load(token, checkoutId)).body;
    const body = { submissionKey: payload.submissionKey, readyToRelease: false, selection: chosen(payload) };
    const before = (await harness.database.db.select().from(orders)).length;
    for (const refOrderNumber of ['P'.repeat(41), '<PO>']) {
      const refused = await call('POST', `/checkout/${checkoutId}/submit`, {
        token,
        body: { ...body, refOrderNumber },
      });
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ messageCode: 'invalidInput', params: { field: 'refOrderNumber' } });
    }
    expect((await harness.database.db.select().from(orders)).length).toBe(before);
    const placed = await call('POST', `/checkout/${checkoutId}/submit`, {
      token,
      body: { ...body, refOrderNumber: ' PO-2026/77 ' },
    });
    expect(placed.status).toBe(201);
    const { phonexOrderNumber } = placed.body;
    const [order] = await harness.database.db
      .select()
      .from(orders)
      .where(eq(orders.phonexOrderNumber, phonexOrderNumber));
    expect(order!.refOrderNumber).toBe('PO-2026/77');
    const summary = (await call('GET', `/orders/${phonexOrderNumber}/summary`, { token })).body;
    expect(summary.refOrderNumberOrPhonexOrderNumber).toBe('PO-2026/77');
    const [mail] = readOutbox(harness.outboxDir).filter((m) => m.subject.includes(phonexOrderNumber));
    expect(mail!.text).toContain('Your reference: PO-2026/77');
  });

  it('refuses an incomplete selection, a foreign key and another buyer: nothing is created', async () => {
    const { token, checkoutId } = await handedOff();
    const payload = (await load(token, checkoutId)).body;
    const before = (await harness.database.db.select().from(orders)).length;
    const incomplete = await call('POST', `/checkout/${checkoutId}/submit`, {
      token,
      body: {
        submissionKey: payload.submissionKey,
        readyToRelease: false,
        selection: chosen(payload, { paymentMethodCode: null }),
      },
    });
    expect(incomplete.status).toBe(422);
    expect(incomplete.body.message).toBe('Please finalize the following: paymentMethod');
    const foreign = await call('POST', `/checkout/${checkoutId}/submit`, {
      token,
      body: { submissionKey: crypto.randomUUID(), readyToRelease: false, selection: chosen(payload) },
    });
    expect(foreign.status).toBe(409);
    const other = await handedOff();
    expect(
      (
        await call('POST', `/checkout/${checkoutId}/submit`, {
          token: other.token,
          body: { submissionKey: payload.submissionKey, readyToRelease: false, selection: chosen(payload) },
        })
      ).status,
    ).toBe(404);
    expect((await call('GET', `/checkout/${checkoutId}`, { token: other.token })).status).toBe(404);
    expect((await harness.database.db.select().from(orders)).length).toBe(before);
  });

  it('holds an order until its shipping quote, and on hold when not released', async () => {
    const { token, checkoutId } = await handedOff();
    const payload = (await load(token, checkoutId)).body;
    const east = payload.options.shippingAddresses[1].id;
    const missing = await call('POST', `/checkout/${checkoutId}/calculate-charges`, {
      token,
      body: { selection: chosen(payload, { shippingAddressId: east, shippingMethodCode: 'REQUEST_A_QUOTE' }) },
    });
    expect(missing.body.freightUndefined).toBe(true);
    const selection = chosen(payload, {
      shippingAddressId: east,
      shippingMethodCode: 'REQUEST_A_QUOTE',
      insured: null,
      requestAQuote: { serviceLevel: 'Express', amount: '120' },
    });
    const held = await call('POST', `/checkout/${checkoutId}/submit`, {
      token,
      body: { submissionKey: payload.submissionKey, readyToRelease: true, selection },
    });
    expect(held.body).toMatchObject({ status: 'AWAITING_SHIPPING_QUOTE' });

    const next = await handedOff();
    const nextPayload = (await load(next.token, next.checkoutId)).body;
    const hold = await call('POST', `/checkout/${next.checkoutId}/submit`, {
      token: next.token,
      body: { submissionKey: nextPayload.submissionKey, readyToRelease: false, selection: chosen(nextPayload) },
    });
    expect(hold.body).toMatchObject({ status: 'ON_HOLD', paymentStatus: 'UNPAID' });
  });

  it('pays through the sandbox provider: on hold until the payment is confirmed, then released once', async () => {
    const { token, checkoutId } = await handedOff();
    const payload = (await load(token, checkoutId)).body;
    const submitted = await call('POST', `/checkout/${checkoutId}/submit`, {
      token,
      body: {
        submissionKey: payload.submissionKey,
        readyToRelease: true,
        selection: chosen(payload, { paymentMethodCode: 'INTEGRATED_PAYPAL' }),
      },
    });
    expect(submitted.body).toMatchObject({ status: 'ON_HOLD', paymentStatus: 'AWAITING_PAYMENT' });
    const n = submitted.body.phonexOrderNumber;
    const returnUrl = `/orders/${n}/order-release-confirmation`;
    expect(
      (
        await call('POST', `/orders/${n}/payment`, {
          token,
          body: { returnUrl: 'https://evil.example/', releaseOnSuccess: true },
        })
      ).status,
    ).toBe(400);
    const started = await call('POST', `/orders/${n}/payment`, { token, body: { returnUrl, releaseOnSuccess: true } });
    expect(started.body.approveUrl).toBe(`/px-api-gateway/payment-sandbox/${started.body.token}`);
    const page = await harness.marketplace.fetch(new Request(`http://m${started.body.approveUrl}`));
    expect(await page.text()).toContain(n);
    const decided = await harness.marketplace.fetch(
      new Request(`http://m${started.body.approveUrl}`, {
        method: 'POST',
        body: new URLSearchParams({ decision: 'approve' }),
      }),
    );
    expect(decided.status).toBe(303);
    const back = new URL(decided.headers.get('location')!, 'http://m');
    expect(back.pathname).toBe(returnUrl);
    expect(back.searchParams.get('status')).toBe('SUCCESS');
    const confirm = { token: back.searchParams.get('token'), payerId: back.searchParams.get('PayerID') };
    expect(
      (await call('POST', `/orders/${n}/payment/confirm`, { token, body: { ...confirm, payerId: 'FORGED' } })).body
        .status,
    ).toBe('FAILURE');
    expect((await call('POST', `/orders/${n}/payment/confirm`, { token, body: confirm })).body).toEqual({
      status: 'SUCCESS',
      orderStatus: 'UNSHIPPED',
    });
    expect((await call('POST', `/orders/${n}/payment/confirm`, { token, body: confirm })).body.status).toBe('SUCCESS');
    const summary = (await call('GET', `/orders/${n}/summary`, { token })).body;
    expect(summary).toMatchObject({
      fulfillmentStatus: 'UNSHIPPED',
      paymentStatus: 'PAID',
      paymentMethod: { code: 'INTEGRATED_PAYPAL' },
    });
    const other = await handedOff();
    expect((await call('GET', `/orders/${n}/summary`, { token: other.token })).status).toBe(404);
  });

  it('adds the cart to an open order of the warehouse with a version check', async () => {
    const { token, checkoutId } = await handedOff();
    const payload = (await load(token, checkoutId)).body;
    const first = await call('POST', `/checkout/${checkoutId}/submit`, {
      token,
      body: { submissionKey: payload.submissionKey, readyToRelease: false, selection: chosen(payload) },
    });
    const rows = await items('MIA', 1, 0);
    const offer = await call('POST', '/stocklist/offer', {
      token,
      body: { itemNumberWarehouse: rows[0]!.inw, offerQuantity: 4, offerPrice: rows[0]!.listPrice },
    });
    const again = await call('POST', '/cart/add-to-existing-order/MIA', { token, body: [offer.body.offerId] });
    expect(again.status).toBe(200);
    const n = first.body.phonexOrderNumber;
    const combined = (await call('GET', `/checkout/${again.body.checkoutId}?salesOrder=${n}`, { token })).body;
    expect(combined.onHoldSalesOrder).toMatchObject({ orderNumber: n, version: 1 });
    expect(combined.selection.paymentMethodCode).toBe('WIRE_TRANSFER');
    expect(combined.charges.totalQuantity).toBe(9);
    const stale = await call('POST', `/checkout/${again.body.checkoutId}/submit`, {
      token,
      body: {
        submissionKey: combined.submissionKey,
        readyToRelease: false,
        selection: combined.selection,
        salesOrder: n,
        version: 7,
      },
    });
    expect(stale.body.messageCode).toBe('outdatedSalesOrder');
    const updated = await call('POST', `/checkout/${again.body.checkoutId}/submit`, {
      token,
      body: {
        submissionKey: combined.submissionKey,
        readyToRelease: false,
        selection: combined.selection,
        salesOrder: n,
        version: 1,
      },
    });
    expect(updated.body).toMatchObject({ phonexOrderNumber: n, status: 'ON_HOLD' });
    const summary = (await call('GET', `/orders/${n}/summary`, { token })).body;
    expect(summary.lineItems).toHaveLength(3);
    expect(summary.charges.subtotal).toBe(combined.charges.subtotal);
  });

  it('keeps preferences and drops stale ids when they are read', async () => {
    const { token } = await handedOff();
    const options = (await call('GET', '/preferences/options', { token })).body;
    const selection = {
      ...EMPTY_SELECTION,
      shippingAddressId: options.shippingAddresses[1].id,
      shippingMethodCode: 'BILL_MY_ACCOUNT',
      billMyAccount: { carrier: 'UPS', serviceLevel: 'Ground', accountNumber: 'A1' },
      billingAddressId: 999999,
      paymentMethodCode: 'COD',
    };
    expect((await call('POST', '/preferences', { token, body: { selection } })).body.status).toBe('SUCCESS');
    expect((await call('GET', '/preferences', { token })).body).toMatchObject({
      shippingMethodCode: 'BILL_MY_ACCOUNT',
      billingAddressId: null,
      paymentMethodCode: 'COD',
    });
  });
});
