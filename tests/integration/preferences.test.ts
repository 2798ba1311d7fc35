import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, isNotNull } from 'drizzle-orm';
import {
  buyerPreferences,
  orderEvents,
  orderLines,
  orders,
  stockItems,
  users,
} from '../../server/marketplace/db/schema';
import { DEMO_PASSWORD } from '../../server/marketplace/db/seed/users';
import { EMPTY_SELECTION, maxInsurance } from '../../app/domain/checkout/selection';
import { PREFERENCES_SIZE } from '../../app/domain/checkout/preferences';
import { computeCharges } from '../../app/domain/checkout/charges';
import { action, loader } from '../../app/routes/_app.preferences/route';
import { openDatabase } from '../../server/marketplace/db/client';
import { seedDemoData } from '../../server/marketplace/db/seed';
import { accessToken, apiCaller, portalContext, startTestMarketplace } from './harness';
import { buyerSession, demoBuyerSession } from './support/signed-in';
import { answerResponse } from '../support/route-answer';

/**
 * The preferences page (spec 3 §2.4, §5, §8) run against the embedded marketplace: the saved choice
 * with stale ids dropped, the closed set of intents, the errors of a save with the reset rules run
 * against what the page showed, a save that becomes the next checkout's defaults, a load failure
 * that replaces the page; and the demo buyer's seeded preferences and on-hold orders.
 */
let harness: Awaited<ReturnType<typeof startTestMarketplace>>;
let call: ReturnType<typeof apiCaller>;
beforeAll(async () => {
  harness = await startTestMarketplace({ items: 60 });
  call = apiCaller(harness.marketplace);
});
afterAll(() => harness.close());

const context = () => portalContext(harness.marketplace.fetch);
/** What the loader or action answered, returned or thrown, as the client gets it. */
const outcome = (run: () => Promise<unknown>) => run().then(answerResponse, answerResponse);

let buyers = 0;
async function newBuyer() {
  const email = `prefs${++buyers}@example.com`;
  await call('POST', '/admin/users', { body: { email, password: DEMO_PASSWORD, authorities: ['CAN_BUY_ONLINE'] } });
  const { cookie } = await buyerSession(context(), email);
  return { email, cookie, token: await accessToken(call, email, DEMO_PASSWORD) };
}

const page = (cookie: string) =>
  outcome(() =>
    loader({
      request: new Request('http://portal/preferences', { headers: { cookie } }),
      context: context(),
      params: {},
    }),
  );
const post = (cookie: string, fields: [string, string][]) =>
  outcome(() =>
    action({
      request: new Request('http://portal/preferences', {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      }),
      context: context(),
      params: {},
    }),
  );
const saved = async (email: string) => {
  const [row] = await harness.database.db
    .select({ selection: buyerPreferences.selection })
    .from(buyerPreferences)
    .innerJoin(users, eq(users.buyerId, buyerPreferences.buyerId))
    .where(eq(users.email, email));
  return row?.selection ?? null;
};

describe('preferences page', () => {
  it('shows the saved choice of the demo buyer with the options', async () => {
    const { cookie } = await demoBuyerSession(context());
    const response = await page(cookie);
    expect(response.status).toBe(200);
    const data = await response.json();
    const main = data.options.shippingAddresses.find((a: { label: string }) => a.label === 'Main warehouse');
    const head = data.options.billingAddresses.find((a: { label: string }) => a.label === 'Head office');
    expect(data.failure).toBeNull();
    expect(data.selection).toEqual({
      ...EMPTY_SELECTION,
      shippingAddressId: main.id,
      shippingMethodCode: 'ACME_STANDARD_SHIPPING',
      insured: false,
      billingAddressId: head.id,
      paymentMethodCode: 'TERMS_NET_30',
    });
  });

  it('answers an unknown, missing or doubled intent and a form outside the fields with a 400 that saves nothing', async () => {
    const { email, cookie } = await newBuyer();
    for (const fields of [
      [['intent', 'delete']],
      [],
      [
        ['intent', 'save'],
        ['intent', 'save'],
      ],
      [
        ['intent', 'save'],
        ['insured', 'maybe'],
      ],
      [
        ['intent', 'save'],
        ['shippingAddressId', '-1'],
      ],
    ] as [string, string][][]) {
      const response = await post(cookie, fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
    }
    expect(await saved(email)).toBeNull();
  });

  it('needs a shipping method and a payment method: the errors by the fields, the first failing row in focus; the reset rules run against what the page showed', async () => {
    const { email, cookie, token } = await newBuyer();
    const data = await (await page(cookie)).json();
    expect(data.selection).toEqual(EMPTY_SELECTION);
    const [main, east] = data.options.shippingAddresses as { id: number }[];
    const empty = await post(cookie, [['intent', 'save']]);
    expect(empty.status).toBe(400);
    // Conform's last result: each error under its field, the first also the form's own (said above the rows).
    expect(await empty.json()).toMatchObject({
      kind: 'rows',
      form: 'preferences',
      rows: { focus: 'shippingAddress' },
      result: {
        status: 'error',
        error: {
          '': ['checkout.errors.shippingAddressRequired'],
          shippingAddressId: ['checkout.errors.shippingAddressRequired'],
          shippingMethodCode: ['checkout.errors.shippingMethodRequired'],
          paymentMethodCode: ['checkout.errors.paymentMethodRequired'],
        },
      },
    });

    // A new address takes its first method and asks about insurance again, even with a method posted for the old one.
    const moved = await post(cookie, [
      ['intent', 'save'],
      ['wasShippingAddressId', String(main!.id)],
      ['shippingAddressId', String(east!.id)],
      ['shippingMethodCode', 'LOCAL_PICKUP'],
      ['insured', 'no'],
      ['wasInsured', 'no'],
      ['wasShippingMethodCode', 'LOCAL_PICKUP'],
    ]);
    const answer = await moved.json();
    expect(answer.rows.selection).toMatchObject({
      shippingAddressId: east!.id,
      shippingMethodCode: 'ACME_STANDARD_SHIPPING',
      insured: null,
    });
    expect(answer.rows.focus).toBe('shippingMethod');
    expect(answer.result.error.insured).toEqual(['checkout.errors.selectInsurance']);
    for (const field of ['shippingMethodCode', 'insuredAmount', 'shippingInstructions', 'carrier', 'quoteAmount'])
      expect(answer.result.error[field], field).toBeUndefined();
    expect(await saved(email)).toBeNull();

    // Valid: saved without the insurance fields of a method that has none, and the instructions it ignores.
    const head = data.options.billingAddresses[0].id;
    const ok = await post(cookie, [
      ['intent', 'save'],
      ['shippingAddressId', String(main!.id)],
      ['wasShippingAddressId', String(main!.id)],
      ['shippingMethodCode', 'LOCAL_PICKUP'],
      ['wasShippingMethodCode', 'LOCAL_PICKUP'],
      ['insured', 'yes'],
      ['wasInsured', 'yes'],
      ['insuredAmount', '100'],
      ['shippingInstructions', 'Ring twice'],
      ['billingAddressId', String(head)],
      ['paymentMethodCode', 'COD'],
      ['service', 'DATA_WIPE'],
      ...ROWS_OPEN,
    ]);
    expect(ok.status).toBe(302);
    expect(ok.headers.get('location')).toBe('/preferences');
    expect(ok.headers.get('set-cookie')).toContain('__toast=');
    const expected = {
      ...EMPTY_SELECTION,
      shippingAddressId: main!.id,
      shippingMethodCode: 'LOCAL_PICKUP',
      billingAddressId: head,
      paymentMethodCode: 'COD',
      additionalServiceCodes: ['DATA_WIPE'],
    };
    expect(await saved(email)).toEqual(expected);
    expect((await (await page(cookie)).json()).selection).toEqual(expected);

    // The next checkout starts from them: every row valid, so every row closed.
    const [item] = await harness.database.db
      .select({ inw: stockItems.itemNumberWarehouse, listPrice: stockItems.listPrice })
      .from(stockItems)
      .where(
        and(
          eq(stockItems.warehouseCode, 'MIA'),
          gt(stockItems.quantityAvailable, 10),
          isNotNull(stockItems.listPrice),
          eq(stockItems.incrementSize, 1),
        ),
      )
      .limit(1);
    const offer = await call('POST', '/stocklist/offer', {
      token,
      body: { itemNumberWarehouse: item!.inw, offerQuantity: 2, offerPrice: item!.listPrice },
    });
    const handOff = await call('POST', '/cart/cart-checkout/MIA', { token, body: [offer.body.offerId] });
    const checkout = (await call('GET', `/checkout/${handOff.body.checkoutId}`, { token })).body;
    expect(checkout.selection).toEqual(expected);
    expect(checkout.invalidRows).toEqual({});
    expect(checkout.charges.additionalServicesFee).toBe(2 * 1_50);
  });

  it('saves insurance where the method offers it, up to the tenant maximum (no order subtotal caps it)', async () => {
    const { email, cookie } = await newBuyer();
    const data = await (await page(cookie)).json();
    const main = String(data.options.shippingAddresses[0].id);
    const fields = (amount: string): [string, string][] => [
      ['intent', 'save'],
      ['shippingAddressId', main],
      ['wasShippingAddressId', main],
      ['shippingMethodCode', 'ACME_STANDARD_SHIPPING'],
      ['wasShippingMethodCode', 'ACME_STANDARD_SHIPPING'],
      ['insured', 'yes'],
      ['wasInsured', 'yes'],
      ['insuredAmount', amount],
      ['billingAddressId', String(data.options.billingAddresses[1].id)],
      ['paymentMethodCode', 'TERMS_NET_30'],
    ];
    const above = await post(cookie, fields('50000.01'));
    expect((await above.json()).result.error.insuredAmount).toEqual(['checkout.errors.insuranceMax']);
    // The maximum the message names, as the page works it out from the options: the tenant's alone.
    expect(maxInsurance(data.options, PREFERENCES_SIZE)).toBe(50_000_00);
    expect((await post(cookie, fields('30000'))).status).toBe(302);
    expect(await saved(email)).toMatchObject({
      shippingMethodCode: 'ACME_STANDARD_SHIPPING',
      insured: true,
      insuredAmount: 30_000_00,
      paymentMethodCode: 'TERMS_NET_30',
    });
  });

  it('drops stale ids when the preferences load', async () => {
    const { cookie, token } = await newBuyer();
    const options = (await call('GET', '/preferences/options', { token })).body;
    const selection = {
      ...EMPTY_SELECTION,
      shippingAddressId: options.shippingAddresses[0].id,
      shippingMethodCode: 'NO_LONGER',
      billingAddressId: 999_999,
      paymentMethodCode: 'COD',
      additionalServiceCodes: ['GONE', 'PHOTO_AUDIT'],
    };
    expect((await call('POST', '/preferences', { token, body: { selection } })).status).toBe(200);
    const data = await (await page(cookie)).json();
    expect(data.selection).toMatchObject({
      shippingAddressId: options.shippingAddresses[0].id,
      shippingMethodCode: null,
      billingAddressId: null,
      paymentMethodCode: 'COD',
      additionalServiceCodes: ['PHOTO_AUDIT'],
    });
  });

  it('shows the message in place of the page when the options do not load', async () => {
    const { cookie } = await newBuyer();
    const failing = portalContext(async (request: Request) =>
      new URL(request.url).pathname.endsWith('/preferences/options')
        ? new Response(JSON.stringify({ messageCode: 'preferencesDown', message: 'Preferences are resting' }), {
            status: 503,
            headers: { 'content-type': 'application/json' },
          })
        : harness.marketplace.fetch(request),
    );
    const response = await outcome(() =>
      loader({
        request: new Request('http://portal/preferences', { headers: { cookie } }),
        context: failing,
        params: {},
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      failure: {
        messageCode: 'preferencesDown',
        text: 'Preferences are resting',
        fallbackKey: 'preferences.loadFailed',
      },
      options: null,
      selection: null,
    });
  });
});

const ROWS_OPEN: [string, string][] = [
  'shippingAddress',
  'shippingMethod',
  'billingAddress',
  'paymentMethod',
  'additionalServices',
].map((row) => ['open', row]);

describe('demo data', () => {
  it('gives the demo buyer one on-hold order per own warehouse with stock, priced from the stock in minor units, with its CREATED event', async () => {
    const db = harness.database.db;
    const [buyer] = await db.select({ buyerId: users.buyerId }).from(users).where(eq(users.email, 'buyer@example.com'));
    // The on-hold ones (the demo buyer also has orders the seller shipped, invoiced, canceled or was paid for: see order-fulfilment.test.ts).
    const placed = await db
      .select()
      .from(orders)
      .where(and(eq(orders.buyerId, buyer!.buyerId!), eq(orders.status, 'ON_HOLD')));
    expect(placed.length).toBeGreaterThan(0);
    expect(new Set(placed.map((o) => o.warehouseCode)).size).toBe(placed.length);
    for (const order of placed) {
      expect(order).toMatchObject({
        status: 'ON_HOLD',
        paymentStatus: 'UNPAID',
        paymentMethodCode: 'TERMS_NET_30',
        participantId: 'acme',
      });
      const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
      expect(lines.length).toBeGreaterThanOrEqual(1);
      for (const line of lines) {
        const [item] = await db
          .select()
          .from(stockItems)
          .where(eq(stockItems.itemNumberWarehouse, line.itemNumberWarehouse));
        expect(item!.warehouseCode).toBe(order.warehouseCode);
        expect(line.unitPrice).toBe(Math.round(item!.listPrice! * 100));
      }
      const expected = computeCharges({
        lines,
        freight: 25_00 + 50 * lines.reduce((n, l) => n + l.quantity, 0),
        insurance: null,
        services: [],
        tax: { rate: 825, description: 'Texas sales tax 8.25%' },
        paymentFee: { type: 'FIXED', value: 25_00 },
      });
      expect(order).toMatchObject({
        subtotal: expected.subtotal,
        freight: expected.freight,
        tax: expected.tax,
        paymentFee: 25_00,
        total: expected.total,
      });
      expect(
        await db.select({ kind: orderEvents.kind }).from(orderEvents).where(eq(orderEvents.orderId, order.id)),
      ).toEqual([{ kind: 'CREATED' }]);
    }
    // The add-to-existing-order path offers them, newest first.
    const token = await accessToken(call, 'buyer@example.com', DEMO_PASSWORD);
    expect((await call('GET', '/cart/add-to-existing-order/warehouses', { token })).body.length).toBe(placed.length);
  });

  it('seeds warehouses without stock without an order for them', async () => {
    const tiny = await openDatabase({ dataDir: 'memory://' });
    try {
      await seedDemoData(tiny.db, { items: 3 });
      const stocked = new Set(
        (
          await tiny.db
            .select({ w: stockItems.warehouseCode })
            .from(stockItems)
            .where(
              and(
                eq(stockItems.participantId, 'acme'),
                isNotNull(stockItems.listPrice),
                gt(stockItems.quantityAvailable, 0),
              ),
            )
        ).map((r) => r.w),
      );
      const placed = await tiny.db.select({ w: orders.warehouseCode }).from(orders).where(eq(orders.status, 'ON_HOLD'));
      expect(placed.map((o) => o.w).sort()).toEqual([...stocked].sort());
      expect(await tiny.db.select().from(buyerPreferences)).toHaveLength(1);
    } finally {
      await tiny.close();
    }
  }, 120_000);
});
