import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, Client, createBuyer, startServer, type RunningServer } from './server';

/**
 * Every action route gets hundreds of requests that are wrong in one way each (not a form, a broken
 * body, an intent outside the set, a field outside its schema). None may answer 5xx, and the buyer's
 * offers, alerts and cart must be exactly as before.
 */

let server: RunningServer;
let client: Client;
let apiToken: string;
let item: { itemNumberWarehouse: string; listPrice: number; incrementSize: number };
let offerId: number;
const PARTICIPANT = 'acme';

async function api(method: string, path: string, body?: unknown, token = apiToken) {
  const response = await fetch(`${server.url}/px-api-gateway${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'x-admin-token': adminToken(server),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: response.status === 204 ? null : await response.json() };
}

/** What the buyer has: offers, alerts and cart, as the tenant API tells it. */
async function buyerState() {
  const [offers, alerts, cart] = await Promise.all([
    api('GET', '/stocklist/offers'),
    api('GET', '/stocklist/alert/items'),
    api('GET', '/cart/items'),
  ]);
  return { offers: offers.body, alerts: alerts.body, cart: cart.body };
}

beforeAll(async () => {
  // The sign-in form is among those tried past their rows, more often than the per-address limit lets one address sign in.
  server = await startServer({ AUTH_RATE_LIMIT: '100000' });
  const buyer = await createBuyer(server);
  client = new Client(server.url);
  await client.signIn(buyer.email, buyer.password);
  const signIn = await fetch(`${server.url}/px-api-gateway/identity/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(buyer),
  });
  apiToken = ((await signIn.json()) as { accessToken: string }).accessToken;
  const stock = await api('GET', '/admin/stock?warehouse=AMS&minQuantity=20');
  item = stock.body[0];
  const placed = await api('POST', '/stocklist/offer', {
    itemNumberWarehouse: item.itemNumberWarehouse,
    offerQuantity: item.incrementSize,
    offerPrice: item.listPrice,
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  offerId = placed.body.offerId;
  expect(
    (
      await api('POST', '/stocklist/alert/item', {
        itemNumberWarehouse: stock.body[1].itemNumberWarehouse,
        quantity: 7,
      })
    ).status,
  ).toBe(201);
});
afterAll(() => server?.stop());

type Form = Record<string, string>;

const PROTOTYPE_NAMES = [
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'prototype',
  '__defineGetter__',
  'isPrototypeOf',
];
const ODD_TEXT = [
  '',
  ' ',
  'lots',
  '1O',
  '-1',
  '0x10',
  '1e3',
  '12,5',
  'NaN',
  'Infinity',
  '١٢',
  '\u0000',
  'a\u0000b',
  '%00',
  '<script>',
  'x'.repeat(5000),
  '1,000',
];

/** Valid forms of each action route, which the mutations below break one way at a time. */
function baseForms(): Record<string, Form[]> {
  const inw = item.itemNumberWarehouse;
  return {
    '/stock?index': [
      {
        intent: 'offer-save',
        mode: 'offer',
        participantId: PARTICIPANT,
        itemNumberWarehouse: inw,
        quantity: '3',
        price: String(item.listPrice - 1),
        offerId: String(offerId),
      },
      { intent: 'offer-remove', participantId: PARTICIPANT, offerId: String(offerId) },
      { intent: 'alert-save', participantId: PARTICIPANT, itemNumberWarehouse: inw, quantity: '5' },
      { intent: 'alert-delete', participantId: PARTICIPANT, itemNumberWarehouse: inw },
      { intent: 'daily-report', subscribe: 'true' },
    ],
    '/cart': [
      // A Cart-tab row: only its quantity is editable, so it posts no price.
      { intent: `save:${offerId}`, box: 'AMS', [`quantity-${offerId}`]: String(item.incrementSize * 2) },
      { intent: 'move-to-cart', box: 'AMS', offerId: String(offerId) },
      { intent: 'select:all', box: 'AMS', offerId: String(offerId) },
    ],
    '/stock-alerts': [
      { intent: 'update', participantId: PARTICIPANT, itemNumberWarehouse: inw, quantity: '9' },
      { intent: 'delete', participantId: PARTICIPANT, itemNumberWarehouse: inw },
    ],
    '/?index': [{ intent: 'cancel-challenge' }],
    '/reset-password': [{ intent: 'send-code', email: 'nobody@example.com' }],
    '/proof-of-export?back=%2Fstock': [{ intent: 'dismiss' }],
  };
}

/** Fields whose value the schema fixes, so any odd text there must be refused. */
const STRICT_FIELDS = new Set(['mode', 'offerId', 'subscribe', 'existing']);
/** Keys the page puts in hidden fields: any text of their shape may be tried (the marketplace refuses unknown ones), but not these. */
const KEY_FIELDS = new Set(['participantId', 'itemNumberWarehouse', 'box']);
const NOT_A_KEY = ['', 'x'.repeat(5000), '\u0000', 'a\u0000b', '\n'];

interface Malformed {
  label: string;
  init: RequestInit;
  /** Well-formed but naming nothing of the buyer's: answered by a redirect with a message. */
  mayRedirect?: boolean;
}

const urlencoded = (form: Form | string): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: typeof form === 'string' ? form : new URLSearchParams(form).toString(),
});

function* malformed(form: Form): Generator<Malformed> {
  const encoded = new URLSearchParams(form).toString();
  // Not a form at all, or a form body that cannot be read.
  yield {
    label: 'json',
    init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(form) },
  };
  yield { label: 'text', init: { method: 'POST', headers: { 'content-type': 'text/plain' }, body: encoded } };
  yield { label: 'xml', init: { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<a/>' } };
  yield { label: 'no type', init: { method: 'POST', body: new TextEncoder().encode(encoded) } };
  yield {
    label: 'multipart without boundary',
    init: { method: 'POST', headers: { 'content-type': 'multipart/form-data' }, body: encoded },
  };
  yield {
    label: 'multipart, wrong boundary',
    init: {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      body: `--abc\r\nContent-Disposition: form-data; name="intent"\r\n\r\n${form.intent}\r\n--abc--\r\n`,
    },
  };
  yield {
    label: 'multipart, cut short',
    init: {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      body: `--xyz\r\nContent-Disposition: form-data; name="intent"\r\n\r\n${form.intent}`,
    },
  };
  yield {
    label: 'multipart, no headers',
    init: {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      body: `--xyz\r\n\r\n\r\n--xyz--`,
    },
  };
  yield { label: 'too large', init: urlencoded(`${encoded}&pad=${'x'.repeat(300 * 1024)}`) };
  yield { label: 'bad escapes', init: urlencoded(`${encoded}&x=%zz%`) };
  yield { label: 'encoded NUL', init: urlencoded(`${encoded}&note=%00`) };
  // Intents outside the set.
  for (const name of [
    ...PROTOTYPE_NAMES,
    '',
    'unknown',
    `${form.intent}:1,000`,
    `${form.intent} `,
    form.intent!.toUpperCase(),
    'delete:1,000',
    'delete:-1',
    'delete:0',
    'save:',
    'select:status:<b>',
    'filter:',
  ]) {
    yield { label: `intent ${JSON.stringify(name)}`, init: urlencoded({ ...form, intent: name }) };
  }
  yield {
    label: 'no intent',
    init: urlencoded(Object.fromEntries(Object.entries(form).filter(([k]) => k !== 'intent'))),
  };
  yield { label: 'two intents', init: urlencoded(`${encoded}&intent=unknown`) };
  // Fields outside their schema: strict fields with any odd text, missing strict fields.
  for (const [name] of Object.entries(form)) {
    if (!STRICT_FIELDS.has(name)) continue;
    for (const odd of [...ODD_TEXT, ...PROTOTYPE_NAMES])
      yield { label: `${name}=${JSON.stringify(odd.slice(0, 20))}`, init: urlencoded({ ...form, [name]: odd }) };
    const without = { ...form };
    delete without[name];
    // Ticked boxes of the cart may be none at all.
    yield { label: `without ${name}`, init: urlencoded(without), mayRedirect: name === 'offerId' && 'box' in form };
  }
  for (const [name] of Object.entries(form)) {
    if (!KEY_FIELDS.has(name)) continue;
    for (const odd of NOT_A_KEY)
      yield { label: `${name}=${JSON.stringify(odd.slice(0, 20))}`, init: urlencoded({ ...form, [name]: odd }) };
    const without = { ...form };
    delete without[name];
    yield { label: `without ${name}`, init: urlencoded(without) };
  }
  // Keys of the right shape that name nothing of this buyer's: refused by the marketplace, nothing changes.
  for (const [name] of Object.entries(form)) {
    if (KEY_FIELDS.has(name))
      for (const other of ['lots', '__proto__', 'constructor', 'pxn-bluewave'])
        yield { label: `${name}=${other}`, init: urlencoded({ ...form, [name]: other }), mayRedirect: true };
  }
  // Typed fields that are not numbers are refused with a message, never saved.
  for (const [name] of Object.entries(form)) {
    if (!/^(quantity|price)/.test(name)) continue;
    for (const odd of ['', 'lots', '1O', '-1', '0', '12,5', 'x'.repeat(5000), '\u0000'])
      yield { label: `${name}=${JSON.stringify(odd.slice(0, 20))}`, init: urlencoded({ ...form, [name]: odd }) };
  }
}

describe('malformed requests to every action route', () => {
  const routes = [
    '/stock?index',
    '/cart',
    '/stock-alerts',
    '/?index',
    '/reset-password',
    '/proof-of-export?back=%2Fstock',
  ];

  it.each(routes)(
    '%s: at least 200 malformed requests, no 5xx, nothing changed',
    async (route) => {
      const before = await buyerState();
      const cases = baseForms()[route]!.flatMap((form) => [...malformed(form)]);
      // Each route gets its own generated share, padded by repeating with a fresh prototype name.
      while (cases.length < 200)
        cases.push({
          label: `padding ${cases.length}`,
          init: urlencoded({
            intent: PROTOTYPE_NAMES[cases.length % PROTOTYPE_NAMES.length]!,
            [`x${cases.length}`]: '1',
          }),
        });
      const failures: string[] = [];
      for (const { label, init, mayRedirect } of cases) {
        let response: Response;
        let text: string;
        try {
          response = await client.request(route, init);
          text = await response.text();
        } catch (error) {
          failures.push(`no answer (${String((error as Error).cause ?? error)}): ${label}`);
          continue;
        }
        if (response.status >= 500) failures.push(`${response.status} ${label}`);
        if (/accessToken|refreshToken|at Object\.|node_modules/.test(text)) failures.push(`leaks: ${label}`);
        if (response.status < 400 && JSON.stringify(await buyerState()) !== JSON.stringify(before)) {
          failures.push(`changed the buyer's data: ${label}`);
          break;
        }
        // A redirect is only fine for keys that name nothing, and on the two routes whose base form changes nothing of the buyer's.
        if (response.status < 400 && !mayRedirect && !(route === '/?index' || route.startsWith('/proof-of-export')))
          failures.push(`${response.status} accepted: ${label}`);
      }
      expect(failures).toEqual([]);
      expect(await buyerState()).toEqual(before);
    },
    120_000,
  );

  it('addresses that do not decode are 400s', async () => {
    for (const path of [
      '/%',
      '/checkout/%ED%A0%80',
      '/stock/%E0%A4%A',
      '/px-api-gateway/stocklist/items/%',
      '/px-api-gateway/stocklist/items/a%00b',
      '/px-api-gateway/orders/%ZZ',
    ]) {
      const response = await client.request(path);
      expect(response.status, path).toBe(400);
    }
  });

  it('under the tenant API they answer its JSON error body, as docs/tenant-api.md promises', async () => {
    for (const path of ['/px-api-gateway/orders/%ZZ', '/px-api-gateway/stocklist/items/a%00b']) {
      const response = await client.request(path);
      expect(response.status, path).toBe(400);
      expect(response.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(await response.json(), path).toMatchObject({ statusCode: 400, messageCode: 'badPath' });
    }
  });

  it('the tenant API refuses a NUL in a JSON value', async () => {
    const response = await api('POST', '/stocklist/alert/item', {
      itemNumberWarehouse: `${item.itemNumberWarehouse}\u0000`,
      quantity: 3,
    });
    expect(response.status).toBe(400);
  });

  it('prototype names as intents never echo the action arguments, posted as a page or as its data', async () => {
    for (const intent of PROTOTYPE_NAMES) {
      for (const path of ['/stock?index', '/stock.data?index']) {
        const response = await client.request(path, urlencoded({ intent }));
        expect(response.status, `${path} ${intent}`).toBe(400);
        expect(await response.text()).not.toMatch(/token|Bearer|__session/i);
      }
    }
  });

  it('data asked for the way Remix did before single fetch (`?_data=`) is a 400 that runs no action', async () => {
    const before = await buyerState();
    const removal = { intent: 'offer-remove', participantId: PARTICIPANT, offerId: String(offerId) };
    for (const path of [`/stock?index&_data=${encodeURIComponent('routes/_app.stock')}`, '/stock?_data=root']) {
      const response = await client.request(path, urlencoded(removal));
      expect(response.status, path).toBe(400);
    }
    expect((await client.request('/stock?_data=root')).status).toBe(400);
    expect(await buyerState()).toEqual(before);
  });
});

describe('field names past a form’s rows (Conform reads `name[N]` as a list of N + 1 entries)', () => {
  const INDICES = [1, 10_000, 100_000_000, 1_000_000_000];
  /** Each form a page posts and sends back when refused, with the name whose index is tried besides a stray `x`. */
  const forms = (): [string, Form, string, number?][] => [
    // An address of its own each time: the sign-in and code limits count per address.
    ['/?index', { intent: 'sign-in', redirectTo: '', email: '', password: 'x' }, 'email'],
    ['/reset-password', { intent: 'send-code', email: '' }, 'email'],
    ['/stock?index', { ...baseForms()['/stock?index']![0]!, quantity: 'lots' }, 'quantity'],
    ['/stock?index', baseForms()['/stock?index']![2]!, 'quantity'],
    ['/stock?index', { intent: 'save-search', name: 'x'.repeat(500) }, 'name'],
    ['/stock/saved-searches', { intent: 'rename', id: '1', name: 'x'.repeat(500) }, 'name'],
    ['/stock/quick-order', { intent: 'quick-order-review', lines: 'x' }, 'lines'],
    ['/stock-alerts', baseForms()['/stock-alerts']![0]!, 'quantity'],
    ['/cart', baseForms()['/cart']![0]!, 'offerId'],
    [
      '/orders?index',
      { intent: 'edit-reference', orderNumber: 'SO-1', refOrderNumber: 'x'.repeat(300) },
      'refOrderNumber',
    ],
    ['/notifications', { intent: 'save' }, 'offerAnswerEmails'],
    ['/notifications', { intent: 'save' }, 'auctionEmails'],
    ['/preferences', { intent: 'time-zone', timeZone: 'Mars/Olympus' }, 'timeZone'],
    // Its lists hold up to 5,000 rows: an index below that is a row like any other.
    ['/returns/new', { intent: 'request', order: 'SO-1', key: 'abcdefgh12', note: '' }, 'units', 5000],
  ];

  it('every form: a quick 400 that sends nothing back, while /healthz answers', async () => {
    // The returns form needs a buyer who may see returns; signing in needs a visitor.
    const returnsBuyer = await createBuyer(server, ['CAN_BUY_ONLINE', 'CAN_VIEW_RETURNS']);
    const returnsClient = new Client(server.url);
    await returnsClient.signIn(returnsBuyer.email, returnsBuyer.password);
    const clientFor = (route: string) =>
      route === '/?index' || route === '/reset-password'
        ? new Client(server.url)
        : route === '/returns/new'
          ? returnsClient
          : client;
    const before = await buyerState();
    const failures: string[] = [];
    for (const [route, form, field, rows = 0] of forms()) {
      for (const index of INDICES.filter((i) => i >= rows)) {
        for (const name of [`x[${index}]`, `${field}[${index}]`, `${field}[${index}].imei`]) {
          const sent =
            'email' in form ? { ...form, email: `n${Math.random().toString(36).slice(2)}@example.com` } : form;
          const body = `${new URLSearchParams(sent)}&${encodeURIComponent(name)}=1`;
          // Answered within seconds, or not at all (before the bound: minutes, and gigabytes).
          const [response, health] = await Promise.all([
            clientFor(route).request(route, { ...urlencoded(body), signal: AbortSignal.timeout(20_000) }),
            fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(20_000) }),
          ]);
          const text = await response.text();
          if (response.status !== 400) failures.push(`${route} ${name}: ${response.status}`);
          // A refusal shows the error page: no form's values, and no list of empty entries.
          if (/initialValue|(null,){3}|,,,/.test(text)) failures.push(`${route} ${name}: sent back the form`);
          if (!health.ok) failures.push(`${route} ${name}: /healthz ${health.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await buyerState()).toEqual(before);
  }, 120_000);

  it('every other action, which first finds what it acts on: a quick answer below 500 that sends nothing back', async () => {
    const others: [string, Form][] = [
      ['/checkout/Amsterdam', { intent: 'hold' }],
      ['/checkout/add-to-unshipped-order/Amsterdam/SO-1', { intent: 'hold' }],
      ['/checkout/order-release-confirmation?order=SO-1', { intent: 'pay' }],
      ['/orders/SO-1', { intent: 'save', version: '1' }],
      ['/orders/SO-1/terms', { intent: 'accept' }],
      ['/orders/SO-1/buy-again', { intent: 'confirm' }],
      ['/orders/order-release-confirmation?order=SO-1', { intent: 'pay' }],
      ['/preferences', { intent: 'save' }],
      ['/stock/import', { intent: 'upload' }],
      ['/proof-of-export?back=%2Fstock', { intent: 'upload', uploadUrl: '', authToken: '' }],
      ['/returns/RMA-1', { intent: 'cancel' }],
    ];
    const before = await buyerState();
    const failures: string[] = [];
    for (const [route, form] of others) {
      for (const index of INDICES) {
        const body = `${new URLSearchParams(form)}&${encodeURIComponent(`x[${index}]`)}=1`;
        const [response, health] = await Promise.all([
          client.request(route, { ...urlencoded(body), signal: AbortSignal.timeout(20_000) }),
          fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(20_000) }),
        ]);
        const text = await response.text();
        if (response.status < 300 || response.status >= 500) failures.push(`${route} x[${index}]: ${response.status}`);
        if (/initialValue|(null,){3}|,,,/.test(text)) failures.push(`${route} x[${index}]: sent back the form`);
        if (!health.ok) failures.push(`${route} x[${index}]: /healthz ${health.status}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await buyerState()).toEqual(before);
  }, 120_000);
});
