/**
 * Buyers under load on two replicas: BENCH_BUYERS (100) simulated buyers for BENCH_BUYERS_SECONDS
 * (60) against two replicas of the built server on one PostgreSQL database behind a round-robin
 * proxy (tests/support/cluster.ts). Each buyer signs in once before the clock starts (ten at a time:
 * a hundred at once is the sign-in storm's case, tests/bench/sign-in-storm.ts), then loops: the stock page, a filtered
 * stock page, add to the cart (buy at list price), the cart, the hand-off to checkout, the checkout
 * page and the submission (hold). Reported: requests, errors, p50 and p99 per step; each replica's
 * peak RSS; and whether the stock taken by all those orders adds up (no order's count written over
 * another's). Runs alone too: `npm run build && tsx tests/bench/buyers.ts`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EMPTY_SELECTION } from '../../app/domain/checkout/selection';
import { type Client } from '../security/server';
import { adminCall, onDatabase, onTwoReplicas, rssSampler, signedIn, StepError, Tally } from './load';

const BUYERS = Number(process.env.BENCH_BUYERS ?? 100);
const SECONDS = Number(process.env.BENCH_BUYERS_SECONDS ?? 60);
const ITEMS = process.env.BENCH_BUYERS_ITEMS ?? '5000';
const PORT = Number(process.env.BENCH_BUYERS_PORT ?? 3501);
const PASSWORD = 'Demo#2026';
const WAREHOUSE = { code: 'MIA', label: 'Miami' };
const STEPS = [
  'stock page',
  'stock page, filtered',
  'add to cart',
  'cart page',
  'hand-off to checkout',
  'checkout page',
  'submission (hold)',
] as const;
type Step = (typeof STEPS)[number];

interface Item {
  itemNumberWarehouse: string;
  quantityAvailable: number;
  incrementSize: number;
}

/** Every buyer's steps, and the orders they placed. */
class ShopTally extends Tally<Step> {
  orders = 0;
}

const MANUFACTURERS = ['Apple', 'Samsung', 'Google', 'Motorola'];
const GRADES = ['A+', 'A', 'B', 'C', 'D'];
const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;

/** One signed-in buyer's visit: shops in a loop until the deadline. */
async function buyer(
  client: Client,
  { chosen: selection }: Shopper,
  items: Item[],
  tally: ShopTally,
  deadline: number,
) {
  while (Date.now() < deadline) {
    try {
      await tally.timed('stock page', 200, () => client.request('/stock'));
      const filter = new URLSearchParams({
        warehouseGroup: 'acme-us',
        category: 'PHONES',
        manufacturer: pick(MANUFACTURERS),
        grade: pick(GRADES),
      });
      await tally.timed('stock page, filtered', 200, () => client.request(`/stock?${filter}`));
      const item = pick(items);
      await tally.timed('add to cart', 302, () =>
        client.post('/stock?index', {
          intent: 'offer-save',
          mode: 'buy',
          participantId: 'acme',
          itemNumberWarehouse: item.itemNumberWarehouse,
          quantity: String(item.incrementSize),
          price: '',
          offerId: '',
        }),
      );
      const cart = await (await tally.timed('cart page', 200, () => client.request('/cart'))).text();
      const offerIds = [...new Set([...cart.matchAll(/data-offer="(\d+)"/g)].map((m) => m[1]!))];
      const form = new URLSearchParams([
        ['intent', 'checkout'],
        ['box', WAREHOUSE.code],
        ...offerIds.map((id) => ['offerId', id]),
      ]);
      const handOff = await tally.timed('hand-off to checkout', 302, () => client.post('/cart', form));
      const page = handOff.headers.get('location')!;
      const checkout = await (await tally.timed('checkout page', 200, () => client.request(page))).text();
      const submissionKey = /name="submissionKey" value="([^"]+)"/.exec(checkout)?.[1] ?? '';
      const submitted = await tally.timed('submission (hold)', 302, () =>
        client.post(page, {
          intent: 'hold',
          submissionKey,
          wasShippingAddressId: selection.shippingAddressId,
          wasShippingMethodCode: selection.shippingMethodCode,
          wasInsured: 'no',
          ...selection,
          insured: 'no',
        }),
      );
      if (!submitted.headers.get('location')?.startsWith('/checkout/order-release-confirmation'))
        throw new StepError('submission (hold)');
      tally.orders++;
    } catch (error) {
      if (!(error instanceof StepError)) throw error;
    }
  }
}

/** A buyer of the run: created by the admin API, with checkout preferences saved so the checkout page starts complete. */
async function makeBuyer(base: string, adminToken: string, index: number) {
  const email = `load-${index}@example.com`;
  await adminCall(base, adminToken, 'POST', '/admin/users', {
    email,
    password: PASSWORD,
    firstName: 'Load',
    lastName: `Buyer ${index}`,
    isBuyer: true,
    authorities: ['CAN_BUY_ONLINE'],
  });
  const { accessToken } = (await (
    await fetch(`${base}/px-api-gateway/identity/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    })
  ).json()) as { accessToken: string };
  const auth = { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` };
  const options = (await (await fetch(`${base}/px-api-gateway/preferences/options`, { headers: auth })).json()) as {
    shippingAddresses: { id: number }[];
    billingAddresses: { id: number }[];
  };
  const selection = {
    ...EMPTY_SELECTION,
    shippingAddressId: options.shippingAddresses[0]!.id,
    shippingMethodCode: 'ACME_STANDARD_SHIPPING',
    insured: false,
    billingAddressId: options.billingAddresses[0]!.id,
    paymentMethodCode: 'WIRE_TRANSFER',
  };
  const saved = await fetch(`${base}/px-api-gateway/preferences`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ selection }),
  });
  if (!saved.ok) throw new Error(`preferences answered ${saved.status}: ${await saved.text()}`);
  // The checkout form posts what the page shows chosen: these.
  const chosen = {
    shippingAddressId: String(selection.shippingAddressId),
    shippingMethodCode: selection.shippingMethodCode,
    billingAddressId: String(selection.billingAddressId),
    paymentMethodCode: selection.paymentMethodCode,
  };
  return { email, chosen };
}
type Shopper = Awaited<ReturnType<typeof makeBuyer>>;

const lastOrderId = (databaseUrl: string) =>
  onDatabase(databaseUrl, async (client) =>
    Number((await client.query<{ id: number | null }>('SELECT max(id) AS id FROM orders')).rows[0]!.id ?? 0),
  );

/** Units taken from each item by the orders of the run (after `sinceOrder`) against what its stock lost: answers the items where they differ. */
function stockDrift(databaseUrl: string, before: Item[], sinceOrder: number) {
  return onDatabase(databaseUrl, async (client) => {
    const inws = before.map((i) => i.itemNumberWarehouse);
    const { rows: now } = await client.query<{ inw: string; quantity: number }>(
      'SELECT item_number_warehouse AS inw, quantity_available AS quantity FROM stock_items WHERE participant_id = $1 AND item_number_warehouse = ANY($2)',
      ['acme', inws],
    );
    const { rows: ordered } = await client.query<{ inw: string; units: string }>(
      'SELECT l.item_number_warehouse AS inw, SUM(l.quantity) AS units FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.participant_id = $1 AND l.item_number_warehouse = ANY($2) AND o.id > $3 GROUP BY 1',
      ['acme', inws, sinceOrder],
    );
    const quantity = new Map(now.map((r) => [r.inw, r.quantity]));
    const units = new Map(ordered.map((r) => [r.inw, Number(r.units)]));
    const drift = before.filter(
      (i) => i.quantityAvailable - (units.get(i.itemNumberWarehouse) ?? 0) !== quantity.get(i.itemNumberWarehouse),
    );
    return { units: [...units.values()].reduce((a, b) => a + b, 0), drift };
  });
}

/** Runs the scenario and prints its table; answers false when no PostgreSQL is configured. */
export function buyersBench(): Promise<boolean> {
  return onTwoReplicas(
    'Buyers on two replicas',
    'buyers',
    { port: PORT, items: ITEMS },
    async ({ cluster, adminToken, databaseUrl }) => {
      const shoppers: Shopper[] = [];
      for (let i = 0; i < BUYERS; i += 10)
        shoppers.push(
          ...(await Promise.all(
            Array.from({ length: Math.min(10, BUYERS - i) }, (_, k) => makeBuyer(cluster.url, adminToken, i + k)),
          )),
        );
      const items = (
        (await adminCall(
          cluster.url,
          adminToken,
          'GET',
          `/admin/stock?warehouse=${WAREHOUSE.code}&minQuantity=30&limit=500`,
        )) as (Item & { participantId: string })[]
      ).filter((i) => i.participantId === 'acme');
      const sinceOrder = await lastOrderId(databaseUrl);
      // Signed in before the clock, ten at a time: a hundred at once is the sign-in storm's case.
      const clients: Client[] = [];
      for (let i = 0; i < shoppers.length; i += 10)
        clients.push(
          ...(await Promise.all(shoppers.slice(i, i + 10).map(({ email }) => signedIn(cluster.url, email, PASSWORD)))),
        );
      const tally = new ShopTally(STEPS);
      const rss = rssSampler(cluster);
      const started = Date.now();
      await Promise.all(
        shoppers.map((shopper, i) => buyer(clients[i]!, shopper, items, tally, started + SECONDS * 1000)),
      );
      const elapsed = (Date.now() - started) / 1000;
      const stock = await stockDrift(databaseUrl, items, sinceOrder);

      console.log(
        `Buyers on two replicas: ${BUYERS} buyers for ${SECONDS} s (ran ${elapsed.toFixed(0)} s) through a round-robin proxy, one PostgreSQL, ${ITEMS} items; ${tally.orders} orders placed.`,
      );
      tally.report(elapsed);
      rss.stop();
      console.log(
        `stock: ${stock.units} units ordered from ${items.length} items; items whose stock did not lose exactly what was ordered: ${stock.drift.length}${
          stock.drift.length
            ? ` (${stock.drift
                .slice(0, 3)
                .map((i) => i.itemNumberWarehouse)
                .join(', ')})`
            : ''
        }: ${stock.drift.length === 0 ? 'held' : 'short'}`,
      );
    },
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buyersBench().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
