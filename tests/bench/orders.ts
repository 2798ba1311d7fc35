import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminHeaders, portalSessionCookie, standaloneBenchServer } from './bench-server';
import { checkoutBench } from './checkout';
import { timed, timedAgainst, type Target } from './timing';

/**
 * The orders list of a buyer with 10,000 orders (made once with the admin bulk insert and kept in
 * the bench data): the first page in the default sort, a page sorted on the shipped share (line
 * sums of every order), a page sorted on the total further in, and a search of item descriptions.
 * Run by tests/bench/run.ts; `tsx tests/bench/orders.ts` runs these cases alone against a server
 * of its own (a small catalogue), with the same bare-page floor.
 */
export const ORDER_COUNT = Number(process.env.BENCH_ORDERS ?? 10_000);
/** The order details page is measured on an order this long (issue 39: an order of 500 lines). */
export const ORDER_LINES = 500;
const BUYER = 'bench-orders@example.com';
const PASSWORD = 'Demo#2026';

interface Setup {
  base: string;
  dataDir: string;
}

async function json(response: Response) {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/**
 * The bench's servers run without their background jobs, so the daily PGlite maintenance (VACUUM
 * ANALYZE) a running server does is run once after the bench's data is made: without it a count
 * of a buyer's 10,000 orders scanned the whole table (15 ms) instead of the index (2 ms).
 */
export async function maintainDatabase(base: string, dataDir: string) {
  const response = await fetch(`${base}/px-api-gateway/admin/jobs/pglite-maintenance`, {
    method: 'POST',
    headers: adminHeaders(dataDir),
  });
  if (!response.ok) throw new Error(`database maintenance answered ${response.status}`);
}

export async function ordersBench({ base, dataDir }: Setup) {
  const admin = adminHeaders(dataDir);
  await fetch(`${base}/px-api-gateway/admin/users`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({
      email: BUYER,
      password: PASSWORD,
      authorities: ['CAN_BUY_ONLINE', 'CAN_VIEW_ORDER', 'CAN_UPDATE_ORDER'],
    }),
  });
  const signIn = await json(
    await fetch(`${base}/px-api-gateway/identity/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: BUYER, password: PASSWORD }),
    }),
  );
  const auth = { authorization: `Bearer ${signIn.accessToken as string}` };
  const have = ((await json(await fetch(`${base}/px-api-gateway/orders`, { headers: auth }))) as { total: number })
    .total;
  let buildMs: number | null = null;
  // A description on one of the buyer's lines, kept with the bench data for the runs that reuse it.
  const searchFile = path.join(dataDir, 'bench-orders-search.txt');
  let description = fs.existsSync(searchFile) ? fs.readFileSync(searchFile, 'utf8').trim() : '';
  if (have < ORDER_COUNT) {
    console.log(`Making ${ORDER_COUNT - have} orders for ${BUYER}...`);
    const started = performance.now();
    const made = await json(
      await fetch(`${base}/px-api-gateway/admin/order-history`, {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({ email: BUYER, count: ORDER_COUNT - have }),
      }),
    );
    buildMs = performance.now() - started;
    description = made.first[0].descriptions[0];
    fs.writeFileSync(searchFile, description);
  }
  const cookie = await portalSessionCookie(base, BUYER, PASSWORD);
  const found = (
    (await json(
      await fetch(`${base}/px-api-gateway/orders?search=${encodeURIComponent(description)}`, { headers: auth }),
    )) as { total: number }
  ).total;
  return {
    headers: { cookie },
    buildMs,
    /**
     * Name, address and goal (times the bare page): the first page reads 50 orders off the index;
     * a sort on the total reads the buyer's orders; the shipped share sums every order's lines, and
     * a search reads every line of the buyer's (PGlite, one thread of WebAssembly, does both).
     */
    cases: [
      [`orders page, ${ORDER_COUNT} orders, first page`, `${base}/orders`, 3],
      [`orders page, sorted on total, page 120`, `${base}/orders?sort=total&dir=asc&page=120`, 4],
      [`orders page, sorted on shipped %, page 7`, `${base}/orders?sort=shippedPercent&dir=desc&page=7`, 5],
      [`orders page, search (${found} found)`, `${base}/orders?search=${encodeURIComponent(description)}`, 5],
    ] as [name: string, url: string, ratio: number][],
  };
}

/** An order of ORDER_LINES lines placed by a buyer of its own: its details page, as a case like those above. */
export async function orderDetailsBench(
  setup: Setup,
): Promise<[name: string, url: string, headers: Record<string, string>, ratio: number]> {
  const bench = await checkoutBench({ ...setup, lines: ORDER_LINES, buyer: 'bench-order@example.com' });
  const orderNumber = await bench.placeOne();
  return [`order details, ${ORDER_LINES} lines`, `${setup.base}/orders/${orderNumber}`, bench.headers(), 5];
}

/** These cases alone (with the order of ORDER_LINES lines): a server of their own on a small catalogue, the floor, the cases. */
async function alone() {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 40);
  const { base, dataDir, server } = await standaloneBenchServer({
    port: 3198,
    dataVariable: 'BENCH_ORDERS_DATA',
    fallbackDir: 'data-bench-orders',
    items: 5000,
  });
  try {
    const details = await orderDetailsBench({ base, dataDir });
    const bench = await ordersBench({ base, dataDir });
    await maintainDatabase(base, dataDir);
    const bare: Target = { url: `${base}/terms-of-sale`, headers: bench.headers };
    await timed({ url: `${base}/orders`, headers: bench.headers }, rounds);
    const floor = await timed(bare, rounds);
    if (bench.buildMs !== null)
      console.log(`Built ${ORDER_COUNT} orders in ${bench.buildMs.toFixed(0)} ms (one admin call, bulk insert).`);
    console.log(
      `Floor on its own: bare signed-in page ${floor.median.toFixed(1)} ms (median of ${rounds}); each case is timed in blocks of five alternating with it`,
    );
    console.log(
      'case'.padEnd(46),
      'median ms'.padStart(10),
      'p95 ms'.padStart(8),
      'floor ms'.padStart(9),
      'x floor'.padStart(8),
      'KiB'.padStart(7),
      '  goal'.padEnd(10),
      'result',
    );
    const cases: [name: string, url: string, headers: Record<string, string>, ratio: number][] = [
      details,
      ...bench.cases.map(([name, url, ratio]) => [name, url, bench.headers, ratio] as (typeof cases)[number]),
    ];
    for (const [name, url, headers, goal] of cases) {
      const { result, floor: floorBeside, ratio } = await timedAgainst(bare, { url, headers }, rounds);
      console.log(
        name.padEnd(46),
        result.median.toFixed(1).padStart(10),
        result.p95.toFixed(1).padStart(8),
        floorBeside.median.toFixed(1).padStart(9),
        ratio.toFixed(2).padStart(8),
        (result.bytes / 1024).toFixed(0).padStart(7),
        `  <= ${goal}x`.padEnd(10),
        ratio <= goal ? 'held' : 'short',
      );
    }
  } finally {
    server.kill('SIGTERM');
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  alone().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
