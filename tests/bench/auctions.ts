import { runAloneIfMain } from './alone';
import { adminHeaders, portalSessionCookie } from './bench-server';

/**
 * Auctions (issue 53): a lot's page with 300 bids (its history is on the page) and the list of 500
 * open lots (first page and a page further in, sorted by end), each within 3× the bare signed-in
 * page. The lots and the bids are made once through the admin and tenant APIs and kept in the
 * bench data. The lot page is what a buyer's open tab asks for every 5 s with scripts (decision 039).
 * `tsx tests/bench/auctions.ts` runs these cases alone against a server of its own; `auctionsBench`
 * gives them to a caller that has a server and a floor.
 */
export const LOT_COUNT = Number(process.env.BENCH_LOTS ?? 500);
export const BID_COUNT = Number(process.env.BENCH_BIDS ?? 300);
const TITLE = 'Bench lot';
const BUSY_TITLE = `${TITLE} with ${BID_COUNT} bids`;
const PASSWORD = 'Demo#2026';
const DAY = 86_400_000;

async function json(response: Response) {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

async function tokenOf(base: string, email: string) {
  const signIn = await json(
    await fetch(`${base}/px-api-gateway/identity/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    }),
  );
  return { authorization: `Bearer ${signIn.accessToken as string}`, 'content-type': 'application/json' };
}

export async function auctionsBench({ base, dataDir }: { base: string; dataDir: string }) {
  const admin = adminHeaders(dataDir);
  const lots = (await json(await fetch(`${base}/px-api-gateway/admin/auctions`, { headers: admin }))) as {
    id: number;
    title: string;
    bidCount: number;
  }[];
  const bench = lots.filter((l) => l.title.startsWith(TITLE));
  let buildMs: number | null = null;
  const started = performance.now();
  for (let i = bench.length; i < LOT_COUNT; i++) {
    const now = Date.now();
    const made = await json(
      await fetch(`${base}/px-api-gateway/admin/auctions`, {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({
          title: i === 0 ? BUSY_TITLE : `${TITLE} ${i}`,
          warehouseCode: 'MIA',
          startingPrice: 10_000,
          reservePrice: i % 3 === 0 ? 50_000 : null,
          startsAt: new Date(now - DAY).toISOString(),
          // A year on: the lots stay open in the kept bench data; each its own end, so the sort has work.
          endsAt: new Date(now + 365 * DAY + i * 60_000).toISOString(),
          lines: [
            { model: 'iPhone 12', grade: 'A', capacity: '128GB', colour: 'Black', quantity: 40 },
            { model: 'Galaxy S21', grade: 'B', capacity: '256GB', colour: 'Grey', quantity: 20 },
          ],
        }),
      }),
    );
    bench.push({ id: made.id, title: made.title, bidCount: 0 });
  }
  const busy = bench.find((l) => l.title === BUSY_TITLE)!;
  if (busy.bidCount < BID_COUNT) {
    // Two buyers outbid each other in turn, each maximum 120.00 above the last (above every increment band).
    const bidders = [await tokenOf(base, 'buyer@example.com'), await tokenOf(base, 'buyer2@example.com')];
    for (let i = busy.bidCount; i < BID_COUNT; i++)
      await json(
        await fetch(`${base}/px-api-gateway/auctions/${busy.id}/bids`, {
          method: 'POST',
          headers: bidders[i % 2]!,
          body: JSON.stringify({ amount: 20_000 + i * 12_000 }),
        }),
      );
  }
  if (bench.length < LOT_COUNT || busy.bidCount < BID_COUNT) buildMs = performance.now() - started;
  const cookie = await portalSessionCookie(base, 'buyer@example.com', PASSWORD);
  const list = `${base}/auctions?search=${encodeURIComponent(TITLE)}&sort=endsAt&dir=asc`;
  return {
    headers: { cookie },
    buildMs,
    cases: [
      [`auction lot page, ${BID_COUNT} bids`, `${base}/auctions/${busy.id}`, 3],
      [`auctions list, ${LOT_COUNT} lots, first page`, list, 3],
      [`auctions list, ${LOT_COUNT} lots, page 20`, `${list}&page=20`, 3],
    ] as [name: string, url: string, ratio: number][],
  };
}

runAloneIfMain(
  import.meta.url,
  { port: 3196, dataVariable: 'BENCH_AUCTIONS_DATA', fallbackDir: 'data-bench-auctions', items: 2000 },
  auctionsBench,
  (ms) => `Made ${LOT_COUNT} lots and ${BID_COUNT} bids in ${ms.toFixed(0)} ms (admin and bid calls).`,
);
