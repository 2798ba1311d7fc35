import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { computeCharges } from '../../app/domain/checkout/charges';
import { orderEvents, orderLines, orders, stockItems } from '../../server/marketplace/db/schema';
import { DEMO_PASSWORD } from '../../server/marketplace/db/seed/users';
import { EMPTY_SELECTION } from '../../app/domain/checkout/selection';
import { freightOf, DEMO_CATALOGUE, taxRuleFor } from '../../server/marketplace/services/checkout/checkout-catalogue';
import { randomImei } from '../../server/marketplace/services/returns/imei';
import { accessToken, apiCaller, startTestMarketplace } from './harness';
import { suppliedItems } from './support/ordering';

/**
 * The seller's side of orders through the admin API: ship (with tracking numbers and IMEIs),
 * invoice, cancel lines, payment and fulfilment status. Every change moves the version and
 * lastUpdateDate and writes an event; every impossible move is refused with its reason and changes nothing.
 */
let harness: Awaited<ReturnType<typeof startTestMarketplace>>;
let call: ReturnType<typeof apiCaller>;
beforeAll(async () => {
  harness = await startTestMarketplace({ items: 400 });
  call = apiCaller(harness.marketplace);
});
afterAll(() => harness.close());

let buyers = 0;
/** A new buyer's order of two Miami lines (3 and 2 units), placed and released through checkout. */
async function placedOrder(quantities = [3, 2], readyToRelease = true) {
  const email = `fulfil${++buyers}@example.com`;
  await call('POST', '/admin/users', { body: { email, password: DEMO_PASSWORD, authorities: ['CAN_BUY_ONLINE'] } });
  const token = await accessToken(call, email, DEMO_PASSWORD);
  const rows = await suppliedItems(harness.database.db, 'MIA', { limit: quantities.length, offset: buyers * 2 });
  const ids: number[] = [];
  for (const [i, row] of rows.entries())
    ids.push(
      (
        await call('POST', '/stocklist/offer', {
          token,
          body: { itemNumberWarehouse: row.inw, offerQuantity: quantities[i], offerPrice: row.listPrice },
        })
      ).body.offerId,
    );
  const handOff = await call('POST', '/cart/cart-checkout/MIA', { token, body: ids });
  const payload = (await call('GET', `/checkout/${handOff.body.checkoutId}`, { token })).body;
  const selection = {
    ...EMPTY_SELECTION,
    shippingAddressId: payload.options.shippingAddresses[0].id,
    shippingMethodCode: 'ACME_STANDARD_SHIPPING',
    insured: false,
    billingAddressId: payload.options.billingAddresses[0].id,
    paymentMethodCode: 'WIRE_TRANSFER',
  };
  const submitted = await call('POST', `/checkout/${handOff.body.checkoutId}/submit`, {
    token,
    body: { submissionKey: payload.submissionKey, readyToRelease, selection },
  });
  expect(submitted.status).toBe(201);
  return { number: submitted.body.phonexOrderNumber as string, items: rows.map((r) => r.inw), token, email };
}

async function orderRow(number: string) {
  const [row] = await harness.database.db.select().from(orders).where(eq(orders.phonexOrderNumber, number));
  return row!;
}
async function eventsOf(number: string) {
  const order = await orderRow(number);
  return harness.database.db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, order.id))
    .orderBy(asc(orderEvents.id));
}
async function linesOf(number: string) {
  const order = await orderRow(number);
  return harness.database.db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.id));
}
async function stockOf(inw: string) {
  const [row] = await harness.database.db
    .select({ q: stockItems.quantityAvailable })
    .from(stockItems)
    .where(eq(stockItems.itemNumberWarehouse, inw));
  return row!.q;
}

const admin = (number: string, action: string, body: unknown) =>
  call('POST', `/admin/orders/${number}/${action}`, { body });

/** Refused with this status and message code, and nothing of the order changed. */
async function expectRefused(
  number: string,
  action: string,
  body: unknown,
  status: number,
  messageCode: string,
  message?: RegExp,
) {
  const before = await orderRow(number);
  const eventsBefore = (await eventsOf(number)).length;
  const answer = await admin(number, action, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.messageCode).toBe(messageCode);
  if (message) expect(answer.body.message).toMatch(message);
  const after = await orderRow(number);
  expect(after.version).toBe(before.version);
  expect(after.status).toBe(before.status);
  expect((await eventsOf(number)).length).toBe(eventsBefore);
  return answer.body.message as string;
}

describe('shipping', () => {
  it('ships part of a line with IMEIs (PARTIALLY_SHIPPED), then the rest (SHIPPED), each one event by the seller', async () => {
    const { number, items } = await placedOrder();
    const before = await orderRow(number);
    expect(before.status).toBe('UNSHIPPED');
    const imeis = [randomImei(), randomImei()];
    const first = await admin(number, 'ship', {
      trackingNumber: '1Z-TEST-1',
      lines: [{ itemNumberWarehouse: items[0], quantity: 2, imeis }],
      at: '2030-01-02T10:00:00Z',
    });
    expect(first.status).toBe(201);
    expect(first.body.order).toMatchObject({
      status: 'PARTIALLY_SHIPPED',
      version: before.version + 1,
      lastUpdateDate: '2030-01-02T10:00:00.000Z',
    });
    expect(first.body.shipment).toMatchObject({
      trackingNumber: '1Z-TEST-1',
      lines: [{ itemNumberWarehouse: items[0], quantity: 2, imeis }],
    });
    expect((await linesOf(number)).map((l) => l.shippedQuantity)).toEqual([2, 0]);

    const second = await admin(number, 'ship', { trackingNumber: '1Z-TEST-2', generateImeis: true });
    expect(second.body.order).toMatchObject({ status: 'SHIPPED', version: before.version + 2 });
    expect(second.body.shipment.lines).toEqual([
      { itemNumberWarehouse: items[0], quantity: 1, imeis: [expect.stringMatching(/^\d{15}$/)] },
      {
        itemNumberWarehouse: items[1],
        quantity: 2,
        imeis: [expect.stringMatching(/^\d{15}$/), expect.stringMatching(/^\d{15}$/)],
      },
    ]);
    expect((await linesOf(number)).map((l) => l.shippedQuantity)).toEqual([3, 2]);

    const events = (await eventsOf(number)).filter((e) => e.kind === 'SHIPPED');
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({
      userId: null,
      fromStatus: 'UNSHIPPED',
      toStatus: 'PARTIALLY_SHIPPED',
      detail: {
        trackingNumber: '1Z-TEST-1',
        actor: 'seller',
        imeis: 2,
        lines: [{ itemNumberWarehouse: items[0], quantity: 2 }],
      },
    });
    expect(events[0]!.at.toISOString()).toBe('2030-01-02T10:00:00.000Z');
    expect(events[1]).toMatchObject({ fromStatus: 'PARTIALLY_SHIPPED', toStatus: 'SHIPPED' });

    const details = (await call('GET', `/admin/orders/${number}`)).body;
    expect(details.shipments.map((s: { trackingNumber: string }) => s.trackingNumber)).toEqual([
      '1Z-TEST-1',
      '1Z-TEST-2',
    ]);
    expect(details.lines.map((l: { remainingQuantity: number }) => l.remainingQuantity)).toEqual([0, 0]);
    await expectRefused(number, 'ship', { trackingNumber: '1Z-TEST-3' }, 409, 'nothingToShip', /nothing left to ship/);
  });

  it('refuses more than ordered minus canceled minus shipped, unknown or repeated lines, and IMEIs that are wrong, missing or shipped before', async () => {
    const { number, items } = await placedOrder();
    await admin(number, 'cancel-lines', { lines: [{ itemNumberWarehouse: items[0], quantity: 1 }] });
    const shipped = randomImei();
    await admin(number, 'ship', {
      trackingNumber: '1Z-A',
      lines: [{ itemNumberWarehouse: items[0], quantity: 1, imeis: [shipped] }],
    });
    const message = await expectRefused(
      number,
      'ship',
      { trackingNumber: '1Z-B', lines: [{ itemNumberWarehouse: items[0], quantity: 2 }] },
      409,
      'overShipped',
    );
    expect(message).toBe(`Cannot ship 2 of ${items[0]}: 3 ordered, 1 canceled, 1 shipped, so 1 can ship.`);
    await expectRefused(
      number,
      'ship',
      { trackingNumber: '1Z-B', lines: [{ itemNumberWarehouse: 'NOPE-MIA', quantity: 1 }] },
      400,
      'unknownLine',
      /has no line NOPE-MIA/,
    );
    await expectRefused(
      number,
      'ship',
      {
        trackingNumber: '1Z-B',
        lines: [
          { itemNumberWarehouse: items[1], quantity: 1 },
          { itemNumberWarehouse: items[1], quantity: 1 },
        ],
      },
      400,
      'lineTwice',
    );
    await expectRefused(
      number,
      'ship',
      { trackingNumber: '1Z-B', lines: [{ itemNumberWarehouse: items[1], quantity: 2, imeis: [randomImei()] }] },
      400,
      'imeiCount',
      /give one IMEI per unit/,
    );
    await expectRefused(
      number,
      'ship',
      { trackingNumber: '1Z-B', lines: [{ itemNumberWarehouse: items[1], quantity: 1, imeis: ['123456789012345'] }] },
      400,
      'invalidImei',
      /not an IMEI/,
    );
    await expectRefused(
      number,
      'ship',
      { trackingNumber: '1Z-B', lines: [{ itemNumberWarehouse: items[1], quantity: 1, imeis: [shipped] }] },
      409,
      'imeiShipped',
    );
    const twice = randomImei();
    await expectRefused(
      number,
      'ship',
      { trackingNumber: '1Z-B', lines: [{ itemNumberWarehouse: items[1], quantity: 2, imeis: [twice, twice] }] },
      409,
      'imeiShipped',
    );
    // Bodies that are not what the endpoint takes change nothing either.
    await expectRefused(number, 'ship', { trackingNumber: '' }, 400, 'validationFailed');
    await expectRefused(
      number,
      'ship',
      { trackingNumber: '1Z-B', lines: [{ itemNumberWarehouse: items[1], quantity: 0 }] },
      400,
      'validationFailed',
    );
    await expectRefused(number, 'ship', { trackingNumber: '1Z-B', extra: true }, 400, 'validationFailed');
  });

  it('refuses an order the buyer has not released, an unknown order, and callers without the admin token', async () => {
    const { number } = await placedOrder([1], false);
    expect((await orderRow(number)).status).toBe('ON_HOLD');
    await expectRefused(
      number,
      'ship',
      { trackingNumber: '1Z-H' },
      409,
      'orderNotReleased',
      /ON_HOLD: it ships once it is released/,
    );
    expect((await admin('SO-NOPE', 'ship', { trackingNumber: '1Z' })).status).toBe(404);
    const anonymous = await harness.marketplace.fetch(
      new Request(`http://m/px-api-gateway/admin/orders/${number}/ship`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"trackingNumber":"1Z"}',
      }),
    );
    expect(anonymous.status).toBe(401);
  });
});

describe('invoicing', () => {
  it('refuses an order with nothing shipped, invoices what was shipped, and turns INVOICED when every shipped unit is invoiced', async () => {
    const { number, items } = await placedOrder();
    await expectRefused(number, 'invoice', {}, 409, 'nothingShipped', /nothing shipped to invoice/);
    await admin(number, 'ship', { trackingNumber: '1Z-I', generateImeis: true });
    const order = await orderRow(number);
    const lines = await linesOf(number);

    const first = await admin(number, 'invoice', { lines: [{ itemNumberWarehouse: items[0], quantity: 2 }] });
    expect(first.status).toBe(201);
    expect(first.body.invoice.invoiceNumber).toBe(`INV-${number.replace(/^SO-/, '')}-1`);
    // The first invoice carries the freight, fees and tax.
    expect(first.body.invoice.amount).toBe(2 * lines[0]!.unitPrice + order.total - order.subtotal);
    expect(first.body.order.status).toBe('SHIPPED');
    await expectRefused(
      number,
      'invoice',
      { lines: [{ itemNumberWarehouse: items[0], quantity: 2 }] },
      409,
      'overInvoiced',
      /3 shipped, 2 invoiced, so 1 can be invoiced/,
    );

    const second = await admin(number, 'invoice', {});
    expect(second.body.invoice).toMatchObject({
      invoiceNumber: `INV-${number.replace(/^SO-/, '')}-2`,
      lines: [
        { itemNumberWarehouse: items[0], quantity: 1 },
        { itemNumberWarehouse: items[1], quantity: 2 },
      ],
    });
    expect(second.body.order.status).toBe('INVOICED');
    expect(first.body.invoice.amount + second.body.invoice.amount).toBe(order.total);
    await expectRefused(number, 'invoice', {}, 409, 'nothingToInvoice', /is invoiced already/);

    const events = (await eventsOf(number)).filter((e) => e.kind === 'INVOICED');
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.detail?.invoiceNumber])).toEqual([
      ['SHIPPED', 'SHIPPED', first.body.invoice.invoiceNumber],
      ['SHIPPED', 'INVOICED', second.body.invoice.invoiceNumber],
    ]);
  });
});

describe('canceling lines', () => {
  it('cancels units, returns them to stock, works the charges out again, and cancels the order when none is left', async () => {
    const { number, items } = await placedOrder([3, 2]);
    const before = await orderRow(number);
    const stockBefore = await stockOf(items[0]!);
    const partial = await admin(number, 'cancel-lines', { lines: [{ itemNumberWarehouse: items[0], quantity: 2 }] });
    expect(partial.status).toBe(200);
    expect(partial.body.order).toMatchObject({ status: 'UNSHIPPED', version: before.version + 1 });
    expect(await stockOf(items[0]!)).toBe(stockBefore + 2);
    const lines = await linesOf(number);
    expect(lines.map((l) => l.canceledQuantity)).toEqual([2, 0]);
    // The charges of one and two units at checkout's terms (Main warehouse, Dallas TX; standard shipping; wire transfer).
    const live = [
      { quantity: 1, unitPrice: lines[0]!.unitPrice },
      { quantity: 2, unitPrice: lines[1]!.unitPrice },
    ];
    const method = DEMO_CATALOGUE.shippingMethods.find((m) => m.code === 'ACME_STANDARD_SHIPPING')!;
    const expected = computeCharges({
      lines: live,
      freight: freightOf(method, DEMO_CATALOGUE, 'US', 3),
      insurance: null,
      services: [],
      tax: taxRuleFor(DEMO_CATALOGUE, { country: 'US', state: 'TX' }),
      paymentFee: DEMO_CATALOGUE.paymentMethods.find((p) => p.code === 'WIRE_TRANSFER')!.fee,
    });
    const after = await orderRow(number);
    expect({
      subtotal: after.subtotal,
      freight: after.freight,
      tax: after.tax,
      paymentFee: after.paymentFee,
      total: after.total,
    }).toEqual({
      subtotal: expected.subtotal,
      freight: expected.freight,
      tax: expected.tax,
      paymentFee: expected.paymentFee,
      total: expected.total,
    });
    expect(after.total).toBeLessThan(before.total);
    await expectRefused(
      number,
      'cancel-lines',
      { lines: [{ itemNumberWarehouse: items[0], quantity: 2 }] },
      409,
      'overCanceled',
      /so 1 can be canceled/,
    );

    const all = await admin(number, 'cancel-lines', {});
    expect(all.body.order).toMatchObject({ status: 'CANCELED', subtotal: 0, total: 0, paymentStatus: 'NOTHING_DUE' });
    expect(all.body.canceled).toEqual([
      { itemNumberWarehouse: items[0], quantity: 1 },
      { itemNumberWarehouse: items[1], quantity: 2 },
    ]);
    expect(await stockOf(items[0]!)).toBe(stockBefore + 3);
    const events = (await eventsOf(number)).filter((e) => e.kind === 'LINES_CANCELED');
    expect(events.map((e) => [e.userId, e.fromStatus, e.toStatus, e.detail?.totalAfter])).toEqual([
      [null, 'UNSHIPPED', 'UNSHIPPED', expected.total],
      [null, 'UNSHIPPED', 'CANCELED', 0],
    ]);

    // A canceled order changes no more; the ledger still takes a refund (here of nothing paid: refused).
    await expectRefused(number, 'ship', { trackingNumber: '1Z' }, 409, 'orderCanceled', /is canceled/);
    await expectRefused(number, 'invoice', {}, 409, 'orderCanceled');
    await expectRefused(number, 'cancel-lines', {}, 409, 'orderCanceled');
    await expectRefused(number, 'status', { status: 'UNSHIPPED' }, 409, 'orderCanceled');
    await expectRefused(number, 'payments', {}, 409, 'nothingOwed', /owes nothing/);
    await expectRefused(number, 'refunds', {}, 409, 'nothingPaid');
  });

  it('leaves a partly shipped order SHIPPED when the rest is canceled', async () => {
    const { number, items } = await placedOrder([3, 2]);
    await admin(number, 'ship', { trackingNumber: '1Z-P', lines: [{ itemNumberWarehouse: items[0], quantity: 3 }] });
    const canceled = await admin(number, 'cancel-lines', {});
    expect(canceled.body.order.status).toBe('SHIPPED');
    expect(canceled.body.canceled).toEqual([{ itemNumberWarehouse: items[1], quantity: 2 }]);
    await expectRefused(number, 'cancel-lines', {}, 409, 'nothingToCancel');
  });
});

describe('payments, refunds and fulfilment status', () => {
  it('records payments and refunds in the ledger, with events of payment statuses; the status follows from the rows', async () => {
    const { number } = await placedOrder([1]);
    const before = await orderRow(number);
    const part = Math.floor(before.total / 3);
    const paid = await admin(number, 'payments', { amount: part, reference: 'WIRE-1', actor: 'accounts' });
    expect(paid.status).toBe(201);
    expect(paid.body.order).toMatchObject({
      paymentStatus: 'PARTIALLY_PAID',
      amountPaid: part,
      status: 'UNSHIPPED',
      version: before.version + 1,
    });
    // Without an amount: the balance.
    expect((await admin(number, 'payments', {})).body.order).toMatchObject({
      paymentStatus: 'PAID',
      amountPaid: before.total,
    });
    await expectRefused(number, 'payments', {}, 409, 'nothingOwed');
    await expectRefused(number, 'payments', { amount: 5, reference: 'WIRE-1' }, 409, 'duplicateReference');
    // An extra payment is a credit the seller owes back; refunding it settles the order again.
    expect((await admin(number, 'payments', { amount: 500 })).body.order.paymentStatus).toBe('CREDIT_DUE');
    expect((await admin(number, 'refunds', {})).body).toMatchObject({
      order: { paymentStatus: 'PAID', amountPaid: before.total },
      refund: { amount: 500 },
    });
    await expectRefused(number, 'refunds', { amount: before.total + 1 }, 409, 'refundExceedsPaid');
    await expectRefused(number, 'payments', { amount: 1.5 }, 400, 'validationFailed');
    await expectRefused(number, 'payments', { amount: 0 }, 400, 'validationFailed');
    const events = (await eventsOf(number)).filter((e) => e.kind === 'PAYMENT' || e.kind === 'REFUND');
    expect(events.map((e) => [e.kind, e.fromStatus, e.toStatus, e.detail?.actor])).toEqual([
      ['PAYMENT', 'UNPAID', 'PARTIALLY_PAID', 'accounts'],
      ['PAYMENT', 'PARTIALLY_PAID', 'PAID', 'seller'],
      ['PAYMENT', 'PAID', 'CREDIT_DUE', 'seller'],
      ['REFUND', 'CREDIT_DUE', 'PAID', 'seller'],
    ]);
    const seller = (await call('GET', `/admin/orders/${number}`)).body;
    expect(seller.ledger.map((r: { kind: string; amount: number }) => [r.kind, r.amount])).toEqual([
      ['PAYMENT', part],
      ['PAYMENT', before.total - part],
      ['PAYMENT', 500],
      ['REFUND', 500],
    ]);
    expect(seller.balance).toMatchObject({ paid: before.total, balanceDue: 0, creditDue: 0 });
  });

  it('owes back what was paid for an order the seller cancels, until it is refunded', async () => {
    const { number } = await placedOrder([1]);
    const { total } = await orderRow(number);
    await admin(number, 'payments', {});
    expect((await admin(number, 'cancel-lines', {})).body.order).toMatchObject({
      status: 'CANCELED',
      paymentStatus: 'CREDIT_DUE',
      amountPaid: total,
    });
    expect((await admin(number, 'refunds', {})).body.order).toMatchObject({
      status: 'CANCELED',
      paymentStatus: 'REFUNDED',
      amountPaid: 0,
    });
  });

  it('sets the fulfilment status outright, but not to CANCELED (that goes through cancel-lines)', async () => {
    const { number } = await placedOrder([1]);
    const held = await admin(number, 'status', { status: 'ON_HOLD' });
    expect(held.body.order.status).toBe('ON_HOLD');
    expect((await eventsOf(number)).at(-1)).toMatchObject({
      kind: 'STATUS_SET',
      userId: null,
      fromStatus: 'UNSHIPPED',
      toStatus: 'ON_HOLD',
    });
    await expectRefused(number, 'status', { status: 'ON_HOLD' }, 409, 'unchanged');
    await expectRefused(number, 'status', { status: 'CANCELED' }, 409, 'cancelWithLines', /orders cancel-lines/);
    await expectRefused(number, 'status', { status: 'LOST' }, 400, 'validationFailed');
  });
});

describe('the demo seed', () => {
  it('gives the demo buyer one order of each kind, made by the fulfilment service with its events', async () => {
    const list = (await call('GET', '/admin/orders?email=buyer@example.com')).body as {
      phonexOrderNumber: string;
      status: string;
      paymentStatus: string;
    }[];
    const byKind = (suffix: string) => list.find((o) => o.phonexOrderNumber.endsWith(`-${suffix}`))!;
    expect(byKind('SHIP')).toMatchObject({ status: 'SHIPPED' });
    expect(byKind('INVC')).toMatchObject({ status: 'INVOICED', paymentStatus: 'PARTIALLY_PAID' });
    expect(byKind('PART')).toMatchObject({ status: 'PARTIALLY_SHIPPED' });
    expect(byKind('CANC')).toMatchObject({ status: 'CANCELED' });
    expect(byKind('PAID')).toMatchObject({ status: 'UNSHIPPED', paymentStatus: 'PAID' });
    const shipped = (await call('GET', `/admin/orders/${byKind('SHIP').phonexOrderNumber}`)).body;
    expect(shipped.shipments).toHaveLength(2);
    expect(shipped.events.map((e: { kind: string }) => e.kind)).toEqual(['CREATED', 'SHIPPED', 'SHIPPED']);
    const invoiced = (await call('GET', `/admin/orders/${byKind('INVC').phonexOrderNumber}`)).body;
    expect(invoiced.invoices).toHaveLength(2);
    expect(invoiced.invoices.reduce((n: number, i: { amount: number }) => n + i.amount, 0)).toBe(invoiced.order.total);
  });
});
