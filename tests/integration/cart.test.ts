import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkoutDrafts, stockItems, users, warehouses } from '../../server/marketplace/db/schema';
import { CHECKOUT_DRAFT_LIFETIME_MS, createCartService } from '../../server/marketplace/services/offers/cart';
import { DEMO_PASSWORD } from '../../server/marketplace/db/seed/users';
import { accessToken, apiCaller, startTestMarketplace } from './harness';
import { suppliedItems } from './support/ordering';

let harness: Awaited<ReturnType<typeof startTestMarketplace>>;
let call: ReturnType<typeof apiCaller>;

async function items(warehouse: string, count: number) {
  const rows = await suppliedItems(harness.database.db, warehouse, { limit: count });
  return rows as { inw: string; listPrice: number }[];
}

async function newBuyer(email: string, extra: Record<string, unknown> = {}) {
  await call('POST', '/admin/users', {
    body: { email, password: DEMO_PASSWORD, authorities: ['CAN_BUY_ONLINE'], ...extra },
  });
  return accessToken(call, email, DEMO_PASSWORD);
}

beforeAll(async () => {
  harness = await startTestMarketplace({ items: 400 });
  call = apiCaller(harness.marketplace);
});
afterAll(() => harness.close());

describe('the cart through the tenant API', () => {
  it('lists entries with their items, moves answered offers to the cart and checks out one warehouse', async () => {
    const token = await newBuyer('cart1@example.com');
    const [a, b] = await items('MIA', 2);
    const [other] = await items('LAX', 1);
    const buy = await call('POST', '/stocklist/offer', {
      token,
      body: { itemNumberWarehouse: a!.inw, offerQuantity: 2, offerPrice: a!.listPrice },
    });
    const offer = await call('POST', '/stocklist/offer', {
      token,
      body: { itemNumberWarehouse: b!.inw, offerQuantity: 3, offerPrice: b!.listPrice - 10 },
    });
    const elsewhere = await call('POST', '/stocklist/offer', {
      token,
      body: { itemNumberWarehouse: other!.inw, offerQuantity: 1, offerPrice: other!.listPrice },
    });
    await call('POST', `/admin/offers/${offer.body.offerId}/review`, {
      body: { action: 'counter', price: b!.listPrice - 5 },
    });

    const cart = await call('GET', '/cart/items', { token });
    expect(cart.body).toHaveLength(3);
    const countered = cart.body.find((i: { itemNumberWarehouse: string }) => i.itemNumberWarehouse === b!.inw);
    expect(countered).toMatchObject({
      warehouse: 'MIA',
      warehouseLabel: 'Miami',
      stocklistOffer: { offerStatus: 'COUNTERED', offerState: 'AWAITING_BUYER_REVIEW' },
    });

    expect(
      (await call('PUT', '/stocklist/offers/move-to-cart', { token, body: [buy.body.offerId] })).body.messageCode,
    ).toBe('notAwaitingBuyer');
    const moved = await call('PUT', '/stocklist/offers/move-to-cart', { token, body: [offer.body.offerId] });
    expect(moved.body[0]).toMatchObject({
      offerStatus: 'ACCEPTED',
      offerState: 'READY_TO_CHECKOUT',
      checkOutPrice: b!.listPrice - 5,
    });

    expect(
      (await call('POST', '/cart/cart-checkout/MIA', { token, body: [buy.body.offerId, elsewhere.body.offerId] })).body
        .messageCode,
    ).toBe('offerInOtherWarehouse');
    const checkout = await call('POST', '/cart/cart-checkout/MIA', {
      token,
      body: [buy.body.offerId, offer.body.offerId],
    });
    expect(checkout.status).toBe(200);
    expect(checkout.body.checkout).toMatchObject({
      warehouse: { code: 'MIA' },
      totalQuantity: 5,
      subtotal: 2 * a!.listPrice + 3 * (b!.listPrice - 5),
    });
    expect(checkout.body.onHoldSalesOrders).toEqual([]);
    const draft = await call('GET', `/cart/checkout/${checkout.body.checkoutId}`, { token });
    expect(draft.body.checkout.lines.map((l: { itemNumberWarehouse: string }) => l.itemNumberWarehouse).sort()).toEqual(
      [a!.inw, b!.inw].sort(),
    );
  });

  it('keeps one checkout draft per buyer and warehouse, expires it after a day, and the clean-up job deletes it', async () => {
    const token = await newBuyer('drafts@example.com');
    const other = await newBuyer('drafts-other@example.com');
    const [a, b] = await items('MIA', 2);
    const [c] = await items('LAX', 1);
    const place = async (who: string, inw: string, price: number) =>
      (
        await call('POST', '/stocklist/offer', {
          token: who,
          body: { itemNumberWarehouse: inw, offerQuantity: 1, offerPrice: price },
        })
      ).body.offerId as number;
    const first = await place(token, a!.inw, a!.listPrice);
    const second = await place(token, b!.inw, b!.listPrice);
    const lax = await place(token, c!.inw, c!.listPrice);
    const theirs = await place(other, a!.inw, a!.listPrice);
    const draftsOf = async () =>
      (await harness.database.db.select().from(checkoutDrafts)).filter((d) =>
        [first, second, lax, theirs].some((id) => d.offerIds.includes(id)),
      );

    const once = await call('POST', '/cart/cart-checkout/MIA', { token, body: [first] });
    const twice = await call('POST', '/cart/cart-checkout/MIA', { token, body: [first, second] });
    expect(twice.body.checkoutId).toBe(once.body.checkoutId);
    // The hand-off replaced the choice: the draft reads back the second selection.
    const read = await call('GET', `/cart/checkout/${once.body.checkoutId}`, { token });
    expect(read.body.checkout.lines.map((l: { offerId: number }) => l.offerId).sort()).toEqual([first, second].sort());
    const elsewhere = await call('POST', '/cart/cart-checkout/LAX', { token, body: [lax] });
    const theirDraft = await call('POST', '/cart/cart-checkout/MIA', { token: other, body: [theirs] });
    expect(new Set([once.body.checkoutId, elsewhere.body.checkoutId, theirDraft.body.checkoutId]).size).toBe(3);
    expect(await draftsOf()).toHaveLength(3);
    // Another buyer's draft id is not found.
    expect((await call('GET', `/cart/checkout/${theirDraft.body.checkoutId}`, { token })).status).toBe(404);

    // A day later the draft no longer reads back, and the clean-up job deletes it.
    await harness.database.db
      .update(checkoutDrafts)
      .set({ updatedAt: new Date(Date.now() - CHECKOUT_DRAFT_LIFETIME_MS - 1000) })
      .where(eq(checkoutDrafts.id, once.body.checkoutId));
    expect((await call('GET', `/cart/checkout/${once.body.checkoutId}`, { token })).status).toBe(404);
    expect((await call('POST', '/admin/jobs/draft-cleanup')).status).toBe(200);
    expect((await draftsOf()).map((d) => d.id).sort()).toEqual(
      [elsewhere.body.checkoutId, theirDraft.body.checkoutId].sort(),
    );
    // A new hand-off to the same warehouse starts a fresh draft.
    const again = await call('POST', '/cart/cart-checkout/MIA', { token, body: [second] });
    expect((await call('GET', `/cart/checkout/${again.body.checkoutId}`, { token })).status).toBe(200);
  });

  it('adds to an existing order only where an on-hold one is open, newest first; a released order takes none', async () => {
    const token = await newBuyer('cart2@example.com');
    const [a] = await items('MIA', 1);
    const placed = await call('POST', '/stocklist/offer', {
      token,
      body: { itemNumberWarehouse: a!.inw, offerQuantity: 1, offerPrice: a!.listPrice },
    });
    // Spec 3 §1, §2.2: "an existing unshipped (on-hold) order"; a released one is not offered.
    await call('POST', '/admin/orders', {
      body: { email: 'cart2@example.com', warehouseCode: 'MIA', status: 'UNSHIPPED' },
    });
    expect((await call('GET', '/cart/add-to-existing-order/warehouses', { token })).body).toEqual([]);
    expect(
      (await call('POST', '/cart/add-to-existing-order/MIA', { token, body: [placed.body.offerId] })).body.messageCode,
    ).toBe('noOpenOrder');
    const first = await call('POST', '/admin/orders', {
      body: { email: 'cart2@example.com', warehouseCode: 'MIA', status: 'ON_HOLD' },
    });
    // Held until a shipping quote is a hold too.
    const second = await call('POST', '/admin/orders', {
      body: { email: 'cart2@example.com', warehouseCode: 'MIA', status: 'ON_HOLD' },
    });
    expect(
      (
        await call('POST', `/admin/orders/${second.body.phonexOrderNumber}/status`, {
          body: { status: 'AWAITING_SHIPPING_QUOTE' },
        })
      ).status,
    ).toBeLessThan(300);
    expect((await call('GET', '/cart/add-to-existing-order/warehouses', { token })).body).toEqual(['MIA']);
    const added = await call('POST', '/cart/add-to-existing-order/MIA', { token, body: [placed.body.offerId] });
    expect(added.body.mode).toBe('ADD_TO_EXISTING_ORDER');
    expect(added.body.onHoldSalesOrders.map((o: { phonexOrderNumber: string }) => o.phonexOrderNumber)).toEqual([
      second.body.phonexOrderNumber,
      first.body.phonexOrderNumber,
    ]);
  });

  it("refuses prospects at checkout, other buyers' ids in bulk calls, and an empty selection", async () => {
    const prospect = await newBuyer('prospect2@example.com', { isProspect: true });
    const [a, b] = await items('LAX', 2);
    const placed = await call('POST', '/stocklist/offer', {
      token: prospect,
      body: { itemNumberWarehouse: a!.inw, offerQuantity: 1, offerPrice: a!.listPrice },
    });
    expect(
      (await call('POST', '/cart/cart-checkout/LAX', { token: prospect, body: [placed.body.offerId] })).body
        .messageCode,
    ).toBe('prospectCannotCheckoutContactSalesRep');

    const other = await newBuyer('cart3@example.com');
    const theirs = await call('POST', '/stocklist/offer', {
      token: other,
      body: { itemNumberWarehouse: b!.inw, offerQuantity: 1, offerPrice: b!.listPrice },
    });
    expect(
      (await call('DELETE', '/stocklist/offers', { token: prospect, body: [placed.body.offerId, theirs.body.offerId] }))
        .status,
    ).toBe(404);
    expect((await call('GET', '/cart/items', { token: prospect })).body).toHaveLength(1);
    expect((await call('GET', '/cart/items', { token: other })).body).toHaveLength(1);
    expect((await call('DELETE', '/stocklist/offers', { token: prospect, body: [] })).status).toBe(400);
    expect((await call('DELETE', '/stocklist/offers', { token: prospect, body: [placed.body.offerId] })).body).toEqual({
      deleted: 1,
    });
  });

  it('changes only the quantity of an accepted entry, down to its minimum', async () => {
    const token = await newBuyer('cart4@example.com');
    const [a] = await items('MIA', 3).then((rows) => rows.slice(2));
    const placed = await call('POST', '/stocklist/offer', {
      token,
      body: { itemNumberWarehouse: a!.inw, offerQuantity: 6, offerPrice: a!.listPrice - 1 },
    });
    await call('POST', `/admin/offers/${placed.body.offerId}/review`, {
      body: { action: 'accept', minimumQuantity: 4 },
    });
    const kept = await call('PUT', `/stocklist/offer/${placed.body.offerId}`, {
      token,
      body: { offerQuantity: 5, offerPrice: a!.listPrice - 1 },
    });
    expect(kept.body).toMatchObject({ offerStatus: 'ACCEPTED', checkOutQuantity: 5 });
    const below = await call('PUT', `/stocklist/offer/${placed.body.offerId}`, {
      token,
      body: { offerQuantity: 3, offerPrice: a!.listPrice - 1 },
    });
    expect(below.body.messageCode).toBe('quantityBelowMinimum');
  });

  it('answers the same entries again from what it made, and anew once an offer, the stock or a warehouse changes', async () => {
    const token = await newBuyer('cart5@example.com');
    const [a] = await items('NYC', 1);
    const placed = await call('POST', '/stocklist/offer', {
      token,
      body: { itemNumberWarehouse: a!.inw, offerQuantity: 2, offerPrice: a!.listPrice },
    });
    const { db } = harness.database;
    const [user] = await db.select().from(users).where(eq(users.email, 'cart5@example.com'));
    const buyer = { ...user!, authorities: ['CAN_BUY_ONLINE'], sessionId: 'test' };
    const cart = createCartService({ db });

    const first = await cart.items(buyer);
    expect(await cart.items(buyer)).toBe(first);
    const json = await cart.itemsJson(buyer);
    expect(await cart.itemsJson(buyer)).toBe(json);
    expect(JSON.parse(json)).toEqual(first);
    expect((await call('GET', '/cart/items', { token })).body).toEqual(first);

    await call('PUT', `/stocklist/offer/${placed.body.offerId}`, {
      token,
      body: { offerQuantity: 3, offerPrice: a!.listPrice },
    });
    expect((await cart.items(buyer))[0]!.stocklistOffer.offerQuantity).toBe(3);
    await db.update(stockItems).set({ quantityAvailable: 7 }).where(eq(stockItems.itemNumberWarehouse, a!.inw));
    expect((await cart.items(buyer))[0]!.quantityAvailable).toBe(7);
    await db.update(warehouses).set({ label: 'New York City' }).where(eq(warehouses.code, 'NYC'));
    expect(JSON.parse(await cart.itemsJson(buyer))[0]).toMatchObject({
      quantityAvailable: 7,
      warehouseLabel: 'New York City',
      stocklistOffer: { offerQuantity: 3 },
    });
    expect((await call('GET', '/cart/items', { token })).body[0]).toMatchObject({
      quantityAvailable: 7,
      warehouseLabel: 'New York City',
    });
    await db.update(warehouses).set({ label: 'New York' }).where(eq(warehouses.code, 'NYC'));
  });
});
