import { runAloneIfMain } from './alone';
import { adminHeaders, portalSessionCookie } from './bench-server';

/**
 * The returns list of a buyer with 2,000 return requests (issue 38), made once with the admin bulk
 * insert over a few hundred orders of the buyer's own and kept in the bench data: the first page,
 * a page sorted on the units (a count per request), a page sorted on the credit further in, and a
 * search by IMEI (through the units). Goal: within 3× the bare signed-in page.
 * `tsx tests/bench/returns.ts` runs these cases alone against a server of its own; `returnsBench`
 * gives them to a caller that has a server and a floor (as `ordersBench` does).
 */
export const RETURN_COUNT = Number(process.env.BENCH_RETURNS ?? 2_000);
const ORDERS = 300;
const BUYER = 'bench-returns@example.com';
const PASSWORD = 'Demo#2026';

async function json(response: Response) {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

export async function returnsBench({ base, dataDir }: { base: string; dataDir: string }) {
  const admin = adminHeaders(dataDir);
  await fetch(`${base}/px-api-gateway/admin/users`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({
      email: BUYER,
      password: PASSWORD,
      authorities: ['CAN_BUY_ONLINE', 'CAN_VIEW_ORDER', 'CAN_VIEW_RETURNS'],
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
  const orders = ((await json(await fetch(`${base}/px-api-gateway/orders`, { headers: auth }))) as { total: number })
    .total;
  if (orders < ORDERS)
    await json(
      await fetch(`${base}/px-api-gateway/admin/order-history`, {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({ email: BUYER, count: ORDERS - orders, statuses: ['SHIPPED', 'INVOICED'] }),
      }),
    );
  const have = ((await json(await fetch(`${base}/px-api-gateway/returns`, { headers: auth }))) as { total: number })
    .total;
  let buildMs: number | null = null;
  if (have < RETURN_COUNT) {
    console.log(`Making ${RETURN_COUNT - have} return requests for ${BUYER}...`);
    const started = performance.now();
    await json(
      await fetch(`${base}/px-api-gateway/admin/returns/history`, {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({ email: BUYER, count: RETURN_COUNT - have }),
      }),
    );
    buildMs = performance.now() - started;
  }
  // An IMEI of a unit half-way down the list.
  const [row] = (
    (await json(await fetch(`${base}/px-api-gateway/returns?page=40&pageSize=1`, { headers: auth }))) as {
      rows: { rmaNumber: string }[];
    }
  ).rows;
  const imei = (
    (await json(await fetch(`${base}/px-api-gateway/returns/${row!.rmaNumber}`, { headers: auth }))) as {
      units: { imei: string }[];
    }
  ).units[0]!.imei;
  const cookie = await portalSessionCookie(base, BUYER, PASSWORD);
  return {
    headers: { cookie },
    buildMs,
    cases: [
      [`returns page, ${RETURN_COUNT} requests, first page`, `${base}/returns`, 3],
      ['returns page, sorted on units, page 20', `${base}/returns?sort=units&dir=desc&page=20`, 3],
      ['returns page, sorted on credit, page 60', `${base}/returns?sort=credit&dir=asc&page=60`, 3],
      ['returns page, search by IMEI', `${base}/returns?search=${imei}`, 3],
    ] as [name: string, url: string, ratio: number][],
  };
}

runAloneIfMain(
  import.meta.url,
  { port: 3197, dataVariable: 'BENCH_RETURNS_DATA', fallbackDir: 'data-bench-returns', items: 2000 },
  returnsBench,
  (ms) => `Built ${RETURN_COUNT} return requests in ${ms.toFixed(0)} ms (one admin call, bulk insert).`,
);
