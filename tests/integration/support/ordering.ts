import { and, eq, gt, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { EMPTY_SELECTION, type Selection } from '../../../app/domain/checkout/selection';
import { orders, paymentLedger, stockItems } from '../../../server/marketplace/db/schema';
import { DEMO_PASSWORD } from '../../../server/marketplace/db/seed/users';
import { scratchPostgres } from '../../support/scratch-postgres';
import { accessToken, apiCaller, startTestMarketplace } from '../harness';

type Harness = Awaited<ReturnType<typeof startTestMarketplace>>;
type Call = ReturnType<typeof apiCaller>;

/** A test marketplace for the file's tests (started before them, closed after), with its API caller; read them inside tests. */
export function testMarketplace(options: Parameters<typeof startTestMarketplace>[0]) {
  let started: { harness: Harness; call: Call } | undefined;
  beforeAll(async () => {
    const harness = await startTestMarketplace(options);
    started = { harness, call: apiCaller(harness.marketplace) };
  });
  afterAll(() => started?.harness.close());
  return () => started!;
}

/**
 * testMarketplace on PGlite, or on a scratch PostgreSQL database made from `adminUrl` for the file's
 * tests and dropped after them.
 */
export function testMarketplaceOn(
  kind: 'PGlite' | 'PostgreSQL',
  adminUrl: string | undefined,
  name: string,
  options: Parameters<typeof startTestMarketplace>[0],
) {
  let scratch: Awaited<ReturnType<typeof scratchPostgres>> | undefined;
  let started: { harness: Harness; call: Call } | undefined;
  beforeAll(async () => {
    if (kind === 'PostgreSQL') scratch = await scratchPostgres(adminUrl!, name);
    const harness = await startTestMarketplace({ ...options, databaseUrl: scratch?.url });
    started = { harness, call: apiCaller(harness.marketplace) };
  }, 120_000);
  afterAll(async () => {
    await started?.harness.close();
    await scratch?.drop();
  });
  return () => started!;
}

/** A checkout's choice as a buyer makes it: the first addresses, standard shipping not insured, and the given payment method. */
export function chosenSelection(
  payload: { options: { shippingAddresses: { id: number }[]; billingAddresses: { id: number }[] } },
  change: Partial<Selection> = {},
): Selection {
  return {
    ...EMPTY_SELECTION,
    shippingAddressId: payload.options.shippingAddresses[0]!.id,
    shippingMethodCode: 'ACME_STANDARD_SHIPPING',
    insured: false,
    billingAddressId: payload.options.billingAddresses[0]!.id,
    paymentMethodCode: 'WIRE_TRANSFER',
    ...change,
  };
}

/** Items of a warehouse in good supply (more than 10, a list price, sold one by one), oldest first. */
export function suppliedItems(
  db: Harness['database']['db'],
  warehouse: string,
  page: { limit?: number; offset?: number } = {},
) {
  let query = db
    .select({
      inw: stockItems.itemNumberWarehouse,
      listPrice: stockItems.listPrice,
      quantity: stockItems.quantityAvailable,
    })
    .from(stockItems)
    .where(
      and(
        eq(stockItems.warehouseCode, warehouse),
        gt(stockItems.quantityAvailable, 10),
        isNotNull(stockItems.listPrice),
        eq(stockItems.incrementSize, 1),
      ),
    )
    .orderBy(stockItems.id)
    .$dynamic();
  if (page.limit !== undefined) query = query.limit(page.limit);
  if (page.offset !== undefined) query = query.offset(page.offset);
  return query;
}

/** A buyer's orders through the tenant API of a test marketplace (started in beforeAll: hence the getter): place, add to, pay through the sandbox; and the rows they leave. */
/** `home`: the warehouse orders are placed in (a euro tenant's demo stock has no Miami). */
export function ordering(started: () => { harness: Harness; call: Call }, prefix: string, home = 'MIA') {
  let buyers = 0;
  const call: Call = (...args) => started().call(...args);
  const db = () => started().harness.database.db;
  const marketplace = () => started().harness.marketplace;

  async function newBuyer(authorities: string[] = ['CAN_BUY_ONLINE']) {
    const email = `${prefix}${++buyers}@example.com`;
    await call('POST', '/admin/users', { body: { email, password: DEMO_PASSWORD, authorities } });
    return accessToken(call, email, DEMO_PASSWORD);
  }

  /** A cart entry at list price for the item at `offset` (wrapping around) among the warehouse's items in good supply. */
  async function cartOffers(token: string, quantity: number, offset: number, warehouse = home) {
    const rows = await suppliedItems(db(), warehouse);
    const row = rows[offset % rows.length];
    const offer = await call('POST', '/stocklist/offer', {
      token,
      body: { itemNumberWarehouse: row!.inw, offerQuantity: quantity, offerPrice: row!.listPrice },
    });
    expect(offer.status).toBe(201);
    return [offer.body.offerId as number];
  }

  /** A released order of `quantity` units of one item of the home warehouse (paid online unless the selection says otherwise). */
  async function placed(token: string, quantity: number, offset: number, change: Partial<Selection> = {}) {
    const handOff = await call('POST', `/cart/cart-checkout/${home}`, {
      token,
      body: await cartOffers(token, quantity, offset),
    });
    const payload = (await call('GET', `/checkout/${handOff.body.checkoutId}`, { token })).body;
    const submitted = await call('POST', `/checkout/${handOff.body.checkoutId}/submit`, {
      token,
      body: {
        submissionKey: payload.submissionKey,
        readyToRelease: true,
        selection: chosenSelection(payload, { paymentMethodCode: 'INTEGRATED_PAYPAL', ...change }),
      },
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
    return submitted.body.phonexOrderNumber as string;
  }

  /**
   * Starts a payment, approves it in the sandbox and confirms it (`confirmTimes` at once): answers the sandbox's page, the payment's token and the first confirmation.
   * Paid as Pay and Ship Now (the order is released once paid) unless `release` is false (an order held and paid online stays on hold).
   */
  async function pay(token: string, n: string, confirmTimes = 1, release = true) {
    const started = await call('POST', `/orders/${n}/payment`, {
      token,
      body: { returnUrl: `/orders/${n}/order-release-confirmation`, releaseOnSuccess: release },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const asked = await (await marketplace().fetch(new Request(`http://m${started.body.approveUrl}`))).text();
    const decided = await marketplace().fetch(
      new Request(`http://m${started.body.approveUrl}`, {
        method: 'POST',
        body: new URLSearchParams({ decision: 'approve' }),
      }),
    );
    const back = new URL(decided.headers.get('location')!, 'http://m');
    const body = { token: back.searchParams.get('token'), payerId: back.searchParams.get('PayerID') };
    const answers = await Promise.all(
      Array.from({ length: confirmTimes }, () => call('POST', `/orders/${n}/payment/confirm`, { token, body })),
    );
    return { asked, paymentToken: body.token!, confirmed: answers[0]!.body };
  }

  /** Adds a new cart entry to order `n` through ADD TO EXISTING ORDER; answers the submission's answer. */
  async function addToOrder(token: string, n: string, quantity: number, offset: number, warehouse = 'MIA') {
    const again = await call('POST', `/cart/add-to-existing-order/${warehouse}`, {
      token,
      body: await cartOffers(token, quantity, offset, warehouse),
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const combined = (await call('GET', `/checkout/${again.body.checkoutId}?salesOrder=${n}`, { token })).body;
    return call('POST', `/checkout/${again.body.checkoutId}/submit`, {
      token,
      body: {
        submissionKey: combined.submissionKey,
        readyToRelease: false,
        selection: combined.selection,
        salesOrder: n,
        version: combined.onHoldSalesOrder.version,
      },
    });
  }

  async function orderRow(n: string) {
    const [row] = await db().select().from(orders).where(eq(orders.phonexOrderNumber, n));
    return row!;
  }

  async function ledgerOf(n: string) {
    const order = await orderRow(n);
    return db().select().from(paymentLedger).where(eq(paymentLedger.orderId, order.id)).orderBy(paymentLedger.id);
  }

  return { newBuyer, cartOffers, placed, pay, addToOrder, orderRow, ledgerOf };
}
