import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, isNotNull } from 'drizzle-orm';
import type { AppLoadContext } from '@remix-run/node';
import { identityApi } from '../../app/.server/api/identity';
import { sessionSetCookie } from '../../app/.server/request-session';
import { authSessionStorage } from '../../app/.server/session';
import { loader as cartLoader } from '../../app/routes/_app.cart/route';
import { cartAction } from '../../app/routes/_app.cart/cart-actions.server';
import { rowFields } from '../../app/routes/_app.cart/cart-form';
import { loader as stockLoader } from '../../app/routes/_app.stock/route';
import { offers as offersTable, stockItems } from '../../server/marketplace/db/schema';
import { DEMO_PASSWORD } from '../../server/marketplace/db/seed/users';
import { loadTenantConfig } from '../../server/marketplace/tenant-config';
import { accessToken, apiCaller, portalContext, startTestMarketplace } from './harness';
import { answerData } from '../support/route-answer';

const NETWORK = 'pxn-bluewave';
const HEADER = 'pxns-participant-id';

type Harness = Awaited<ReturnType<typeof startTestMarketplace>>;
interface Sent {
  method: string;
  path: string;
  participant: string | null;
}

/** The portal against a real marketplace, every tenant API call it makes written down. */
function spiedPortal(harness: Harness, base: string) {
  const sent: Sent[] = [];
  const context: AppLoadContext = portalContext(async (request) => {
    sent.push({
      method: request.method,
      path: new URL(request.url).pathname,
      participant: request.headers.get(HEADER),
    });
    return harness.marketplace.fetch(request);
  }, base);
  return { context, sent };
}

/** A signed-in buyer's portal cookie, as the sign-in form leaves it. */
async function portalCookie(context: AppLoadContext, email: string) {
  const tokens = await identityApi.signIn(context, email, DEMO_PASSWORD);
  if (tokens.status !== 'SIGNED_IN') throw new Error('expected tokens');
  const session = await authSessionStorage.getSession();
  session.set('accessToken', tokens.accessToken);
  session.set('refreshToken', tokens.refreshToken);
  session.set('accessExpiresAt', Date.now() + 10 * 60_000);
  session.set('user', {
    id: 1,
    email,
    firstName: 'N',
    lastName: 'W',
    buyerName: null,
    authorities: ['CAN_BUY_ONLINE'],
    isProspect: false,
    isPxns: false,
    pxParticipantId: null,
    salesRepWhatsApp: null,
  });
  return (await authSessionStorage.commitSession(session)).split(';')[0]!;
}

/** The box's form posted to the cart action, as its buttons send it. */
function postBox(
  context: AppLoadContext,
  cookie: string,
  form: { intent: string; box: string; offerId: number[] },
  tab = 0,
) {
  const body = new URLSearchParams({ intent: form.intent, box: form.box });
  for (const id of form.offerId) body.append('offerId', String(id));
  const request = new Request(`http://portal/cart?tab=${tab}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  return cartAction({ request, context, params: {} }) as Promise<Response>;
}

/** A row's SAVE, with the row's quantity and price, as its button posts the box's form. */
function postSave(
  context: AppLoadContext,
  cookie: string,
  box: string,
  offerId: number,
  values: { quantity: number; price: number },
  tab: number,
) {
  const names = rowFields(offerId);
  const body = new URLSearchParams({
    intent: `save:${offerId}`,
    box,
    offerId: String(offerId),
    [names.quantity]: String(values.quantity),
    [names.price]: String(values.price),
  });
  const request = new Request(`http://portal/cart?tab=${tab}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  return cartAction({ request, context, params: {} }) as Promise<Response>;
}

/** In-stock priced items of one participant's warehouse that has at least `count` of them. */
async function itemsOf(harness: Harness, participantId: string, count: number) {
  const rows = await harness.database.db
    .select({
      inw: stockItems.itemNumberWarehouse,
      warehouse: stockItems.warehouseCode,
      listPrice: stockItems.listPrice,
    })
    .from(stockItems)
    .where(
      and(
        eq(stockItems.participantId, participantId),
        gt(stockItems.quantityAvailable, 10),
        isNotNull(stockItems.listPrice),
        eq(stockItems.incrementSize, 1),
      ),
    )
    .orderBy(stockItems.id);
  const byWarehouse = new Map<string, { inw: string; listPrice: number }[]>();
  for (const row of rows as { inw: string; warehouse: string; listPrice: number }[])
    byWarehouse.set(row.warehouse, [...(byWarehouse.get(row.warehouse) ?? []), row]);
  const [warehouse, items] = [...byWarehouse].find(([, list]) => list.length >= count)!;
  return { warehouse, items: items.slice(0, count) };
}

/**
 * A buyer with entries on the tenant's own stock and on a network participant's: in each, one bought
 * at list (cart) and one countered (awaiting the buyer's review).
 */
async function fillCart(harness: Harness, email: string) {
  const call = apiCaller(harness.marketplace);
  await call('POST', '/admin/users', { body: { email, password: DEMO_PASSWORD, authorities: ['CAN_BUY_ONLINE'] } });
  const token = await accessToken(call, email, DEMO_PASSWORD);
  const place = async (participantId: string, item: { inw: string; listPrice: number }, price: number) => {
    const headers = participantId === NETWORK ? { [HEADER]: NETWORK } : undefined;
    const path = participantId === NETWORK ? '/stocklist/pxnr/offer' : '/stocklist/offer';
    const placed = await call('POST', path, {
      token,
      headers,
      body: { itemNumberWarehouse: item.inw, offerQuantity: 2, offerPrice: price },
    });
    if (placed.status !== 201) throw new Error(JSON.stringify(placed.body));
    return placed.body.offerId as number;
  };
  const own = await itemsOf(harness, 'acme', 2);
  const network = await itemsOf(harness, NETWORK, 3);
  const ids = {
    ownBought: await place('acme', own.items[0]!, own.items[0]!.listPrice),
    ownCountered: await place('acme', own.items[1]!, own.items[1]!.listPrice - 20),
    netBought: await place(NETWORK, network.items[0]!, network.items[0]!.listPrice),
    netBought2: await place(NETWORK, network.items[1]!, network.items[1]!.listPrice),
    netCountered: await place(NETWORK, network.items[2]!, network.items[2]!.listPrice - 20),
  };
  for (const id of [ids.ownCountered, ids.netCountered]) {
    const price =
      (await harness.database.db.select().from(offersTable).where(eq(offersTable.id, id)))[0]!.offerPrice + 10;
    await call('POST', `/admin/offers/${id}/review`, { body: { action: 'counter', price } });
  }
  return { call, token, ids, ownWarehouse: own.warehouse, networkWarehouse: network.warehouse };
}

async function statuses(harness: Harness, ids: number[]) {
  const rows = await harness.database.db.select({ id: offersTable.id, status: offersTable.status }).from(offersTable);
  return Object.fromEntries(ids.map((id) => [id, rows.find((r) => r.id === id)?.status ?? 'GONE']));
}

describe('the cart of a network participant’s entries (spec 2 §7 network variants)', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startTestMarketplace({ items: 600 });
  });
  afterAll(() => harness.close());

  it('a SAVE that takes the last entry out of a tab shows the tab it went to, not the emptied one (issue 51)', async () => {
    const { ids, ownWarehouse, networkWarehouse } = await fillCart(harness, 'emptied-tab@example.com');
    const { context } = spiedPortal(harness, 'http://emptied-tab');
    const cookie = await portalCookie(context, 'emptied-tab@example.com');
    // Your Review keeps one entry, the own countered offer.
    expect(
      (
        await postBox(
          context,
          cookie,
          { intent: 'move-to-cart', box: networkWarehouse, offerId: [ids.netCountered] },
          1,
        )
      ).status,
    ).toBe(302);
    const [offer] = await harness.database.db.select().from(offersTable).where(eq(offersTable.id, ids.ownCountered));
    // A reply below the counter goes back to the seller: Your Review is empty, the seller's review tab has it.
    const saved = await postSave(
      context,
      cookie,
      ownWarehouse,
      ids.ownCountered,
      { quantity: offer!.offerQuantity, price: offer!.offerPrice },
      1,
    );
    expect(saved.status).toBe(302);
    expect(await statuses(harness, [ids.ownCountered])).toEqual({ [ids.ownCountered]: 'PENDING_ACCEPTANCE' });
    expect(new URL(saved.headers.get('location')!, 'http://portal').searchParams.get('tab')).toBe('2');
  });

  it('moves to cart, checks out and deletes through the pxnr paths with the participant header, acting on that participant’s entries only', async () => {
    const { ids, ownWarehouse, networkWarehouse } = await fillCart(harness, 'network1@example.com');
    const { context, sent } = spiedPortal(harness, 'http://network-1');
    const cookie = await portalCookie(context, 'network1@example.com');
    const mutations = () => sent.filter((s) => s.method !== 'GET');

    sent.length = 0;
    const moved = await postBox(
      context,
      cookie,
      { intent: 'move-to-cart', box: networkWarehouse, offerId: [ids.netCountered] },
      1,
    );
    expect(moved.status).toBe(302);
    expect(mutations()).toEqual([
      { method: 'PUT', path: '/px-api-gateway/stocklist/pxnr/offers/move-to-cart', participant: NETWORK },
    ]);
    expect(await statuses(harness, [ids.netCountered, ids.ownCountered])).toEqual({
      [ids.netCountered]: 'ACCEPTED',
      [ids.ownCountered]: 'COUNTERED',
    });

    sent.length = 0;
    const handedOff = await postBox(context, cookie, {
      intent: 'checkout',
      box: networkWarehouse,
      offerId: [ids.netBought, ids.netCountered],
    });
    expect(mutations()).toEqual([
      { method: 'POST', path: `/px-api-gateway/cart/pxnr/cart-checkout/${networkWarehouse}`, participant: NETWORK },
    ]);
    expect(handedOff.headers.get('location')).toMatch(/^\/checkout\/[^/?]+$/);
    const handOffSession = await authSessionStorage.getSession(await sessionSetCookie(context));
    expect(Object.values(handOffSession.get('checkouts') ?? {})).toMatchObject([
      { warehouseCode: networkWarehouse, warehouseId: networkWarehouse, participantId: NETWORK, network: true },
    ]);

    sent.length = 0;
    const deleted = await postBox(context, cookie, { intent: 'delete-all', box: networkWarehouse, offerId: [] });
    expect(deleted.status).toBe(302);
    expect(mutations()).toEqual([
      { method: 'DELETE', path: '/px-api-gateway/stocklist/pxnr/offers', participant: NETWORK },
    ]);
    expect(
      await statuses(harness, [ids.netBought, ids.netBought2, ids.netCountered, ids.ownBought, ids.ownCountered]),
    ).toEqual({
      [ids.netBought]: 'GONE',
      [ids.netBought2]: 'GONE',
      [ids.netCountered]: 'GONE',
      [ids.ownBought]: 'BUY_AT_LIST',
      [ids.ownCountered]: 'COUNTERED',
    });

    // The tenant's own box still goes through the plain paths, without the header.
    sent.length = 0;
    await postBox(context, cookie, { intent: 'delete-all', box: ownWarehouse, offerId: [] });
    expect(mutations()).toEqual([{ method: 'DELETE', path: '/px-api-gateway/stocklist/offers', participant: null }]);
    expect(await statuses(harness, [ids.ownBought])).toEqual({ [ids.ownBought]: 'GONE' });
  });

  it('changes nothing when the header names another participant, the tenant itself, no one, or when a plain path is used for network entries', async () => {
    const { call, token, ids, networkWarehouse } = await fillCart(harness, 'network2@example.com');
    const network = [ids.netBought, ids.netBought2, ids.netCountered];
    const before = await statuses(harness, [...network, ids.ownBought]);
    for (const participant of ['pxn-northstar', 'acme', 'pxn-nobody']) {
      const headers = { [HEADER]: participant };
      expect((await call('DELETE', '/stocklist/pxnr/offers', { token, headers, body: network })).status).toBe(404);
      expect(
        (await call('PUT', '/stocklist/pxnr/offers/move-to-cart', { token, headers, body: [ids.netCountered] })).status,
      ).toBe(404);
      expect(
        (await call('POST', `/cart/pxnr/cart-checkout/${networkWarehouse}`, { token, headers, body: [ids.netBought] }))
          .status,
      ).toBe(404);
    }
    // The right header with an entry of the tenant's own stock among the ids: refused as a whole.
    expect(
      (
        await call('DELETE', '/stocklist/pxnr/offers', {
          token,
          headers: { [HEADER]: NETWORK },
          body: [...network, ids.ownBought],
        })
      ).status,
    ).toBe(404);
    expect((await call('DELETE', '/stocklist/pxnr/offers', { token, body: network })).status).toBe(400);
    expect((await call('DELETE', '/stocklist/offers', { token, body: network })).status).toBe(404);
    expect((await call('PUT', '/stocklist/offers/move-to-cart', { token, body: [ids.netCountered] })).status).toBe(404);
    expect(
      (await call('POST', `/cart/cart-checkout/${networkWarehouse}`, { token, body: [ids.netBought] })).status,
    ).toBe(404);
    expect(await statuses(harness, [...network, ids.ownBought])).toEqual(before);
  });

  it('GET network settings says whether the tenant is a requester, with the network warehouses for a buyer', async () => {
    const call = apiCaller(harness.marketplace);
    const buyer = await accessToken(call, 'buyer@example.com', DEMO_PASSWORD);
    const settings = (await call('GET', '/network/settings', { token: buyer })).body;
    expect(settings).toMatchObject({ isPxnr: true, pxnrParticipantId: 'acme', networkParticipant: true });
    expect(settings.networkWarehouses.map((p: { pxnParticipantId: string }) => p.pxnParticipantId)).toEqual([
      NETWORK,
      'pxn-northstar',
    ]);
    expect(settings.networkWarehouses[0].warehouses).toContainEqual({
      warehouseId: 'BLU-HK',
      warehouseLabel: 'Hong Kong',
    });
    // A pxns seller is not a network requester: no network stock settings or warehouses.
    const seller = await accessToken(call, 'seller@example.com', DEMO_PASSWORD);
    const sellers = (await call('GET', '/network/settings', { token: seller })).body;
    expect(sellers).toEqual({ isPxnr: true, pxnrParticipantId: 'acme', networkParticipant: true });
  });

  it('the stock list shows the network participants’ warehouse groups of a network participant tenant', async () => {
    const { context, sent } = spiedPortal(harness, 'http://network-3');
    const cookie = await portalCookie(context, 'buyer@example.com');
    const data = await answerData<{ participants: { pxnParticipantId: string }[] }>(
      await stockLoader({
        request: new Request('http://portal/stock', { headers: { cookie } }),
        context,
        params: {},
      }),
    );
    expect(data.participants.map((p: { pxnParticipantId: string }) => p.pxnParticipantId)).toEqual([
      'acme',
      NETWORK,
      'pxn-northstar',
    ]);
    expect(sent.some((s) => s.path === '/px-api-gateway/network/settings')).toBe(true);
  });
});

describe('a tenant that is not a network participant', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startTestMarketplace({ items: 600, config: { ...loadTenantConfig(), networkParticipant: false } });
  });
  afterAll(() => harness.close());

  it('shows only its own warehouse groups and cart boxes, and sends no network call for a network box', async () => {
    const { ids, ownWarehouse, networkWarehouse } = await fillCart(harness, 'network4@example.com');
    const { context, sent } = spiedPortal(harness, 'http://network-4');
    const cookie = await portalCookie(context, 'network4@example.com');

    const stock = await answerData<{ participants: { pxnParticipantId: string }[]; cartCount: number }>(
      await stockLoader({
        request: new Request('http://portal/stock', { headers: { cookie } }),
        context,
        params: {},
      }),
    );
    expect(stock.participants.map((p: { pxnParticipantId: string }) => p.pxnParticipantId)).toEqual(['acme']);
    expect(stock.cartCount).toBe(2);
    const cart = await answerData<{ boxes: { warehouse: string }[]; counts: number[] }>(
      await cartLoader({
        request: new Request('http://portal/cart', { headers: { cookie } }),
        context,
        params: {},
      }),
    );
    expect(cart.boxes.map((b: { warehouse: string }) => b.warehouse)).toEqual([ownWarehouse]);
    expect(cart.counts).toEqual([1, 1, 0]);

    sent.length = 0;
    await postBox(context, cookie, { intent: 'delete-all', box: networkWarehouse, offerId: [] });
    expect(sent.filter((s) => s.method !== 'GET')).toEqual([]);
    expect(await statuses(harness, [ids.netBought])).toEqual({ [ids.netBought]: 'BUY_AT_LIST' });
  });
});
