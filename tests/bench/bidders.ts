/**
 * Bidders under load on two replicas (issue 53): BENCH_BIDDERS (100) buyers bid on BENCH_BIDDERS_LOTS
 * (10) open lots for BENCH_BIDDERS_SECONDS (60) against two replicas of the built server on one
 * PostgreSQL database behind a round-robin proxy, through the portal's pages and forms as a buyer
 * without scripts does. The bidders sign in before the clock starts (ten at a time: a hundred at once
 * is the sign-in storm's case, tests/bench/sign-in-storm.ts), then each loops: a lot's page (its next
 * minimum), the bid's review (the confirmation with the charges) and the binding bid. Reported: requests, errors,
 * p50 and p99 per step (the binding bid is the row "bid"); bids placed and refused (another bidder
 * was faster: the form says the amount needed, which is no error); each replica's peak RSS; and
 * whether each lot's bid count is the bids placed on it, its price within its leader's maximum.
 * Runs alone too: `npm run build && tsx tests/bench/bidders.ts`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Client } from '../security/server';
import { adminCall, onDatabase, onTwoReplicas, rssSampler, signedIn, StepError, Tally } from './load';

const BIDDERS = Number(process.env.BENCH_BIDDERS ?? 100);
const LOTS = Number(process.env.BENCH_BIDDERS_LOTS ?? 10);
const SECONDS = Number(process.env.BENCH_BIDDERS_SECONDS ?? 60);
const PORT = Number(process.env.BENCH_BIDDERS_PORT ?? 3511);
const PASSWORD = 'Demo#2026';
const STEPS = ['lot page', 'bid review', 'bid'] as const;
type Step = (typeof STEPS)[number];

class BidTally extends Tally<Step> {
  placed = new Map<number, number>();
  refused = 0;
}

/** The next minimum the lot page shows ("$1,234.00"), in whole currency units, rounded up. */
function nextMinimumOf(page: string): number | null {
  const shown = /data-next-minimum="">([^<]+)</.exec(page)?.[1];
  if (!shown) return null;
  const minor = Number(shown.replace(/[^0-9]/g, ''));
  return Number.isFinite(minor) ? Math.ceil(minor / 100) : null;
}

/** One signed-in bidder: bids on lots picked at random until the deadline. */
async function bidder(client: Client, lots: number[], tally: BidTally, deadline: number) {
  while (Date.now() < deadline) {
    const lotId = lots[Math.floor(Math.random() * lots.length)]!;
    const here = `/auctions/${lotId}`;
    try {
      const page = await (await tally.timed('lot page', 200, () => client.request(here))).text();
      const minimum = nextMinimumOf(page);
      // The leader has nothing to bid: another lot.
      if (minimum === null) continue;
      // Above the minimum by up to 50: some bidders outbid each other between the page and the bid.
      const amount = String(minimum + Math.floor(Math.random() * 50));
      const review = await tally.timed('bid review', [200, 422], () => client.post(here, { intent: 'review', amount }));
      const key = /name="key" value="([^"]+)"/.exec(await review.text())?.[1];
      if (!key) {
        tally.refused++;
        continue;
      }
      const placed = await tally.timed('bid', [302, 422], () => client.post(here, { intent: 'confirm', amount, key }));
      if (placed.status === 302) tally.placed.set(lotId, (tally.placed.get(lotId) ?? 0) + 1);
      else tally.refused++;
    } catch (error) {
      if (!(error instanceof StepError)) throw error;
    }
  }
}

/** Lots whose bid count is not the bids placed on them, or whose price is above its leader's maximum. */
function standingDrift(databaseUrl: string, lots: number[], placed: Map<number, number>) {
  return onDatabase(databaseUrl, async (client) => {
    const { rows } = await client.query<{ id: number; bids: number; count: number; over: boolean }>(
      `SELECT l.id, l.bid_count AS count, (SELECT count(*)::int FROM auction_bids b WHERE b.lot_id = l.id) AS bids,
         coalesce(l.current_price > l.leader_maximum, false) AS over
       FROM auction_lots l WHERE l.id = ANY($1)`,
      [lots],
    );
    return rows.filter((r) => r.count !== (placed.get(r.id) ?? 0) || r.bids !== r.count || r.over).map((r) => r.id);
  });
}

/** Runs the scenario and prints its table; answers false when no PostgreSQL is configured. */
export function biddersBench(): Promise<boolean> {
  return onTwoReplicas(
    'Bidders on two replicas',
    'bidders',
    { port: PORT, items: '200' },
    async ({ cluster, adminToken, databaseUrl }) => {
      const now = Date.now();
      const lots: number[] = [];
      for (let n = 0; n < LOTS; n++) {
        const lot = (await adminCall(cluster.url, adminToken, 'POST', '/admin/auctions', {
          title: `Load lot ${n + 1}`,
          warehouseCode: 'MIA',
          startingPrice: 10_000,
          startsAt: new Date(now - 60_000).toISOString(),
          // Past the run and its soft close: every bid lands on an open lot.
          endsAt: new Date(now + (SECONDS + 600) * 1000).toISOString(),
          lines: [{ model: 'iPhone 13', grade: 'A', capacity: '128GB', colour: 'Black', quantity: 20 + n }],
        })) as { id: number };
        lots.push(lot.id);
      }
      const emails = Array.from({ length: BIDDERS }, (_, i) => `bidder-${i}@example.com`);
      for (let i = 0; i < emails.length; i += 10)
        await Promise.all(
          emails.slice(i, i + 10).map((email, k) =>
            adminCall(cluster.url, adminToken, 'POST', '/admin/users', {
              email,
              password: PASSWORD,
              firstName: 'Load',
              lastName: `Bidder ${i + k}`,
              isBuyer: true,
              authorities: ['CAN_BUY_ONLINE', 'CAN_VIEW_AUCTION_SUMMARY'],
            }),
          ),
        );
      const clients: Client[] = [];
      for (let i = 0; i < emails.length; i += 10)
        clients.push(
          ...(await Promise.all(emails.slice(i, i + 10).map((email) => signedIn(cluster.url, email, PASSWORD)))),
        );
      const tally = new BidTally(STEPS);
      const rss = rssSampler(cluster);
      const started = Date.now();
      await Promise.all(clients.map((client) => bidder(client, lots, tally, started + SECONDS * 1000)));
      const elapsed = (Date.now() - started) / 1000;
      const placed = [...tally.placed.values()].reduce((a, b) => a + b, 0);

      console.log(
        `Bidders on two replicas: ${BIDDERS} bidders on ${LOTS} lots for ${SECONDS} s (ran ${elapsed.toFixed(0)} s) through a round-robin proxy, one PostgreSQL; ${placed} bids placed, ${tally.refused} refused (outbid between the page and the bid).`,
      );
      tally.report(elapsed);
      rss.stop();
      const drift = await standingDrift(databaseUrl, lots, tally.placed);
      console.log(
        `lots whose bid count is not the bids placed, or whose price is above the leader's maximum: ${drift.length}${drift.length ? ` (${drift.join(', ')})` : ''}: ${drift.length === 0 ? 'held' : 'short'}`,
      );
    },
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  biddersBench().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
