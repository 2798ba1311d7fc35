/**
 * Stock list benchmark: the portal on a catalogue of BENCH_ITEMS (default 50,000) items. Each page is
 * timed against a floor measured in the same run (a bare signed-in page, the public config call), so
 * the figures compare across machines as ratios.
 */
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 50_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const PORT = 3199;
const DATA_DIR = path.resolve(`data-bench-${ITEMS}`);
const BASE = `http://127.0.0.1:${PORT}`;

function ensureCatalogue() {
  if (fs.existsSync(path.join(DATA_DIR, 'pglite'))) return;
  console.log(`Seeding ${ITEMS} items into ${DATA_DIR}...`);
  execFileSync('npx', ['tsx', 'server/marketplace/cli.ts', 'seed', '--items', String(ITEMS), '--reset'], {
    env: { ...process.env, DATA_DIR },
    stdio: 'inherit',
  });
}

async function waitReady() {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${BASE}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

async function signIn(): Promise<string> {
  const response = await fetch(`${BASE}/?index`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: 'sign-in', email: 'buyer@example.com', password: 'Demo#2026' }),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('__session='));
  if (!cookie) throw new Error(`sign-in failed: ${response.status}`);
  return cookie.split(';')[0]!;
}

async function time(url: string, headers: Record<string, string>) {
  const samples: number[] = [];
  let bytes = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers, redirect: 'manual' });
    const body = await response.arrayBuffer();
    samples.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    bytes = body.byteLength;
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(samples.length / 2)]!, p95: samples[Math.floor(samples.length * 0.95)]!, bytes };
}

async function main() {
  ensureCatalogue();
  const server = spawn('node', ['build/node/index.js'], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(PORT), DATA_DIR, LOG_LEVEL: 'warn', AUTH_RATE_LIMIT: '100000' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitReady();
    const cookie = await signIn();
    const page = { cookie };
    const apiToken = await bearerToken();
    const api = { authorization: `Bearer ${apiToken}` };
    const cartCookie = await cartOfAThousandLines();
    const cart = { cookie: cartCookie };
    // Warm the caches once, as a running server would be.
    await fetch(`${BASE}/stock`, { headers: page });
    await fetch(`${BASE}/cart`, { headers: cart });

    const floorPage = await time(`${BASE}/terms-of-sale`, page);
    const floorApi = await time(`${BASE}/px-api-gateway/saas-config`, {});
    const cases: [string, string, Record<string, string>, typeof floorPage][] = [
      ['stock page, default view', `${BASE}/stock`, page, floorPage],
      ['stock page, filtered (Apple, grade A)', `${BASE}/stock?warehouseGroup=acme-us&category=PHONES&manufacturer=Apple&grade=A`, page, floorPage],
      ['stock page, page 20 with out of stock', `${BASE}/stock?warehouseGroup=acme-us&category=PHONES&includeOutOfStock=true&page=20`, page, floorPage],
      ['stock API, one page', `${BASE}/px-api-gateway/stocklist/items?warehouseGroup=acme-us&category=PHONES`, api, floorApi],
      [`cart page, ${CART_LINES} lines in ${CART_WAREHOUSES.length} warehouses`, `${BASE}/cart`, cart, floorPage],
    ];
    console.log(`\nCatalogue: ${ITEMS} items; ${ROUNDS} requests per case, one at a time.`);
    console.log(`Floors: bare signed-in page ${floorPage.median.toFixed(1)} ms (median), public config call ${floorApi.median.toFixed(1)} ms\n`);
    console.log('case'.padEnd(44), 'median ms'.padStart(10), 'p95 ms'.padStart(8), 'x floor'.padStart(8), 'KiB'.padStart(7));
    for (const [name, url, headers, floor] of cases) {
      const result = await time(url, headers);
      console.log(
        name.padEnd(44),
        result.median.toFixed(1).padStart(10),
        result.p95.toFixed(1).padStart(8),
        (result.median / floor.median).toFixed(2).padStart(8),
        (result.bytes / 1024).toFixed(0).padStart(7),
      );
    }
  } finally {
    server.kill('SIGTERM');
  }
}

async function bearerToken(email = 'buyer@example.com'): Promise<string> {
  const response = await fetch(`${BASE}/px-api-gateway/identity/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Demo#2026' }),
  });
  return ((await response.json()) as { accessToken: string }).accessToken;
}

const CART_LINES = 1000;
const CART_WAREHOUSES = ['MIA', 'LAX', 'NYC', 'AMS', 'DAL'];
const CART_BUYER = 'bench-cart@example.com';

/** A buyer whose cart holds 1,000 lines across 5 warehouses (kept in the bench data between runs); answers its session cookie. */
async function cartOfAThousandLines(): Promise<string> {
  const adminHeaders = { 'content-type': 'application/json', 'x-admin-token': fs.readFileSync(path.join(DATA_DIR, 'admin-token'), 'utf8').trim() };
  await fetch(`${BASE}/px-api-gateway/admin/users`, {
    method: 'POST',
    headers: adminHeaders,
    body: JSON.stringify({ email: CART_BUYER, password: 'Demo#2026', authorities: ['CAN_BUY_ONLINE'] }),
  });
  const token = await bearerToken(CART_BUYER);
  const auth = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const existing = (await (await fetch(`${BASE}/px-api-gateway/cart/items`, { headers: auth })).json()) as unknown[];
  if (existing.length < CART_LINES) {
    console.log(`Filling a cart of ${CART_LINES} lines...`);
    const perWarehouse = CART_LINES / CART_WAREHOUSES.length;
    for (const warehouse of CART_WAREHOUSES) {
      const rows = (await (await fetch(`${BASE}/px-api-gateway/admin/stock?warehouse=${warehouse}&minQuantity=1&limit=${perWarehouse}`, { headers: adminHeaders })).json()) as {
        itemNumberWarehouse: string;
        listPrice: number;
        incrementSize: number;
        participantId: string;
      }[];
      for (const row of rows.filter((r) => r.participantId === 'acme')) {
        await fetch(`${BASE}/px-api-gateway/stocklist/offer`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ itemNumberWarehouse: row.itemNumberWarehouse, offerQuantity: row.incrementSize, offerPrice: row.listPrice }),
        });
      }
    }
  }
  const response = await fetch(`${BASE}/?index`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: 'sign-in', email: CART_BUYER, password: 'Demo#2026' }),
  });
  return response.headers.getSetCookie().find((c) => c.startsWith('__session='))!.split(';')[0]!;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
