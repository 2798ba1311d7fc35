import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, isNotNull } from 'drizzle-orm';
import { orderDrafts, orderEvents, orderLines, orders, stockItems } from '../../server/marketplace/db/schema';
import { DEMO_PASSWORD } from '../../server/marketplace/db/seed/users';
import type { Selection } from '../../app/domain/checkout/selection';
import pino from 'pino';
import { orderDetailsLoader } from '../../app/routes/_app.orders.$orderNumber/order-details.server';
import { accessToken, apiCaller, portalContext, startTestMarketplace, submitOrder } from './harness';
import { buyerSession } from './support/signed-in';
import { answerData } from '../support/route-answer';

let harness: Awaited<ReturnType<typeof startTestMarketplace>>;
let call: ReturnType<typeof apiCaller>;
let buyers = 0;

async function stockOf(inw: string) {
  const [row] = await harness.database.db
    .select({ q: stockItems.quantityAvailable })
    .from(stockItems)
    .where(eq(stockItems.itemNumberWarehouse, inw));
  return row!.q;
}

/** A new buyer with an order of `lines` lines (2, 3, 4… units, increment 1) placed on hold or released. */
async function placed(readyToRelease = false, lines = 2) {
  const email = `orders${++buyers}@example.com`;
  await call('POST', '/admin/users', { body: { email, password: DEMO_PASSWORD, authorities: ['CAN_BUY_ONLINE'] } });
  const token = await accessToken(call, email, DEMO_PASSWORD);
  const rows = await harness.database.db
    .select({ inw: stockItems.itemNumberWarehouse, listPrice: stockItems.listPrice })
    .from(stockItems)
    .where(
      and(
        eq(stockItems.warehouseCode, 'MIA'),
        gt(stockItems.quantityAvailable, lines > 2 ? 0 : 20),
        isNotNull(stockItems.listPrice),
        eq(stockItems.incrementSize, 1),
      ),
    )
    .orderBy(stockItems.id)
    .limit(lines)
    .offset(lines > 2 ? 0 : buyers * 2);
  const { orderNumber, selection, offerIds } = await submitOrder(
    call,
    token,
    rows.map((row, i) => ({ inw: row.inw, listPrice: row.listPrice, quantity: lines > 2 ? 1 : i + 2 })),
    { readyToRelease },
  );
  expect(offerIds.filter(Boolean)).toHaveLength(lines);
  const details = (await call('GET', `/orders/${orderNumber}`, { token })).body;
  return { email, token, orderNumber, details, rows: rows as { inw: string; listPrice: number }[], selection };
}

beforeAll(async () => {
  harness = await startTestMarketplace({ items: 1500 });
  call = apiCaller(harness.marketplace);
});
afterAll(() => harness.close());

describe('order details and changes through the tenant API', () => {
  it('reads an order with its lines, options, permissions and no pending changes; another buyer gets a 404', async () => {
    const { token, orderNumber, details } = await placed();
    expect(details.salesOrder).toMatchObject({
      phonexOrderNumber: orderNumber,
      fulfillmentStatus: 'ON_HOLD',
      paymentStatus: 'UNPAID',
      version: 1,
      totalOrderedQuantity: 5,
    });
    expect(details.salesOrder.items.map((i: { orderedQuantity: number }) => i.orderedQuantity)).toEqual([2, 3]);
    expect(details.permission).toMatchObject({
      canIncreaseOrderedQuantity: true,
      canCancelOrder: true,
      canPayAndShipNow: true,
    });
    expect(details.orderOptions.paymentMethods.length).toBeGreaterThan(0);
    expect(details.pending).toMatchObject({ count: 0, baseVersion: 1 });
    const other = await placed();
    expect((await call('GET', `/orders/${orderNumber}`, { token: other.token })).status).toBe(404);
    expect(
      (
        await call('PUT', `/orders/${orderNumber}/draft`, {
          token: other.token,
          body: { change: { kind: 'remove', lineId: details.salesOrder.items[0].id } },
        })
      ).status,
    ).toBe(404);
    expect((await call('GET', `/orders/${orderNumber}`, { token })).status).toBe(200);
  });

  it("shows each line's available quantity as the stock is now, after a change to the stock since the last read", async () => {
    const { token, orderNumber, details, rows } = await placed();
    const available = (d: typeof details) =>
      d.salesOrder.items.map((i: { availableQuantity: number }) => i.availableQuantity);
    expect(available(details)).toEqual([await stockOf(rows[0]!.inw), await stockOf(rows[1]!.inw)]);
    await harness.marketplace.deps.stockChanges.apply(
      [{ participantId: 'acme', itemNumberWarehouse: rows[0]!.inw, quantityAvailable: 7 }],
      'test',
    );
    const after = (await call('GET', `/orders/${orderNumber}`, { token })).body;
    expect(available(after)[0]).toBe(7);
  });

  it('keeps changes pending, checks each against the line rules, and saves them at once with stock and charges', async () => {
    const { token, orderNumber, details, rows } = await placed();
    const [first, second] = details.salesOrder.items as { id: number; availableQuantity: number; unitPrice: number }[];
    const change = (body: unknown) => call('PUT', `/orders/${orderNumber}/draft`, { token, body: { change: body } });
    expect((await change({ kind: 'line', lineId: first!.id, quantity: 'x' })).body.message).toBe(
      'Invalid order quantity',
    );
    expect(
      (await change({ kind: 'line', lineId: first!.id, quantity: String(2 + first!.availableQuantity + 1) })).body
        .message,
    ).toBe('Not enough quantity');
    expect((await change({ kind: 'line', lineId: first!.id, quantity: '0' })).body.message).toBe('Invalid quantity');
    expect((await change({ kind: 'line', lineId: 999999, quantity: '1' })).status).toBe(422);
    expect((await change({ kind: 'line', lineId: first!.id, quantity: '4' })).body).toEqual({ count: 1 });
    expect((await change({ kind: 'remove', lineId: second!.id })).body).toEqual({ count: 2 });
    const pending = (await call('GET', `/orders/${orderNumber}`, { token })).body;
    expect(pending.pending.count).toBe(2);
    expect(pending.salesOrder.items.map((i: { pendingQuantity: number | null }) => i.pendingQuantity)).toEqual([4, 0]);
    expect(pending.preview.charges.subtotal).toBe(first!.unitPrice * 4);
    // Nothing is saved yet.
    expect(pending.salesOrder.charges.subtotal).toBe(first!.unitPrice * 2 + second!.unitPrice * 3);

    const stockBefore = [await stockOf(rows[0]!.inw), await stockOf(rows[1]!.inw)];
    const saved = await call('PUT', `/orders/${orderNumber}`, { token, body: { version: 1, action: 'SAVE' } });
    expect(saved.body).toMatchObject({ status: 'SUCCESS', count: 2, fulfillmentStatus: 'ON_HOLD' });
    const after = (await call('GET', `/orders/${orderNumber}`, { token })).body;
    expect(after.salesOrder.items.map((i: { orderedQuantity: number }) => i.orderedQuantity)).toEqual([4]);
    expect(after.salesOrder).toMatchObject({ version: 2, charges: { subtotal: first!.unitPrice * 4 } });
    expect(after.pending.count).toBe(0);
    expect([await stockOf(rows[0]!.inw), await stockOf(rows[1]!.inw)]).toEqual([
      stockBefore[0]! - 2,
      stockBefore[1]! + 3,
    ]);
    // A replay of the same save names the old version: refused, nothing changes twice.
    expect(
      (await call('PUT', `/orders/${orderNumber}`, { token, body: { version: 1, action: 'SAVE' } })).body.messageCode,
    ).toBe('outdatedSalesOrder');
  });

  it('removing every line cancels the order, which then takes no change', async () => {
    const { token, orderNumber, details } = await placed();
    const [first, second] = details.salesOrder.items as { id: number }[];
    await call('PUT', `/orders/${orderNumber}/draft`, {
      token,
      body: { change: { kind: 'remove', lineId: first!.id } },
    });
    await call('PUT', `/orders/${orderNumber}/draft`, {
      token,
      body: { change: { kind: 'remove', lineId: second!.id } },
    });
    const saved = await call('PUT', `/orders/${orderNumber}`, { token, body: { version: 1, action: 'SAVE' } });
    expect(saved.body).toMatchObject({
      fulfillmentStatus: 'CANCELED',
      description: 'Your order canceled successfully',
    });
    // A canceled order takes no change.
    expect(
      (
        await call('PUT', `/orders/${orderNumber}/draft`, {
          token,
          body: { change: { kind: 'line', lineId: first!.id, quantity: '1' } },
        })
      ).status,
    ).toBe(403);
  });

  it('a save against an older version is outdated and forgets the pending changes', async () => {
    const { token, orderNumber, details } = await placed();
    const [first] = details.salesOrder.items as { id: number }[];
    await call('PUT', `/orders/${orderNumber}/draft`, {
      token,
      body: { change: { kind: 'line', lineId: first!.id, quantity: '3' } },
    });
    // Another session of the same order moves it on.
    await harness.database.db.update(orders).set({ version: 2 }).where(eq(orders.phonexOrderNumber, orderNumber));
    const stale = await call('PUT', `/orders/${orderNumber}`, { token, body: { version: 2, action: 'SAVE' } });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(
      'Your order was recently updated and your changes are not up to date. Please review your changes and try again.',
    );
    expect(await harness.database.db.select().from(orderDrafts)).toHaveLength(0);
  });

  it('releases an order to the configured status and cancels one with every unit back in stock, each an event', async () => {
    const released = await placed();
    const r = await call('PUT', `/orders/${released.orderNumber}`, {
      token: released.token,
      body: { version: 1, action: 'RELEASE' },
    });
    expect(r.body).toMatchObject({ status: 'SUCCESS', fulfillmentStatus: 'UNSHIPPED' });
    const again = (await call('GET', `/orders/${released.orderNumber}`, { token: released.token })).body;
    expect(again.permission).toMatchObject({
      canIncreaseOrderedQuantity: false,
      canPayAndShipNow: false,
      canCancelOrder: true,
    });
    expect(
      (
        await call('PUT', `/orders/${released.orderNumber}`, {
          token: released.token,
          body: { version: 2, action: 'RELEASE' },
        })
      ).status,
    ).toBe(403);

    const canceled = await placed();
    const before = await stockOf(canceled.rows[1]!.inw);
    const c = await call('PUT', `/orders/${canceled.orderNumber}`, {
      token: canceled.token,
      body: { version: 1, action: 'CANCEL' },
    });
    expect(c.body).toMatchObject({ fulfillmentStatus: 'CANCELED' });
    expect(await stockOf(canceled.rows[1]!.inw)).toBe(before + 3);
    const [order] = await harness.database.db
      .select()
      .from(orders)
      .where(eq(orders.phonexOrderNumber, canceled.orderNumber));
    // As when the seller cancels: every unit a canceled unit of its line, nothing charged, nothing asked for.
    const lines = await harness.database.db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    expect(lines.map((l) => l.canceledQuantity)).toEqual(lines.map((l) => l.quantity));
    expect(order).toMatchObject({ subtotal: 0, freight: 0, tax: 0, total: 0, paymentStatus: 'NOTHING_DUE' });
    const events = await harness.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order!.id));
    expect(events.map((e) => [e.kind, e.fromStatus, e.toStatus])).toEqual([
      ['CREATED', null, 'ON_HOLD'],
      ['CANCELED', 'ON_HOLD', 'CANCELED'],
    ]);
    const placedTotal = (events[1]!.detail as { totalBefore: number }).totalBefore;
    expect(placedTotal).toBeGreaterThan(0);
    expect(events[1]!.detail).toMatchObject({ totalAfter: 0 });
  });

  it('holds a changed shipping choice as one change, checked by the rules, and saves the new charges', async () => {
    const { token, orderNumber, details, selection } = await placed();
    const change = (rows: string[], s: Selection) =>
      call('PUT', `/orders/${orderNumber}/draft`, { token, body: { change: { kind: 'rows', rows, selection: s } } });
    expect((await change(['paymentMethod'], { ...selection, paymentMethodCode: null })).status).toBe(422);
    expect((await change(['shippingMethod'], { ...selection, insured: true, insuredAmount: 100_00 })).body).toEqual({
      count: 1,
    });
    const pending = (await call('GET', `/orders/${orderNumber}`, { token })).body;
    expect(pending.preview.charges.total).toBeGreaterThan(details.salesOrder.charges.total);
    await call('PUT', `/orders/${orderNumber}`, { token, body: { version: 1, action: 'SAVE' } });
    const saved = (await call('GET', `/orders/${orderNumber}`, { token })).body;
    expect(saved.salesOrder.selection).toMatchObject({ insured: true, insuredAmount: 100_00 });
    expect(saved.salesOrder.charges.total).toBe(pending.preview.charges.total);
    // Discarding reports how many changes went.
    await change(['paymentMethod'], { ...selection, insured: true, insuredAmount: 100_00, paymentMethodCode: 'COD' });
    expect((await call('DELETE', `/orders/${orderNumber}/draft`, { token })).body).toEqual({ count: 1 });
  });

  it("prices each shipping method of the order's address as checkout does, and a change counts only once saved", async () => {
    const { token, orderNumber, details, selection } = await placed();
    const address = details.orderOptions.shippingAddresses.find(
      (a: { id: number }) => a.id === selection.shippingAddressId,
    );
    // Five devices: what checkout quotes for five (tests/integration/checkout.test.ts), from the same rule.
    expect(address.freights).toMatchObject({ ACME_STANDARD_SHIPPING: 27_50, ACME_EXPRESS_SHIPPING: 46_00 });
    expect(details.salesOrder.charges.freight).toBe(address.freights[selection.shippingMethodCode!]);
    const express = { ...selection, shippingMethodCode: 'ACME_EXPRESS_SHIPPING', insured: false, insuredAmount: null };
    await call('PUT', `/orders/${orderNumber}/draft`, {
      token,
      body: { change: { kind: 'rows', rows: ['shippingMethod'], selection: express } },
    });
    const pending = (await call('GET', `/orders/${orderNumber}`, { token })).body;
    expect(pending.preview.charges.freight).toBe(46_00);
    // Shown, not yet counted: the order keeps its charges until the buyer saves.
    expect(pending.salesOrder.charges).toEqual(details.salesOrder.charges);
  });

  it('forgets unsaved changes nobody came back to within 30 days, and keeps the rest', async () => {
    const { token, orderNumber, details } = await placed();
    await call('PUT', `/orders/${orderNumber}/draft`, {
      token,
      body: { change: { kind: 'line', lineId: details.salesOrder.items[0].id, quantity: '3' } },
    });
    const kept = await harness.database.db.select().from(orderDrafts);
    expect(kept.length).toBeGreaterThan(0);
    await harness.marketplace.deps.jobs.runNow('draft-cleanup', new Date(Date.now() + 29 * 24 * 3_600_000));
    expect(await harness.database.db.select().from(orderDrafts)).toHaveLength(kept.length);
    await harness.marketplace.deps.jobs.runNow('draft-cleanup', new Date(Date.now() + 31 * 24 * 3_600_000));
    expect(await harness.database.db.select().from(orderDrafts)).toHaveLength(0);
  });

  it('the page shows the first 100 lines and Show more the next, always with the line being edited; the totals count them all', async () => {
    const { email, orderNumber, details } = await placed(false, 120);
    const context = { ...portalContext(harness.marketplace.fetch), logger: pino({ level: 'silent' }) };
    const { cookie } = await buyerSession(context, email);
    const load = async (search: string) => {
      const response = await orderDetailsLoader({
        request: new Request(`http://portal/orders/${orderNumber}${search}`, { headers: { cookie } }),
        context,
        params: { orderNumber },
      });
      return answerData<{
        totalItems: number;
        pages: number;
        editLine: number | null;
        details: { salesOrder: { items: unknown[]; charges: { subtotal: number } } };
      }>(response);
    };
    const first = await load('');
    expect(first).toMatchObject({ totalItems: 120, pages: 1 });
    expect(first.details.salesOrder.items).toHaveLength(100);
    expect(first.details.salesOrder.charges.subtotal).toBe(details.salesOrder.charges.subtotal);
    expect((await load('?lines=2')).details.salesOrder.items).toHaveLength(120);
    expect((await load('?lines=-3')).details.salesOrder.items).toHaveLength(100);
    const last = details.salesOrder.items[119].id;
    const editing = await load(`?line=${last}`);
    expect(editing).toMatchObject({ editLine: last, pages: 2 });
    expect(editing.details.salesOrder.items).toHaveLength(120);
  });
});
