import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { orderLines, orders, paymentLedger } from '../../server/marketplace/db/schema';
import { DEMO_PASSWORD } from '../../server/marketplace/db/seed/users';
import { EMPTY_SELECTION } from '../../app/domain/checkout/selection';
import { createAwardedOrders } from '../../server/marketplace/services/orders/awarded-orders';
import { createCartService } from '../../server/marketplace/services/offers/cart';
import { createCheckoutService } from '../../server/marketplace/services/checkout/checkout';
import { createPreorderAllocation } from '../../server/marketplace/services/preorders/preorder-allocation';
import { createPreorders } from '../../server/marketplace/services/preorders/preorders';
import { accessToken, apiCaller, readOutbox, startTestMarketplace } from './harness';

/**
 * Pre-orders on the marketplace (issue 53): commitments checked against the pre-order's terms and
 * cut-off, kept to their buyer; the allocation by the tenant's rule, made once, each share an order
 * with the buyer's preferences (on hold without them) and an e-mail of allocated against requested.
 */
let harness: Awaited<ReturnType<typeof startTestMarketplace>>;
let call: ReturnType<typeof apiCaller>;
beforeAll(async () => {
  harness = await startTestMarketplace({ items: 20 });
  call = apiCaller(harness.marketplace);
});
afterAll(() => harness.close());

let count = 0;
async function newBuyer(authorities = ['CAN_BUY_ONLINE']) {
  const email = `pre${++count}@example.com`;
  await call('POST', '/admin/users', { body: { email, password: DEMO_PASSWORD, authorities } });
  return { email, token: await accessToken(call, email, DEMO_PASSWORD) };
}
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
async function announce(terms: Record<string, unknown> = {}) {
  const { status, body } = await call('POST', '/admin/preorders', {
    body: {
      warehouseCode: 'MIA',
      itemNumber: `PRE-${++count}`,
      model: 'iPhone 15',
      grade: 'A',
      capacity: '128GB',
      expectedQuantity: 100,
      expectedDate: '2027-01-15',
      unitPrice: 42_000,
      minimumCommitment: 5,
      cutOff: inDays(7),
      ...terms,
    },
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return body.id as number;
}
const commit = (token: string, id: number, body: unknown) =>
  call('PUT', `/preorders/${id}/commitment`, { token, body });

describe('pre-orders', () => {
  it('lists the open ones; a commitment below the minimum, above the expected quantity or without its maximum price is refused with its field', async () => {
    const buyer = await newBuyer();
    const id = await announce();
    const range = await announce({ unitPrice: undefined, priceMin: 40_000, priceMax: 45_000 });
    const listed = (await call('GET', '/preorders', { token: buyer.token })).body;
    expect(listed.preorders.map((p: { id: number }) => p.id)).toEqual(expect.arrayContaining([id, range]));
    for (const [quantity, key] of [
      [4, 'preorders.errors.belowMinimum'],
      [101, 'preorders.errors.aboveExpected'],
    ] as const) {
      const refused = await commit(buyer.token, id, { quantity });
      expect(refused.status).toBe(422);
      expect(refused.body.params).toEqual({ field: 'quantity', key });
    }
    expect((await commit(buyer.token, id, { quantity: 2.5 })).status).toBe(400);
    expect((await commit(buyer.token, range, { quantity: 5 })).body.params).toEqual({
      field: 'maxUnitPrice',
      key: 'preorders.errors.priceRequired',
    });
    expect((await commit(buyer.token, range, { quantity: 5, maxUnitPrice: 39_999 })).body.params.key).toBe(
      'preorders.errors.priceBelowRange',
    );
    expect((await call('GET', '/preorders', { token: buyer.token })).body.commitments).toEqual([]);
  });

  it("refuses the seller's announcement of an unknown participant or warehouse with a 422 naming it, never a 500", async () => {
    for (const [terms, field] of [
      [{ participantId: 'NO-SUCH-PARTICIPANT' }, 'participantId'],
      [{ warehouseCode: 'NOWHERE' }, 'warehouseCode'],
    ] as const) {
      const refused = await call('POST', '/admin/preorders', {
        body: {
          warehouseCode: 'MIA',
          itemNumber: 'PRE-X',
          model: 'iPhone 15',
          grade: 'A',
          ...terms,
          expectedQuantity: 10,
          expectedDate: '2027-01-15',
          unitPrice: 100,
          cutOff: inDays(7),
        },
      });
      expect([refused.status, refused.body.message.split(':')[0]]).toEqual([422, field]);
    }
  });

  it('refuses a buyer without the authority to buy, and anything past the cut-off', async () => {
    const viewer = await newBuyer([]);
    const id = await announce();
    expect((await commit(viewer.token, id, { quantity: 5 })).body.params.key).toBe('preorders.errors.notAllowed');
    const buyer = await newBuyer();
    const past = await announce({ cutOff: inDays(-1) });
    expect((await commit(buyer.token, past, { quantity: 5 })).body.params.key).toBe('preorders.errors.closed');
    expect(
      (await call('GET', '/preorders', { token: buyer.token })).body.preorders.map((p: { id: number }) => p.id),
    ).not.toContain(past);
  });

  it("keeps each commitment to its buyer: another buyer's withdrawal finds nothing and changes nothing", async () => {
    const [a, b] = [await newBuyer(), await newBuyer()];
    const id = await announce();
    expect((await commit(a.token, id, { quantity: 10 })).body).toMatchObject({ quantity: 10, state: 'OPEN' });
    expect((await call('DELETE', `/preorders/${id}/commitment`, { token: b.token })).status).toBe(404);
    expect((await call('GET', '/preorders', { token: b.token })).body.commitments).toEqual([]);
    const mine = (await call('GET', '/preorders', { token: a.token })).body.commitments;
    expect(mine).toMatchObject([{ preorderId: id, quantity: 10, state: 'OPEN' }]);
    // Withdrawn twice: the second changes nothing; committing again reopens it.
    expect((await call('DELETE', `/preorders/${id}/commitment`, { token: a.token })).body.state).toBe('WITHDRAWN');
    expect((await call('DELETE', `/preorders/${id}/commitment`, { token: a.token })).body.state).toBe('WITHDRAWN');
    expect((await commit(a.token, id, { quantity: 12 })).body).toMatchObject({ quantity: 12, state: 'OPEN' });
  });

  it('allocates pro rata once: orders with the preferences or on hold without them, the rest not allocated, an e-mail each', async () => {
    await call('POST', '/admin/preorders/settings', { body: { allocationRule: 'PRO_RATA' } });
    const [withPrefs, without, tooCheap] = [await newBuyer(), await newBuyer(), await newBuyer()];
    const options = (await call('GET', '/preferences/options', { token: withPrefs.token })).body;
    const selection = {
      ...EMPTY_SELECTION,
      shippingAddressId: options.shippingAddresses[0].id,
      shippingMethodCode: 'ACME_STANDARD_SHIPPING',
      insured: false,
      billingAddressId: options.billingAddresses[0].id,
      paymentMethodCode: 'WIRE_TRANSFER',
    };
    expect((await call('POST', '/preferences', { token: withPrefs.token, body: { selection } })).status).toBe(200);
    const id = await announce({ unitPrice: undefined, priceMin: 40_000, priceMax: 45_000 });
    await commit(withPrefs.token, id, { quantity: 30, maxUnitPrice: 45_000 });
    await commit(without.token, id, { quantity: 10, maxUnitPrice: 44_000 });
    await commit(tooCheap.token, id, { quantity: 50, maxUnitPrice: 41_000 });

    const allocate = () =>
      call('POST', `/admin/preorders/${id}/allocate`, { body: { quantity: 20, unitPrice: 43_000 } });
    const first = await allocate();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // 20 units for 30 + 10 asked at 430.00 (the third's maximum is below it): 15 and 5.
    expect(first.body).toMatchObject({ status: 'ALLOCATED', allocationRule: 'PRO_RATA', unitPrice: 43_000 });
    const byEmail = Object.fromEntries(first.body.commitments.map((c: { email: string }) => [c.email, c])) as Record<
      string,
      { state: string; allocatedQuantity: number; orderNumber: string | null }
    >;
    expect(byEmail[withPrefs.email]).toMatchObject({ state: 'ALLOCATED', allocatedQuantity: 15 });
    expect(byEmail[without.email]).toMatchObject({ state: 'ALLOCATED', allocatedQuantity: 5 });
    expect(byEmail[tooCheap.email]).toMatchObject({ state: 'NOT_ALLOCATED', allocatedQuantity: 0, orderNumber: null });

    const db = harness.database.db;
    const orderOf = async (orderNumber: string) => {
      const [order] = await db.select().from(orders).where(eq(orders.phonexOrderNumber, orderNumber));
      const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
      return { order: order!, lines };
    };
    const released = await orderOf(byEmail[withPrefs.email]!.orderNumber!);
    expect(released.order.status).toBe('UNSHIPPED');
    expect(released.order.paymentMethodCode).toBe('WIRE_TRANSFER');
    expect(released.order.subtotal).toBe(15 * 43_000);
    expect(released.order.total).toBeGreaterThanOrEqual(released.order.subtotal);
    expect(released.lines).toMatchObject([{ quantity: 15, unitPrice: 43_000, description: 'iPhone 15 128GB A' }]);
    const waiting = await orderOf(byEmail[without.email]!.orderNumber!);
    expect(waiting.order).toMatchObject({ status: 'ON_HOLD', shipping: null, subtotal: 5 * 43_000, total: 5 * 43_000 });
    // The buyer sees it among their orders, with its link from the commitment.
    const mine = (await call('GET', '/preorders', { token: without.token })).body.commitments[0];
    expect(mine).toMatchObject({
      state: 'ALLOCATED',
      allocatedQuantity: 5,
      orderNumber: waiting.order.phonexOrderNumber,
    });
    expect((await call('GET', `/orders/${waiting.order.phonexOrderNumber}`, { token: without.token })).status).toBe(
      200,
    );

    // Replayed: nothing changes twice.
    const ordersBefore = (await db.select({ id: orders.id }).from(orders)).length;
    const ledgerBefore = (await db.select({ id: paymentLedger.id }).from(paymentLedger)).length;
    const again = await allocate();
    expect(again.status).toBe(200);
    expect(again.body.commitments).toEqual(first.body.commitments);
    expect((await db.select({ id: orders.id }).from(orders)).length).toBe(ordersBefore);
    expect((await db.select({ id: paymentLedger.id }).from(paymentLedger)).length).toBe(ledgerBefore);
    expect(
      (
        await allocate().then(() =>
          call('POST', `/admin/preorders/${id}/allocate`, { body: { quantity: 21, unitPrice: 43_000 } }),
        )
      ).status,
    ).toBe(409);

    const mails = readOutbox(harness.outboxDir);
    const to = (email: string) => mails.filter((m) => m.to === email);
    expect(to(withPrefs.email)).toHaveLength(1);
    expect(to(withPrefs.email)[0]!.subject).toContain('15 of 30 units allocated');
    expect(to(without.email)[0]!.text).toContain(waiting.order.phonexOrderNumber);
    expect(to(tooCheap.email)).toHaveLength(1);
    expect(to(tooCheap.email)[0]!.text).toContain('above your maximum price');
  });

  it('is canceled by the seller with a reason: its buyers see it and get one e-mail, nothing is allocated, a replay changes nothing', async () => {
    const [committed, withdrawn] = [await newBuyer(), await newBuyer()];
    const id = await announce();
    await commit(committed.token, id, { quantity: 10 });
    await commit(withdrawn.token, id, { quantity: 10 });
    await call('DELETE', `/preorders/${id}/commitment`, { token: withdrawn.token });
    const cancel = (reason: unknown) => call('POST', `/admin/preorders/${id}/cancel`, { body: { reason } });
    expect((await cancel('')).status).toBe(400);
    expect((await cancel('x'.repeat(501))).status).toBe(400);
    expect((await call('POST', '/admin/preorders/999999/cancel', { body: { reason: 'Lost' } })).status).toBe(404);

    const reason = 'The shipment was lost at sea';
    const canceled = await cancel(reason);
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ status: 'CANCELED', cancelReason: reason });
    expect(canceled.body.commitments.map((c: { state: string }) => c.state).sort()).toEqual(['CANCELED', 'WITHDRAWN']);
    const mine = (await call('GET', '/preorders', { token: committed.token })).body;
    expect(mine.preorders.map((p: { id: number }) => p.id)).not.toContain(id);
    expect(mine.commitments.find((c: { preorderId: number }) => c.preorderId === id)).toMatchObject({
      state: 'CANCELED',
      preorder: { status: 'CANCELED', cancelReason: reason },
    });
    expect((await commit(committed.token, id, { quantity: 12 })).body.params.key).toBe('preorders.errors.closed');
    expect((await call('POST', `/admin/preorders/${id}/allocate`, { body: { quantity: 10 } })).status).toBe(409);

    // Cancelling again changes nothing and e-mails nobody twice.
    expect((await cancel('Another reason')).body.cancelReason).toBe(reason);
    await harness.marketplace.deps.jobs.runNow('preorder-allocation');
    const to = (email: string) => readOutbox(harness.outboxDir).filter((m) => m.to === email);
    expect(to(committed.email).map((m) => m.subject)).toEqual([
      'ACME Wholesale Devices: the pre-order of iPhone 15 128GB A was canceled',
    ]);
    expect(to(committed.email)[0]!.text).toContain(`The seller’s reason: ${reason}`);
    expect(to(withdrawn.email)).toEqual([]);

    const allocated = await announce();
    await commit(committed.token, allocated, { quantity: 5 });
    await call('POST', `/admin/preorders/${allocated}/allocate`, { body: { quantity: 5 } });
    const late = await call('POST', `/admin/preorders/${allocated}/cancel`, { body: { reason } });
    expect(late.status).toBe(409);
    expect(late.body.messageCode).toBe('preorderAllocated');
  });

  it('first come first served fills the earlier commitment first', async () => {
    await call('POST', '/admin/preorders/settings', { body: { allocationRule: 'FIRST_COME' } });
    const [early, late] = [await newBuyer(), await newBuyer()];
    const id = await announce();
    await commit(early.token, id, { quantity: 8 });
    await commit(late.token, id, { quantity: 8 });
    const { body } = await call('POST', `/admin/preorders/${id}/allocate`, { body: { quantity: 10 } });
    expect(
      body.commitments.map((c: { email: string; allocatedQuantity: number }) => [c.email, c.allocatedQuantity]),
    ).toEqual([
      [early.email, 8],
      [late.email, 2],
    ]);
  });

  it('allocates once when two runs overlap (a replica whose lease ran out mid-run): one order a commitment, one e-mail', async () => {
    const deps = harness.marketplace.deps;
    const allocation = createPreorderAllocation(
      deps,
      createAwardedOrders(deps, createCheckoutService(deps, createCartService(deps))),
    );
    const [a, b] = [await newBuyer(), await newBuyer()];
    const id = await announce();
    await commit(a.token, id, { quantity: 6 });
    await commit(b.token, id, { quantity: 6 });
    await createPreorders(deps).arrive(id, { quantity: 10 });
    await Promise.all([allocation.run(), allocation.run()]);
    const { body } = await call('GET', `/admin/preorders/${id}`);
    expect(body.commitments.map((c: { allocatedQuantity: number }) => c.allocatedQuantity)).toEqual([6, 4]);
    const keys = body.commitments.map((c: { id: number }) => `preorder-commitment:${c.id}`);
    const made = await harness.database.db
      .select({ buyerId: orders.buyerId })
      .from(orders)
      .where(inArray(orders.idempotencyKey, keys));
    expect(made).toHaveLength(2);
    for (const who of [a, b]) expect(readOutbox(harness.outboxDir).filter((m) => m.to === who.email)).toHaveLength(1);
  });
});
