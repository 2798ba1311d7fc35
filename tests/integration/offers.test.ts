import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import { offerHistory, offers, stockItems, users, warehouses } from '../../server/marketplace/db/schema';
import { DEMO_PASSWORD } from '../../server/marketplace/db/seed/users';
import { accessToken, apiCaller, startTestMarketplace } from './harness';

let harness: Awaited<ReturnType<typeof startTestMarketplace>>;
let call: ReturnType<typeof apiCaller>;
let buyer: string;
let otherBuyer: string;

/** An in-stock priced item of the tenant, in a warehouse that accepts offers or not. */
async function anItem(acceptingOffers: boolean, skip = 0) {
  const rows = await harness.database.db
    .select({
      inw: stockItems.itemNumberWarehouse,
      quantity: stockItems.quantityAvailable,
      listPrice: stockItems.listPrice,
      increment: stockItems.incrementSize,
    })
    .from(stockItems)
    .innerJoin(warehouses, eq(warehouses.code, stockItems.warehouseCode))
    .where(
      and(
        eq(stockItems.participantId, 'acme'),
        gt(stockItems.quantityAvailable, 20),
        isNotNull(stockItems.listPrice),
        eq(stockItems.incrementSize, 1),
        eq(warehouses.acceptingOffers, acceptingOffers),
      ),
    )
    .orderBy(stockItems.id);
  return rows[skip]! as { inw: string; quantity: number; listPrice: number };
}

beforeAll(async () => {
  harness = await startTestMarketplace({ items: 400 });
  call = apiCaller(harness.marketplace);
  buyer = await accessToken(call, 'buyer@example.com', DEMO_PASSWORD);
  await call('POST', '/admin/users', {
    body: { email: 'other@example.com', password: DEMO_PASSWORD, authorities: ['CAN_BUY_ONLINE'] },
  });
  otherBuyer = await accessToken(call, 'other@example.com', DEMO_PASSWORD);
});
afterAll(() => harness.close());

describe('offers through the tenant API', () => {
  it('buying at list puts the item in the cart, ready to check out', async () => {
    const item = await anItem(true, 0);
    const placed = await call('POST', '/stocklist/offer', {
      token: buyer,
      body: { itemNumberWarehouse: item.inw, offerQuantity: 2, offerPrice: item.listPrice },
    });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({
      offerStatus: 'BUY_AT_LIST',
      offerState: 'READY_TO_CHECKOUT',
      checkOutQuantity: 2,
      checkOutPrice: item.listPrice,
    });
    const all = await call('GET', '/stocklist/offers', { token: buyer });
    expect(all.body[item.inw]).toMatchObject({ offerId: placed.body.offerId });
  });

  it('an offer below list waits for the seller, who counters, then it expires', async () => {
    const item = await anItem(true, 1);
    const placed = await call('POST', '/stocklist/offer', {
      token: buyer,
      body: { itemNumberWarehouse: item.inw, offerQuantity: 5, offerPrice: 1 },
    });
    expect(placed.body).toMatchObject({ offerStatus: 'PENDING_ACCEPTANCE', offerState: 'AWAITING_TENANT_REVIEW' });
    const at = '2026-11-22T10:00:00.000Z';
    const countered = await call('POST', `/admin/offers/${placed.body.offerId}/review`, {
      body: { action: 'counter', price: item.listPrice, minimumQuantity: 3, validHours: 2, at },
    });
    expect(countered.body).toMatchObject({
      offerStatus: 'COUNTERED',
      offerState: 'AWAITING_BUYER_REVIEW',
      counterPrice: item.listPrice,
      minimumCheckoutQuantity: 3,
      acceptedOrCounteredExpirationDate: '2026-11-22T12:00:00.000Z',
    });
    await call('POST', '/admin/jobs/offer-review?at=2026-11-22T12:00:01Z');
    const after = await call('GET', '/stocklist/offers', { token: buyer });
    expect(after.body[item.inw].offerStatus).toBe('EXPIRED');
    const history = await call('GET', `/admin/offers/${placed.body.offerId}/history`);
    expect(history.body.map((h: { toStatus: string }) => h.toStatus)).toEqual([
      'PENDING_ACCEPTANCE',
      'COUNTERED',
      'EXPIRED',
    ]);
    expect(history.body[1]).toMatchObject({ fromStatus: 'PENDING_ACCEPTANCE', actor: 'seller' });
  });

  it('a list price below the offer drops it; stock at zero puts it out of stock and back', async () => {
    const item = await anItem(true, 2);
    const placed = await call('POST', '/stocklist/offer', {
      token: buyer,
      body: { itemNumberWarehouse: item.inw, offerQuantity: 1, offerPrice: item.listPrice - 5 },
    });
    await call('POST', '/admin/stock', { body: { itemNumberWarehouse: item.inw, listPrice: item.listPrice - 10 } });
    let offers = await call('GET', '/stocklist/offers', { token: buyer });
    expect(offers.body[item.inw]).toMatchObject({
      offerStatus: 'PRICE_DROPPED',
      offerState: 'READY_TO_CHECKOUT',
      checkOutPrice: item.listPrice - 10,
    });
    await call('POST', '/admin/stock', { body: { itemNumberWarehouse: item.inw, quantityAvailable: 0 } });
    offers = await call('GET', '/stocklist/offers', { token: buyer });
    expect(offers.body[item.inw].offerStatus).toBe('OUT_OF_STOCK');
    await call('POST', '/admin/stock', { body: { itemNumberWarehouse: item.inw, quantityAvailable: 9 } });
    offers = await call('GET', '/stocklist/offers', { token: buyer });
    expect(offers.body[item.inw]).toMatchObject({ offerId: placed.body.offerId, offerStatus: 'PRICE_DROPPED' });
  });

  it('an item changed twice in one batch moves its offers twice, in order', async () => {
    const item = await anItem(true, 3);
    const placed = await call('POST', '/stocklist/offer', {
      token: buyer,
      body: { itemNumberWarehouse: item.inw, offerQuantity: 1, offerPrice: item.listPrice },
    });
    await harness.marketplace.deps.stockChanges.apply(
      [
        { participantId: 'acme', itemNumberWarehouse: item.inw, quantityAvailable: 0 },
        { participantId: 'acme', itemNumberWarehouse: item.inw, quantityAvailable: 7 },
      ],
      'test',
    );
    const offers = await call('GET', '/stocklist/offers', { token: buyer });
    expect(offers.body[item.inw]).toMatchObject({ offerId: placed.body.offerId, offerStatus: 'BUY_AT_LIST' });
    const history = await harness.database.db
      .select()
      .from(offerHistory)
      .where(eq(offerHistory.offerId, placed.body.offerId))
      .orderBy(offerHistory.id);
    expect(history.map((h) => [h.actor, h.toStatus, h.detail.quantityAfter])).toEqual([
      ['buyer:1', 'BUY_AT_LIST', undefined],
      ['market:stock', 'OUT_OF_STOCK', 0],
      ['market:stock', 'BUY_AT_LIST', 7],
    ]);
  });

  it('refuses bad input and offers where the warehouse takes none, changing nothing', async () => {
    const item = await anItem(true, 3);
    const post = (body: unknown) => call('POST', '/stocklist/offer', { token: buyer, body });
    for (const [offerQuantity, offerPrice] of [
      [-1, 10],
      [2.5, 10],
      [1e12, 10],
      [1, 0],
      [1, 10.555],
      ['3', 10],
    ]) {
      const refused = await post({ itemNumberWarehouse: item.inw, offerQuantity, offerPrice });
      expect(refused.status, `${offerQuantity} @ ${offerPrice}`).toBe(400);
    }
    expect(
      (await post({ itemNumberWarehouse: item.inw, offerQuantity: item.quantity + 1, offerPrice: 10 })).body
        .messageCode,
    ).toBe('quantityAboveStock');
    expect((await post({ itemNumberWarehouse: 'NO-SUCH-ITEM', offerQuantity: 1, offerPrice: 10 })).status).toBe(404);
    const closed = await anItem(false, 0);
    expect((await post({ itemNumberWarehouse: closed.inw, offerQuantity: 1, offerPrice: 1 })).body.messageCode).toBe(
      'offersNotAccepted',
    );
    const offers = await call('GET', '/stocklist/offers', { token: buyer });
    expect(offers.body[item.inw]).toBeUndefined();
    expect(offers.body[closed.inw]).toBeUndefined();
  });

  it("another buyer's offer cannot be seen, changed or deleted", async () => {
    const item = await anItem(true, 4);
    const mine = await call('POST', '/stocklist/offer', {
      token: buyer,
      body: { itemNumberWarehouse: item.inw, offerQuantity: 1, offerPrice: item.listPrice },
    });
    const theirs = await call('GET', '/stocklist/offers', { token: otherBuyer });
    expect(theirs.body[item.inw]).toBeUndefined();
    expect(
      (
        await call('PUT', `/stocklist/offer/${mine.body.offerId}`, {
          token: otherBuyer,
          body: { offerQuantity: 2, offerPrice: 1 },
        })
      ).status,
    ).toBe(404);
    expect((await call('DELETE', `/stocklist/offer/${mine.body.offerId}`, { token: otherBuyer })).status).toBe(404);
    const still = await call('GET', '/stocklist/offers', { token: buyer });
    expect(still.body[item.inw]).toMatchObject({ offerQuantity: 1, offerStatus: 'BUY_AT_LIST' });
  });

  it('the buyer changes and removes an entry; buyers without CAN_BUY_ONLINE cannot buy', async () => {
    const item = await anItem(true, 5);
    const placed = await call('POST', '/stocklist/offer', {
      token: buyer,
      body: { itemNumberWarehouse: item.inw, offerQuantity: 1, offerPrice: item.listPrice },
    });
    const changed = await call('PUT', `/stocklist/offer/${placed.body.offerId}`, {
      token: buyer,
      body: { offerQuantity: 3, offerPrice: item.listPrice - 1 },
    });
    expect(changed.body).toMatchObject({ offerStatus: 'PENDING_ACCEPTANCE', offerQuantity: 3 });
    expect((await call('DELETE', `/stocklist/offer/${placed.body.offerId}`, { token: buyer })).status).toBe(204);
    expect((await call('GET', '/stocklist/offers', { token: buyer })).body[item.inw]).toBeUndefined();
    const viewer = await accessToken(call, 'viewer@example.com', DEMO_PASSWORD);
    const refused = await call('POST', '/stocklist/offer', {
      token: viewer,
      body: { itemNumberWarehouse: item.inw, offerQuantity: 1, offerPrice: item.listPrice },
    });
    expect(refused.body.messageCode).toBe('cannotBuyOnline');
  });

  it('the automatic rules answer offers that waited long enough', async () => {
    const item = await anItem(true, 6);
    const high = await call('POST', '/stocklist/offer', {
      token: otherBuyer,
      body: { itemNumberWarehouse: item.inw, offerQuantity: 1, offerPrice: Math.ceil(item.listPrice * 0.95) },
    });
    await call('POST', '/admin/jobs/offer-review');
    expect((await call('GET', '/stocklist/offers', { token: otherBuyer })).body[item.inw].offerStatus).toBe(
      'PENDING_ACCEPTANCE',
    );
    const later = new Date(Date.now() + 3600_000).toISOString();
    await call('POST', `/admin/jobs/offer-review?at=${later}`);
    const answered = (await call('GET', '/stocklist/offers', { token: otherBuyer })).body[item.inw];
    expect(answered).toMatchObject({ offerId: high.body.offerId, offerStatus: 'ACCEPTED' });
  });

  it('a counter from the automatic rules is recorded at its own price and quantity: the buyer’s history reads the counter, not the offer', async () => {
    const item = await anItem(true, 7);
    const offered = Math.floor(item.listPrice * 0.8);
    const placed = await call('POST', '/stocklist/offer', {
      token: buyer,
      body: { itemNumberWarehouse: item.inw, offerQuantity: 5, offerPrice: offered },
    });
    await call('POST', `/admin/jobs/offer-review?at=${new Date(Date.now() + 3600_000).toISOString()}`);
    const countered = (await call('GET', '/stocklist/offers', { token: buyer })).body[item.inw];
    expect(countered).toMatchObject({ offerId: placed.body.offerId, offerStatus: 'COUNTERED', checkOutQuantity: 5 });
    expect(countered.counterPrice).toBeGreaterThan(offered);
    const history = await call('GET', `/stocklist/offer/${placed.body.offerId}/history`, { token: buyer });
    expect(
      history.body.map(
        ({ event, by, quantity, price }: { event: string; by: string; quantity: number; price: number }) => ({
          event,
          by,
          quantity,
          price,
        }),
      ),
    ).toEqual([
      { event: 'placed', by: 'buyer', quantity: 5, price: offered },
      { event: 'countered', by: 'seller', quantity: 5, price: countered.counterPrice },
    ]);
    // Offer 0 breaks the rule that an id is positive, and the refusal says that rule.
    expect((await call('GET', '/stocklist/offer/0/history', { token: buyer })).body).toMatchObject({
      statusCode: 400,
      message: 'offerId: an id is positive',
    });
    const [recorded] = await harness.database.db
      .select()
      .from(offerHistory)
      .where(and(eq(offerHistory.offerId, placed.body.offerId), eq(offerHistory.toStatus, 'COUNTERED')));
    expect(recorded).toMatchObject({
      actor: 'seller:rules',
      detail: { counterPrice: countered.counterPrice, checkOutQuantity: 5, minimumCheckoutQuantity: 5 },
    });
  });

  it('the rules answer a backlog bigger than one batch once each, and the answers expire once each', async () => {
    await call('POST', '/admin/users', {
      body: { email: 'backlog@example.com', password: DEMO_PASSWORD, authorities: ['CAN_BUY_ONLINE'] },
    });
    const { db } = harness.database;
    const [user] = await db.select().from(users).where(eq(users.email, 'backlog@example.com'));
    const items = await db
      .select({ inw: stockItems.itemNumberWarehouse, listPrice: stockItems.listPrice })
      .from(stockItems)
      .where(
        and(eq(stockItems.participantId, 'acme'), gt(stockItems.quantityAvailable, 0), isNotNull(stockItems.listPrice)),
      )
      .orderBy(stockItems.id)
      .limit(330);
    expect(items.length).toBeGreaterThan(250);
    // A third at 95 % of list (accepted), a third at 70 % (countered), a third at 40 % (rejected).
    const shares = [0.95, 0.7, 0.4];
    const placedAt = new Date(Date.now() - 3600_000);
    const placed = await db
      .insert(offers)
      .values(
        items.map((item, i) => ({
          buyerId: user!.buyerId!,
          participantId: 'acme',
          itemNumberWarehouse: item.inw,
          status: 'PENDING_ACCEPTANCE',
          offerQuantity: 1,
          offerPrice: Math.max(1, Math.floor(item.listPrice! * shares[i % 3]!)),
          updatedAt: placedAt,
        })),
      )
      .returning({ id: offers.id });
    const ids = placed.map((p) => p.id);
    const now = new Date();
    await call('POST', `/admin/jobs/offer-review?at=${now.toISOString()}`);
    await call('POST', `/admin/jobs/offer-review?at=${now.toISOString()}`);

    const statuses = async () =>
      (
        await db
          .select({ id: offers.id, status: offers.status })
          .from(offers)
          .where(inArray(offers.id, ids))
          .orderBy(offers.id)
      ).map((r) => r.status);
    const expected = items.map((item, i) => {
      const price = Math.max(1, Math.floor(item.listPrice! * shares[i % 3]!));
      return price / item.listPrice! >= 0.9 ? 'ACCEPTED' : price / item.listPrice! < 0.6 ? 'NOT_ACCEPTED' : 'COUNTERED';
    });
    expect(await statuses()).toEqual(expected);
    const history = await db
      .select()
      .from(offerHistory)
      .where(inArray(offerHistory.offerId, ids))
      .orderBy(offerHistory.offerId);
    expect(history).toHaveLength(ids.length);
    expect(history.every((h) => h.actor === 'seller:rules' && h.fromStatus === 'PENDING_ACCEPTANCE')).toBe(true);
    expect(history.map((h) => h.toStatus)).toEqual(expected);

    const countered = await db
      .select()
      .from(offers)
      .where(and(inArray(offers.id, ids), eq(offers.status, 'COUNTERED')));
    expect(countered.every((o) => o.counterPrice !== null && o.acceptedOrCounteredExpirationDate !== null)).toBe(true);

    const afterExpiry = new Date(now.getTime() + 8 * 24 * 3600_000).toISOString();
    await call('POST', `/admin/jobs/offer-review?at=${afterExpiry}`);
    await call('POST', `/admin/jobs/offer-review?at=${afterExpiry}`);
    expect(await statuses()).toEqual(expected.map((status) => (status === 'NOT_ACCEPTED' ? status : 'EXPIRED')));
    const expiries = await db
      .select()
      .from(offerHistory)
      .where(and(inArray(offerHistory.offerId, ids), eq(offerHistory.actor, 'market:expiry')));
    expect(expiries).toHaveLength(expected.filter((status) => status !== 'NOT_ACCEPTED').length);
  });

  it('network stock goes through the pxnr paths with the participant header', async () => {
    const [item] = await harness.database.db
      .select({
        inw: stockItems.itemNumberWarehouse,
        participantId: stockItems.participantId,
        listPrice: stockItems.listPrice,
      })
      .from(stockItems)
      .where(
        and(
          eq(stockItems.participantId, 'pxn-bluewave'),
          gt(stockItems.quantityAvailable, 0),
          isNotNull(stockItems.listPrice),
        ),
      )
      .limit(1);
    expect(item).toBeDefined();
    const headers = { 'pxns-participant-id': item!.participantId };
    expect(
      (
        await call('POST', '/stocklist/pxnr/offer', {
          token: buyer,
          body: { itemNumberWarehouse: item!.inw, offerQuantity: 1, offerPrice: item!.listPrice },
        })
      ).status,
    ).toBe(400);
    const placed = await call('POST', '/stocklist/pxnr/offer', {
      token: buyer,
      headers,
      body: { itemNumberWarehouse: item!.inw, offerQuantity: 1, offerPrice: item!.listPrice },
    });
    expect(placed.status).toBe(201);
    expect((await call('GET', '/stocklist/pxnr/offers', { token: buyer, headers })).body[item!.inw]).toMatchObject({
      pxnsParticipantId: item!.participantId,
    });
    expect((await call('GET', '/stocklist/offers', { token: buyer })).body[item!.inw]).toBeUndefined();
  });
});
