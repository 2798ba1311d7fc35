import ExcelJS from 'exceljs';
import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, Client, createBuyer, type ServerAddress } from './server';
import { sharedServer } from './shared-server';

/**
 * The orders list and its export as an attacker asks for them: odd, overlong, repeated and
 * prototype-named query values, and another buyer's order numbers as a search. Nothing answers
 * 5xx; nothing of another buyer's shows, in the page or in the file.
 */

let server: ServerAddress;

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
  server = await sharedServer();
  [alice, mallory] = [await buyerWithOrders(8), await buyerWithOrders(5)];
});

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

/** The buyer's orders as the tenant API lists them (the first page, the list's default order). */
async function apiOrders(who: Buyer) {
  const response = await fetch(`${server.url}/px-api-gateway/orders`, {
    headers: { authorization: `Bearer ${who.token}` },
  });
  return (
    (await response.json()) as {
      items: {
        phonexOrderNumber: string;
        refOrderNumber: string | null;
        createDate: string;
        fulfillmentStatus: string;
      }[];
    }
  ).items;
}

const pageOf = async (response: Response) => new JSDOM(await response.text()).window.document;
const summaryOf = (page: Document) => page.querySelector('.orders-summary')?.textContent;

describe('orders list filters', () => {
  it('narrow the page to a status and to days of creation on the buyer’s clock, kept by the sort links and the pager', async () => {
    const orders = await apiOrders(alice);
    alice.client.setCookie('px_tz', 'UTC');
    const status = orders[0]!.fulfillmentStatus;
    const page = await pageOf(await alice.client.request(`/orders?status=${status}&sort=total&dir=asc`));
    const expected = orders.filter((o) => o.fulfillmentStatus === status);
    expect(summaryOf(page)).toBe(`${expected.length} order${expected.length === 1 ? '' : 's'}`);
    const shown = [...page.querySelectorAll('.orders-table tbody th a:not(.orders-buy-again)')].map(
      (a) => a.textContent,
    );
    expect(shown.sort()).toEqual(expected.map((o) => o.phonexOrderNumber).sort());
    expect((page.querySelector('#orders-status') as HTMLSelectElement).value).toBe(status);
    // The headers sort within the filter.
    expect(page.querySelector('.orders-table thead a')?.getAttribute('href')).toContain(`status=${status}`);

    const day = orders[3]!.createDate.slice(0, 10);
    const sameDay = orders.filter((o) => o.createDate.startsWith(day));
    const byDay = await pageOf(await alice.client.request(`/orders?from=${day}&to=${day}`));
    expect(summaryOf(byDay)).toBe(`${sameDay.length} order${sameDay.length === 1 ? '' : 's'}`);
    // In Chicago the same day begins six hours later: the orders of that span, not the UTC day's.
    alice.client.setCookie('px_tz', 'America/Chicago');
    const start = Date.parse(`${day}T06:00:00Z`);
    const chicagoDay = orders.filter(
      (o) => Date.parse(o.createDate) >= start && Date.parse(o.createDate) < start + 86_400_000,
    );
    const inChicago = await pageOf(await alice.client.request(`/orders?from=${day}&to=${day}`));
    expect(summaryOf(inChicago)).toBe(`${chicagoDay.length} order${chicagoDay.length === 1 ? '' : 's'}`);
    alice.client.setCookie('px_tz', 'UTC');
    // Without JavaScript the form sends every field, empty ones too: that is no filter.
    const empty = await pageOf(await alice.client.request('/orders?search=&status=&from=&to='));
    expect(summaryOf(empty)).toBe('8 orders');
  });
});

describe('the references form of the orders list', () => {
  const post = (
    who: Buyer,
    rows: { orderNumber: string; was?: string; refOrderNumber: string }[],
    extra: [string, string][] = [],
  ) =>
    who.client.post(
      '/orders?index',
      new URLSearchParams([
        ['intent', 'save-references'],
        ...rows.flatMap((row, i) => [
          [`references[${i}].orderNumber`, row.orderNumber],
          [`references[${i}].was`, row.was ?? ''],
          [`references[${i}].refOrderNumber`, row.refOrderNumber],
        ]),
        ...extra,
      ] as [string, string][]),
    );
  const referenceOf = async (who: Buyer, orderNumber: string) =>
    (await apiOrders(who)).find((o) => o.phonexOrderNumber === orderNumber)?.refOrderNumber ?? null;

  it('is one form for the page, each field labelled by its order, with one Save', async () => {
    const page = await pageOf(await alice.client.request('/orders'));
    const forms = page.querySelectorAll('main form[method="post"]');
    expect(forms).toHaveLength(1);
    const fields = forms[0]!.querySelectorAll('input[name$=".refOrderNumber"]');
    expect(fields).toHaveLength(8);
    for (const field of fields) expect(field.getAttribute('aria-label')).toMatch(/^Your reference for order SO-/);
    expect(forms[0]!.querySelectorAll('button[type="submit"]')).toHaveLength(1);
  });

  it('saves the references changed on the page in one post, and only those', async () => {
    const [a, b, c] = alice.numbers;
    const before = await referenceOf(alice, b!);
    const response = await post(alice, [
      { orderNumber: a!, refOrderNumber: ' PO-SEC 1 ' },
      { orderNumber: b!, was: before ?? '', refOrderNumber: before ?? '' },
      { orderNumber: c!, refOrderNumber: 'PO-SEC/2' },
    ]);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/orders');
    expect(await referenceOf(alice, a!)).toBe('PO-SEC 1');
    expect(await referenceOf(alice, b!)).toBe(before);
    expect(await referenceOf(alice, c!)).toBe('PO-SEC/2');
  });

  it('refuses a reference its rule refuses beside its field, and then saves none', async () => {
    const [a, b] = alice.numbers;
    const response = await post(alice, [
      { orderNumber: a!, was: 'PO-SEC 1', refOrderNumber: 'PO-SEC 9' },
      { orderNumber: b!, refOrderNumber: '<PO>' },
    ]);
    expect(response.status).toBe(400);
    const page = await pageOf(response);
    const field = page.getElementById(`reference-${b}`) as HTMLInputElement;
    expect(field.value).toBe('<PO>');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(page.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe('Invalid Input');
    expect(page.querySelector('.error-summary a')?.getAttribute('href')).toBe(`#reference-${b}`);
    // Every value typed shows again, not only the refused one, each on its own order's row.
    expect((page.getElementById(`reference-${a}`) as HTMLInputElement).value).toBe('PO-SEC 9');
    expect(await referenceOf(alice, a!)).toBe('PO-SEC 1');
  });

  it("answers another buyer's order with a 404 and changes nothing, of theirs or of the buyer's", async () => {
    const theirs = mallory.numbers[0]!;
    const before = await referenceOf(mallory, theirs);
    const response = await post(alice, [
      { orderNumber: alice.numbers[0]!, was: 'PO-SEC 1', refOrderNumber: 'PO-SEC 7' },
      { orderNumber: theirs, refOrderNumber: 'PWNED' },
    ]);
    expect(response.status).toBe(404);
    expect(await referenceOf(mallory, theirs)).toBe(before);
    expect(await referenceOf(alice, alice.numbers[0]!)).toBe('PO-SEC 1');
  });

  it('refuses rows past a page, names outside the form and an unknown intent with a 400', async () => {
    const one = { orderNumber: alice.numbers[0]!, refOrderNumber: 'PO-X' };
    const rows = Array.from({ length: 51 }, () => one);
    for (const [response, why] of [
      [await post(alice, rows), '51 rows'],
      [await post(alice, [one], [['references[0].evil', '1']]), 'unknown name'],
      [await post(alice, [one], [['references[9999999999].was', '']]), 'huge index'],
      [
        await alice.client.post('/orders?index', {
          intent: 'edit-reference',
          orderNumber: alice.numbers[0]!,
          refOrderNumber: 'x',
        }),
        'old intent',
      ],
    ] as const)
      expect(response.status, why).toBe(400);
    expect(await referenceOf(alice, alice.numbers[0]!)).toBe('PO-SEC 1');
  });
});

describe('buy again of a past order', () => {
  const cartOf = async ({ token }: Buyer) =>
    (await fetch(`${server.url}/px-api-gateway/cart/items`, { headers: { authorization: `Bearer ${token}` } })).json();

  it('refuses an intent outside its one, or a field outside its form, with a 400 that puts nothing in the cart', async () => {
    const path = `/orders/${alice.numbers[0]!}/buy-again`;
    const before = await cartOf(alice);
    for (const [form, why] of [
      [{ intent: 'add-everything' }, 'another intent'],
      [{ intent: 'toString' }, 'a name of the object'],
      [{}, 'no intent'],
      [{ intent: 'confirm', quantity: '1000' }, 'a field outside the form'],
    ] as const)
      expect((await alice.client.post(path, form)).status, why).toBe(400);
    expect(await cartOf(alice)).toEqual(before);
  });
});
