import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, Client, createBuyer, startServer, type RunningServer } from './server';

/**
 * The orders list and its export as an attacker asks for them: odd, overlong, repeated and
 * prototype-named query values, and another buyer's order numbers as a search. Nothing answers
 * 5xx; nothing of another buyer's shows, in the page or in the file.
 */

let server: RunningServer;

interface Buyer {
  client: Client;
  token: string;
  numbers: string[];
}

async function buyerWithOrders(count: number): Promise<Buyer> {
  const { email, password } = await createBuyer(server, ['CAN_BUY_ONLINE', 'CAN_VIEW_ORDER', 'CAN_UPDATE_ORDER']);
  const made = await fetch(`${server.url}/px-api-gateway/admin/order-history`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-token': adminToken(server) },
    body: JSON.stringify({ email, count }),
  });
  expect(made.status).toBe(201);
  const history = (await made.json()) as { first: { phonexOrderNumber: string }[] };
  const client = new Client(server.url);
  await client.signIn(email, password);
  const signIn = await fetch(`${server.url}/px-api-gateway/identity/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return {
    client,
    token: ((await signIn.json()) as { accessToken: string }).accessToken,
    numbers: history.first.map((o) => o.phonexOrderNumber),
  };
}

let alice: Buyer;
let mallory: Buyer;

beforeAll(async () => {
  server = await startServer();
  [alice, mallory] = [await buyerWithOrders(8), await buyerWithOrders(5)];
});
afterAll(() => server?.stop());

const ODD = [
  '',
  ' ',
  '-1',
  '0',
  '1e3',
  '0x10',
  'NaN',
  'Infinity',
  '١٢',
  '%00',
  'a%00b',
  '%E2%80%AE',
  '<script>alert(1)</script>',
  "'; drop table orders; --",
  '%',
  '_',
  '\\',
  '__proto__',
  'constructor',
  'x'.repeat(10_000),
];
const queries = () => [
  ...['page', 'sort', 'dir', 'search'].flatMap((name) =>
    ODD.map((value) => `${name}=${value.includes('%') ? value : encodeURIComponent(value)}`),
  ),
  'page=1&page=2',
  'sort=total&sort=evil',
  'search=a&search=b',
  'page[]=1',
  'sort[__proto__]=x',
  '__proto__[page]=2',
];

describe('orders list under attack', () => {
  it('answers every odd query string of the page without a 5xx, and shows only the buyer’s orders', async () => {
    for (const query of queries()) {
      const response = await alice.client.request(`/orders?${query}`);
      expect(response.status, query.slice(0, 60)).toBeLessThan(500);
      const html = await response.text();
      for (const number of mallory.numbers) expect(html.includes(number), query.slice(0, 60)).toBe(false);
      expect(html).not.toContain('<script>alert(1)</script>');
    }
  }, 120_000);

  it("finds nothing of another buyer's by searching their order numbers", async () => {
    for (const number of mallory.numbers) {
      const html = await (await alice.client.request(`/orders?search=${number}`)).text();
      expect(html).toContain('No rows available');
      expect(html).toContain('>0 orders<');
    }
    const own = await (await alice.client.request(`/orders?search=${alice.numbers[0]}`)).text();
    expect(own).toContain(alice.numbers[0]);
  });

  it('refuses odd values at the tenant API with a 400, never a 5xx', async () => {
    for (const query of queries()) {
      const response = await fetch(`${server.url}/px-api-gateway/orders?${query}`, {
        headers: { authorization: `Bearer ${alice.token}` },
      });
      expect(response.status, query.slice(0, 60)).toBeLessThan(500);
      const body = (await response.json().catch(() => ({}))) as { items?: { phonexOrderNumber: string }[] };
      for (const item of body.items ?? []) expect(alice.numbers).toContain(item.phonexOrderNumber);
    }
  }, 60_000);

  it('exports only the buyer’s orders, whatever the query; signed out, the export asks to sign in', async () => {
    // A NUL anywhere in an address is refused by the server before any route (400).
    expect((await alice.client.request('/orders/export?search=%00')).status).toBe(400);
    for (const query of [
      '',
      'search=a%0Ab',
      'sort=evil&page=-1',
      `search=${mallory.numbers[0]}`,
      `search=${'x'.repeat(10_000)}`,
    ]) {
      const response = await alice.client.request(`/orders/export?${query}`);
      expect(response.status, query.slice(0, 40)).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await response.arrayBuffer());
      const numbers: string[] = [];
      workbook.worksheets[0]!.eachRow((row, n) => {
        if (n > 1) numbers.push(String(row.getCell(1).value));
      });
      for (const number of numbers) expect(alice.numbers).toContain(number);
    }
    const stranger = await new Client(server.url).request('/orders/export');
    expect(stranger.status).toBe(302);
    expect(stranger.headers.get('location')).toMatch(/^\/\?redirectTo=/);
    expect((await fetch(`${server.url}/px-api-gateway/orders/export`)).status).toBe(401);
  });
});
