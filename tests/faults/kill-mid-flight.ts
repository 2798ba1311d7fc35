import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/marketplace/db/client';
import { stockItems, users } from '../../server/marketplace/db/schema';
import { apiCaller } from '../integration/harness';
import { adminToken, createBuyer, startServer, type RunningServer } from '../security/server';
import { scratchPostgres } from '../support/scratch-postgres';

/** The kills after the answered attempts, spread over the time the last of them took. */
const KILLS = Number(process.env.FAULT_KILLS ?? 5);
/** Killed after their answer: the first on the server that seeded, the second on a restarted one like all the others (its time is the one that counts). */
const ANSWERED = 2;
const SEED_ITEMS = process.env.FAULT_SEED_ITEMS ?? '2000';
/** Every scenario signs a new buyer in at each attempt, all from this address: more than the per-address limit lets through (kept in PostgreSQL across restarts). */
const AUTH_RATE_LIMIT = '100000';

/** Where the killed server keeps its data, and how this process reads it once the server is down. */
export interface Store {
  name: string;
  env: Record<string, string>;
  dataDir: string;
  /** Opens the database here (PGlite: the directory a killed process held must open at once). */
  inspect<T>(work: (db: Db) => Promise<T>): Promise<T>;
  remove(): Promise<void>;
}

const scratchDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'portal-faults-'));

export function pgliteStore(): Store {
  const dataDir = scratchDir();
  return {
    name: 'PGlite',
    env: { SEED_ITEMS, AUTH_RATE_LIMIT },
    dataDir,
    async inspect(work) {
      const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
      try {
        return await work(database.db);
      } finally {
        await database.close();
      }
    },
    async remove() {
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const postgresUrl = process.env.TEST_DATABASE_URL;

/** A database of its own next to TEST_DATABASE_URL's (named after it), created empty. */
export async function postgresStore(suffix: string): Promise<Store> {
  const { url, drop } = await scratchPostgres(postgresUrl!, suffix);
  const dataDir = scratchDir();
  return {
    name: 'PostgreSQL',
    env: {
      SEED_ITEMS,
      AUTH_RATE_LIMIT,
      DATABASE_URL: url,
      DEMO_DATA: 'on',
      SESSION_SECRET: 'faults-session-secret-of-at-least-32-characters',
    },
    dataDir,
    async inspect(work) {
      const database = await openDatabase({ databaseUrl: url });
      try {
        return await work(database.db);
      } finally {
        await database.close();
      }
    },
    async remove() {
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The tenant API of a running server as the integration harness calls it (its admin header is ignored by buyer routes). */
export function callerOf(server: RunningServer) {
  return apiCaller({
    fetch: async (request) => {
      const url = new URL(request.url);
      return fetch(`${server.url}${url.pathname}${url.search}`, {
        method: request.method,
        headers: { ...Object.fromEntries(request.headers), 'x-admin-token': adminToken(server) },
        body: request.method === 'GET' ? undefined : await request.text(),
      });
    },
  });
}

/** A buyer of its own for one attempt, signed in to the tenant API. */
export async function freshBuyer(server: RunningServer, authorities?: string[]) {
  const { email, password } = await createBuyer(server, authorities);
  const { body } = await callerOf(server)('POST', '/identity/sign-in', { body: { email, password } });
  return { email, token: body.accessToken as string };
}

const kept = new Map<string, Promise<{ email: string; token: string }[]>>();

/**
 * The same `count` buyers for every attempt of a scenario on one data directory (its restarts keep
 * them and their sessions): for a scenario whose attempts need several buyers each (bidders on a new
 * lot, buyers committed to a new pre-order), whose making and signing in — a password hashed twice
 * each — was most of what those attempts cost.
 */
export function keptBuyers(server: RunningServer, scenario: string, count: number, authorities?: string[]) {
  const key = `${server.dataDir}|${scenario}`;
  let buyers = kept.get(key);
  if (!buyers) {
    buyers = (async () => {
      const made = [];
      for (let i = 0; i < count; i++) made.push(await freshBuyer(server, authorities));
      return made;
    })();
    kept.set(key, buyers);
  }
  return buyers;
}

export interface StockRow {
  itemNumberWarehouse: string;
  participantId: string;
  quantityAvailable: number;
  listPrice: number;
  incrementSize: number;
}

/** Items of a warehouse with at least `minQuantity` units, by the admin API (the server is the only writer). */
export async function stockOf(
  server: RunningServer,
  warehouse: string,
  minQuantity: number,
  limit = 500,
): Promise<StockRow[]> {
  const { body } = await callerOf(server)(
    'GET',
    `/admin/stock?warehouse=${warehouse}&minQuantity=${minQuantity}&limit=${limit}`,
  );
  return (body as StockRow[]).filter((r) => r.participantId === 'acme');
}

/** What a write left behind: all of it, none of it, or a description of the half that is there. */
export type Found = { whole: true } | { none: true } | { half: string };
export const WHOLE: Found = { whole: true };
export const NONE: Found = { none: true };

/** One kind of write killed again and again. */
export interface FaultScenario<Prepared> {
  name: string;
  /** Everything before the write, on the running server (never killed). */
  prepare(server: RunningServer): Promise<Prepared>;
  /** The write: answers whether the server acknowledged it. */
  fire(server: RunningServer, prepared: Prepared): Promise<boolean>;
  /** What the database holds of it after the kill. */
  inspect(db: Db, prepared: Prepared): Promise<Found>;
  /** On the restarted server: does the write again as a client that got no answer would, and says what is wrong after it (null: nothing). */
  retry?(server: RunningServer, prepared: Prepared): Promise<string | null>;
}

export interface FaultCounts {
  attempts: number;
  acknowledged: number;
  unanswered: number;
  foundWhole: number;
  foundNone: number;
  halfDone: string[];
  /** An acknowledged write that is not there whole. */
  lost: string[];
  /** What a retry on the restarted server found wrong. */
  afterRetry: string[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const emptyCounts = (): FaultCounts => ({
  attempts: 0,
  acknowledged: 0,
  unanswered: 0,
  foundWhole: 0,
  foundNone: 0,
  halfDone: [],
  lost: [],
  afterRetry: [],
});

/**
 * Fires every scenario's write and SIGKILLs the server after a range of delays, all scenarios in the
 * same server lifetime (a restart costs seconds; a scenario's write, milliseconds). The first
 * attempts wait for the answers (the kill lands after the writes) and time each write; in the others
 * each write is sent so that the one kill lands from 0 ms to half as long again as that write's own
 * time after it, so kills land before, during and after every write. After each kill the database is
 * read in this process, then the server starts again on the same data and each write is retried.
 * The scenarios are prepared side by side, and retried side by side (each on data of its own); the
 * seconds each phase took are said at the end.
 */
export async function killMidFlight(
  store: Store,
  scenarios: FaultScenario<unknown>[],
): Promise<Map<string, FaultCounts>> {
  const counts = new Map(scenarios.map((s) => [s.name, emptyCounts()]));
  const took = new Map<string, number>();
  const trails = new Map<string, string[]>(scenarios.map((s) => [s.name, []]));
  const spent = { starts: 0, preparing: 0, writes: 0, reading: 0, retries: 0 };
  let mark = performance.now();
  const lap = (phase: keyof typeof spent) => {
    const now = performance.now();
    spent[phase] += now - mark;
    mark = now;
  };
  // Each scenario uses data of its own (its own warehouse, lot or pre-order), so their preparations
  // and their retries run side by side.
  const prepareAll = () => Promise.all(scenarios.map((scenario) => scenario.prepare(server)));
  let server = await startServer(store.env, { dataDir: store.dataDir });
  lap('starts');
  try {
    let prepared = await prepareAll();
    lap('preparing');
    for (let attempt = 0; attempt < ANSWERED + KILLS; attempt++) {
      const share = attempt < ANSWERED ? null : ((attempt - ANSWERED) / (KILLS - 1)) * 1.5;
      const leads = scenarios.map((s) => (share === null ? 0 : share * took.get(s.name)!));
      const killAfter = Math.max(...leads);
      const firings = scenarios.map((scenario, i) =>
        sleep(killAfter - leads[i]!).then(() => {
          const started = performance.now();
          const timed = (acknowledged: boolean) => ({ acknowledged, ms: performance.now() - started });
          return scenario.fire(server, prepared[i]).then(timed, () => timed(false));
        }),
      );
      if (share === null) (await Promise.all(firings)).forEach(({ ms }, i) => took.set(scenarios[i]!.name, ms));
      else await sleep(killAfter);
      await server.stop('SIGKILL');
      const answers = await Promise.all(firings);
      lap('writes');
      const found = await store.inspect(async (db) => {
        const each: Found[] = [];
        for (const [i, scenario] of scenarios.entries()) each.push(await scenario.inspect(db, prepared[i]));
        return each;
      });
      lap('reading');
      server = await startServer(store.env, { dataDir: store.dataDir });
      lap('starts');
      const wrongs = await Promise.all(
        scenarios.map((scenario, i) => (scenario.retry ? scenario.retry(server, prepared[i]) : null)),
      );
      lap('retries');
      for (const [i, scenario] of scenarios.entries()) {
        const count = counts.get(scenario.name)!;
        const { acknowledged } = answers[i]!;
        const what = found[i]!;
        trails
          .get(scenario.name)!
          .push(
            `${leads[i]!.toFixed(0)} ms ${acknowledged ? 'answered' : 'unanswered'} ${'whole' in what ? 'whole' : 'none' in what ? 'none' : 'HALF'}`,
          );
        count.attempts++;
        if (acknowledged) count.acknowledged++;
        else count.unanswered++;
        if ('whole' in what) count.foundWhole++;
        else if ('none' in what) count.foundNone++;
        else count.halfDone.push(`attempt ${attempt}: ${what.half}`);
        if (acknowledged && !('whole' in what))
          count.lost.push(`attempt ${attempt}: acknowledged but ${'none' in what ? 'missing' : what.half}`);
        const wrong = wrongs[i];
        if (wrong) count.afterRetry.push(`attempt ${attempt}: ${wrong}`);
      }
      if (attempt + 1 < ANSWERED + KILLS) {
        prepared = await prepareAll();
        lap('preparing');
      }
    }
  } finally {
    await server.stop('SIGKILL');
  }
  console.log(
    `[faults] on ${store.name}, seconds spent ${Object.entries(spent)
      .map(([phase, ms]) => `${phase} ${(ms / 1000).toFixed(1)}`)
      .join(', ')}`,
  );
  for (const scenario of scenarios) {
    const count = counts.get(scenario.name)!;
    console.log(
      `[faults] ${scenario.name} on ${store.name} (one answered in ${took.get(scenario.name)!.toFixed(0)} ms): attempts ${count.attempts}, acknowledged ${count.acknowledged}, ` +
        `killed before an answer ${count.unanswered}, found whole ${count.foundWhole}, found none (killed before the write) ${count.foundNone}, ` +
        `half-done ${count.halfDone.length}, acknowledged and lost ${count.lost.length}` +
        (scenario.retry ? `, wrong after a retry ${count.afterRetry.length}` : ''),
    );
    console.log(`[faults]   killed after: ${trails.get(scenario.name)!.join('; ')}`);
    for (const line of [...count.halfDone, ...count.lost, ...count.afterRetry]) console.log(`[faults]   ${line}`);
  }
  return counts;
}

/** The buyer behind a test's e-mail. */
export async function buyerOf(db: Db, email: string): Promise<number> {
  const [user] = await db.select({ buyerId: users.buyerId }).from(users).where(eq(users.email, email));
  return user!.buyerId!;
}

/** The own participant's quantities of these items now. */
export async function quantitiesNow(db: Db, itemNumberWarehouses: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ inw: stockItems.itemNumberWarehouse, quantity: stockItems.quantityAvailable })
    .from(stockItems)
    .where(and(eq(stockItems.participantId, 'acme'), inArray(stockItems.itemNumberWarehouse, itemNumberWarehouses)));
  return new Map(rows.map((r) => [r.inw, r.quantity]));
}

/** The items whose quantity is not `expected` (before, moved by what the write should have moved). */
export function stockMismatches(now: Map<string, number>, expected: Map<string, number>): string[] {
  return [...expected]
    .filter(([inw, quantity]) => now.get(inw) !== quantity)
    .map(([inw, quantity]) => `${inw} ${now.get(inw)} (expected ${quantity})`);
}

/**
 * The scenarios killed together on PGlite and, when TEST_DATABASE_URL is set, on a PostgreSQL
 * database of its own: for each, nothing acknowledged is lost, nothing is half-done.
 */
export function killTests(scenarios: FaultScenario<unknown>[], databaseSuffix: string) {
  const stores: [string, () => Promise<Store>, boolean][] = [
    ['PGlite', async () => pgliteStore(), false],
    ['PostgreSQL', () => postgresStore(databaseSuffix), !postgresUrl],
  ];
  for (const [name, open, skip] of stores) {
    it.skipIf(skip)(
      `${scenarios.map((s) => s.name).join(', ')}: kill -9 on ${name} loses nothing acknowledged and leaves nothing half-done`,
      async () => {
        const store = await open();
        try {
          const counts = await killMidFlight(store, scenarios);
          for (const [scenario, count] of counts) {
            expect({ scenario, halfDone: count.halfDone, lost: count.lost, afterRetry: count.afterRetry }).toEqual({
              scenario,
              halfDone: [],
              lost: [],
              afterRetry: [],
            });
            // The first attempts are killed after their answer; the one killed at 0 ms has none.
            expect(count.acknowledged, scenario).toBeGreaterThan(0);
            expect(count.unanswered, scenario).toBeGreaterThan(0);
          }
        } finally {
          await store.remove();
        }
      },
      900_000,
    );
  }
}
