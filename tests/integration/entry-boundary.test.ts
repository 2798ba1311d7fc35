import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, isNotNull } from 'drizzle-orm';
import { EMPTY_SELECTION } from '../../app/domain/checkout/selection';
import { stockItems } from '../../server/marketplace/db/schema';
import { DEMO_PASSWORD } from '../../server/marketplace/db/seed/users';
import { accessToken, apiCaller, readyCheckout, startTestMarketplace } from './harness';

/**
 * The tenant API refuses what the dialogs refuse, with a 400 naming the field: ids past int32,
 * offer prices with cents, alert quantities below 1, a blank participant header, and text that
 * JSON or PostgreSQL cannot store. Nothing of the buyer's changes.
 */
let harness: Awaited<ReturnType<typeof startTestMarketplace>>;
let call: ReturnType<typeof apiCaller>;
let buyer: string;
const PAST_INT32 = 2 ** 31;
const LONE_SURROGATE = '\ud800';

async function items(participantId: string) {
  return harness.database.db
    .select({
      inw: stockItems.itemNumberWarehouse,
      listPrice: stockItems.listPrice,
      participantId: stockItems.participantId,
    })
    .from(stockItems)
    .where(
      and(
        eq(stockItems.participantId, participantId),
        gt(stockItems.quantityAvailable, 20),
        eq(stockItems.incrementSize, 1),
        isNotNull(stockItems.listPrice),
        eq(stockItems.warehouseCode, 'MIA'),
      ),
    )
    .orderBy(stockItems.id);
}

const state = async () => {
  const [offers, alerts, cart] = await Promise.all(
    ['/stocklist/offers', '/stocklist/alert/items', '/cart/items'].map((path) => call('GET', path, { token: buyer })),
  );
  return { offers: offers!.body, alerts: alerts!.body, cart: cart!.body };
};

/** A 400 in the API's error format whose message names the field. */
function expectRefused(answer: { status: number; body: { statusCode?: number; message?: string } }, field: string) {
  expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(400);
  expect(answer.body.statusCode).toBe(400);
  expect(answer.body.message).toContain(field);
}

beforeAll(async () => {
  harness = await startTestMarketplace({ items: 300 });
  call = apiCaller(harness.marketplace);
  await call('POST', '/admin/users', {
    body: {
      email: 'entry@example.com',
      password: DEMO_PASSWORD,
      authorities: ['CAN_BUY_ONLINE', 'CAN_SET_STOCKLIST_ALERT'],
    },
  });
  buyer = await accessToken(call, 'entry@example.com', DEMO_PASSWORD);
});
afterAll(() => harness.close());

describe('ids are positive 32-bit integers at the boundary', () => {
  it('offers to delete or move to the cart, on the plain and the network paths', async () => {
    const [item] = await items('acme');
    const placed = await call('POST', '/stocklist/offer', {
      token: buyer,
      body: { itemNumberWarehouse: item!.inw, offerQuantity: 1, offerPrice: item!.listPrice },
    });
    expect(placed.status).toBe(201);
    const before = await state();
    const network = { 'pxns-participant-id': 'pxn-bluewave' };
    expectRefused(await call('DELETE', '/stocklist/offers', { token: buyer, body: [PAST_INT32] }), '[0]');
    expectRefused(await call('DELETE', '/stocklist/offers', { token: buyer, body: [placed.body.offerId, 0] }), '[1]');
    expectRefused(await call('PUT', '/stocklist/offers/move-to-cart', { token: buyer, body: [PAST_INT32] }), '[0]');
    expectRefused(
      await call('DELETE', '/stocklist/pxnr/offers', { token: buyer, headers: network, body: [PAST_INT32] }),
      '[0]',
    );
    expectRefused(
      await call('PUT', '/stocklist/pxnr/offers/move-to-cart', { token: buyer, headers: network, body: [PAST_INT32] }),
      '[0]',
    );
    expectRefused(await call('POST', '/cart/cart-checkout/MIA', { token: buyer, body: [PAST_INT32] }), '[0]');
    for (const id of ['0', String(PAST_INT32), '99999999999']) {
      expectRefused(
        await call('PUT', `/stocklist/offer/${id}`, { token: buyer, body: { offerQuantity: 1, offerPrice: 1 } }),
        'offerId',
      );
      expectRefused(await call('DELETE', `/stocklist/offer/${id}`, { token: buyer }), 'offerId');
    }
    expect(await state()).toEqual(before);
  });

  it('addresses in a checkout selection', async () => {
    const [, item] = await items('acme');
    const { checkoutId, selection } = await readyCheckout(call, buyer, [
      { inw: item!.inw, listPrice: item!.listPrice, quantity: 1 },
    ]);
    expectRefused(
      await call('PUT', `/checkout/${checkoutId}/selection`, {
        token: buyer,
        body: { selection: { ...selection, shippingAddressId: PAST_INT32 } },
      }),
      'selection.shippingAddressId',
    );
    expectRefused(
      await call('POST', '/preferences', {
        token: buyer,
        body: { selection: { ...EMPTY_SELECTION, billingAddressId: PAST_INT32 } },
      }),
      'selection.billingAddressId',
    );
  });

  it('the seller’s stock list query, within the limits its document states (no longer a 500 past an int4)', async () => {
    for (const [query, name] of [
      ['minQuantity=-8222043078850889', 'minQuantity'],
      ['offset=-1', 'offset'],
      ['limit=0', 'limit'],
      ['limit=5001', 'limit'],
    ] as const)
      expectRefused(await call('GET', `/admin/stock?warehouse=AMS&${query}`), name);
    const [first] = (await call('GET', '/admin/stock?warehouse=AMS&minQuantity=20&limit=1')).body;
    expect(first.quantityAvailable).toBeGreaterThanOrEqual(20);
  });
});

describe('offer and alert numbers follow the dialogs’ rules', () => {
  it('an offer price with cents is refused, never stored (spec 2: "Whole numbers only")', async () => {
    const [, , item] = await items('acme');
    const before = await state();
    for (const offerPrice of [1.5, 174.51, 0.99]) {
      expectRefused(
        await call('POST', '/stocklist/offer', {
          token: buyer,
          body: { itemNumberWarehouse: item!.inw, offerQuantity: 1, offerPrice },
        }),
        'offerPrice',
      );
    }
    expectRefused(
      await call('POST', '/stocklist/offer', {
        token: buyer,
        body: { itemNumberWarehouse: item!.inw, offerQuantity: 0, offerPrice: 5 },
      }),
      'offerQuantity',
    );
    expect(await state()).toEqual(before);
    const placed = await call('POST', '/stocklist/offer', {
      token: buyer,
      body: { itemNumberWarehouse: item!.inw, offerQuantity: 1, offerPrice: item!.listPrice },
    });
    expectRefused(
      await call('PUT', `/stocklist/offer/${placed.body.offerId}`, {
        token: buyer,
        body: { offerQuantity: 1, offerPrice: 12.5 },
      }),
      'offerPrice',
    );
    expect((await call('GET', '/stocklist/offers', { token: buyer })).body[item!.inw].offerPrice).toBe(item!.listPrice);
  });

  it('a list price with cents is bought as it is, while an offer below it stays whole', async () => {
    const [, , , , , , item] = await items('acme');
    expect(
      (await call('POST', '/admin/stock', { body: { itemNumberWarehouse: item!.inw, listPrice: 174.51 } })).status,
    ).toBe(200);
    expectRefused(
      await call('POST', '/stocklist/offer', {
        token: buyer,
        body: { itemNumberWarehouse: item!.inw, offerQuantity: 1, offerPrice: 174.5 },
      }),
      'offerPrice',
    );
    const bought = await call('POST', '/stocklist/offer', {
      token: buyer,
      body: { itemNumberWarehouse: item!.inw, offerQuantity: 1, offerPrice: 174.51 },
    });
    expect(bought.status).toBe(201);
    expect(bought.body).toMatchObject({ offerPrice: 174.51, offerStatus: 'BUY_AT_LIST' });
    const more = await call('PUT', `/stocklist/offer/${bought.body.offerId}`, {
      token: buyer,
      body: { offerQuantity: 2, offerPrice: 174.51 },
    });
    expect(more.status).toBe(200);
    expect(more.body).toMatchObject({ offerQuantity: 2, offerPrice: 174.51 });
  });

  it('an alert quantity of 0 is refused, not saved as 1', async () => {
    const [, , , item] = await items('acme');
    expectRefused(
      await call('POST', '/stocklist/alert/item', {
        token: buyer,
        body: { itemNumberWarehouse: item!.inw, quantity: 0 },
      }),
      'quantity',
    );
    expect((await call('GET', '/stocklist/alert/items', { token: buyer })).body[item!.inw]).toBeUndefined();
    expect(
      (
        await call('POST', '/stocklist/alert/item', {
          token: buyer,
          body: { itemNumberWarehouse: item!.inw, quantity: 3 },
        })
      ).status,
    ).toBe(201);
    expectRefused(
      await call('PUT', `/stocklist/alert/item/${item!.inw}`, { token: buyer, body: { quantity: 0 } }),
      'quantity',
    );
    expect((await call('GET', '/stocklist/alert/items', { token: buyer })).body[item!.inw].quantity).toBe(3);
  });

  it('a blank participant header names nobody: the tenant’s own alert stays', async () => {
    const [, , , , item] = await items('acme');
    expect(
      (
        await call('POST', '/stocklist/alert/item', {
          token: buyer,
          body: { itemNumberWarehouse: item!.inw, quantity: 4 },
        })
      ).status,
    ).toBe(201);
    for (const blank of ['', ' ']) {
      const headers = { 'pxns-participant-id': blank };
      expectRefused(
        await call('DELETE', `/stocklist/alert/item/${item!.inw}`, { token: buyer, headers }),
        'pxns-participant-id',
      );
      expectRefused(
        await call('PUT', `/stocklist/alert/item/${item!.inw}`, { token: buyer, headers, body: { quantity: 8 } }),
        'pxns-participant-id',
      );
    }
    expect((await call('GET', '/stocklist/alert/items', { token: buyer })).body[item!.inw].quantity).toBe(4);
  });
});

describe('text JSON or PostgreSQL cannot store is refused with the field named', () => {
  it('a lone surrogate in preferences, a checkout selection, an alert key', async () => {
    const [, , , , , item] = await items('acme');
    const { checkoutId, selection } = await readyCheckout(call, buyer, [
      { inw: item!.inw, listPrice: item!.listPrice, quantity: 1 },
    ]);
    expectRefused(
      await call('POST', '/preferences', {
        token: buyer,
        body: { selection: { ...EMPTY_SELECTION, shippingInstructions: `Gate ${LONE_SURROGATE}` } },
      }),
      'selection.shippingInstructions',
    );
    expectRefused(
      await call('PUT', `/checkout/${checkoutId}/selection`, {
        token: buyer,
        body: { selection: { ...selection, billMyAccount: { ...selection.billMyAccount, carrier: LONE_SURROGATE } } },
      }),
      'selection.billMyAccount.carrier',
    );
    expectRefused(
      await call('POST', `/checkout/${checkoutId}/calculate-charges`, {
        token: buyer,
        body: { selection: { ...selection, shippingInstructions: '\udc00' } },
      }),
      'selection.shippingInstructions',
    );
    expectRefused(
      await call('POST', '/stocklist/alert/item', {
        token: buyer,
        body: { itemNumberWarehouse: `${item!.inw}\u0000`, quantity: 3 },
      }),
      'itemNumberWarehouse',
    );
    // Whole characters outside the BMP are text like any other.
    expect(
      (
        await call('POST', '/preferences', {
          token: buyer,
          body: { selection: { ...EMPTY_SELECTION, shippingInstructions: 'Leave at the 🚪' } },
        })
      ).status,
    ).toBe(200);
  });
});
