import { createCookie } from '@remix-run/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seal, unseal } from '../../app/.server/sealed-cookie-session';
import { apiCall, Client, createBuyer, signedInBuyer, startServer, type RunningServer } from './server';

/** The server runs in the middle of a rotation: the new secret seals, the old one still opens. */
const NEW_SECRET = 'the session secret after the rotation (32+ chars)';
const OLD_SECRET = 'the session secret before the rotation (32+ chars)';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ SESSION_SECRET: `${NEW_SECRET},${OLD_SECRET}` });
}, 180_000);
afterAll(() => server?.stop());

describe('signing out ends the session on the server', () => {
  it('a session cookie copied before logout no longer opens a signed-in page', async () => {
    const { email, password } = await createBuyer(server);
    const client = new Client(server.url);
    await client.signIn(email, password);
    expect((await client.request('/stock')).status).toBe(200);

    const copied = new Client(server.url);
    copied.setCookie('__session', client.cookie('__session')!);

    const logout = await client.post('/logout', {});
    expect(logout.status).toBe(302);
    expect(client.cookie('__session')).toBeUndefined();
    // The browser drops what it kept of the signed-in pages (its cache and storage) as well.
    expect(logout.headers.get('clear-site-data')).toBe('"cache", "storage"');

    const replay = await copied.request('/stock');
    expect(replay.status).toBe(302);
    expect(replay.headers.get('location')).toBe(`/?${new URLSearchParams({ redirectTo: '/stock' })}`);
    // The portal forgets the dead session too.
    expect(copied.cookie('__session')).toBeUndefined();
  }, 60_000);
});

describe('a session cookie', () => {
  it('that was tampered with reads as signed out', async () => {
    const { email, password } = await createBuyer(server);
    const client = new Client(server.url);
    await client.signIn(email, password);
    const session = client.cookie('__session')!;
    const tampered = new Client(server.url);
    tampered.setCookie('__session', `${session.slice(0, -4)}AAAA`);
    const response = await tampered.request('/stock');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`/?${new URLSearchParams({ redirectTo: '/stock' })}`);
  }, 60_000);
});

describe('the session cookie', () => {
  it('shows nobody who reads it the tokens or the buyer (it is encrypted, not only signed)', async () => {
    const { email, password } = await createBuyer(server);
    const client = new Client(server.url);
    await client.signIn(email, password);
    const value = decodeURIComponent(client.cookie('__session')!);
    const readings = [value, ...value.split('.').map((part) => Buffer.from(part, 'base64').toString('latin1'))];
    for (const reading of [...readings, ...readings.map((r) => Buffer.from(r, 'base64').toString('latin1'))]) {
      expect(reading).not.toContain(email);
      expect(reading).not.toMatch(/accessToken|refreshToken/);
    }
    expect((await client.request('/stock')).status).toBe(200);
  }, 60_000);
});

describe('signing out whatever the body', () => {
  const bodies: [string, RequestInit][] = [
    ['no body', {}],
    ['a JSON body', { headers: { 'content-type': 'application/json' }, body: '{"intent":"logout"}' }],
    ['a text body', { headers: { 'content-type': 'text/plain' }, body: 'bye' }],
    ['an empty form', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' }],
  ];

  it.each(bodies)(
    "fetch('/logout', { method: 'POST' }) with %s ends the session",
    async (_label, init) => {
      const { email, password } = await createBuyer(server);
      const client = new Client(server.url);
      await client.signIn(email, password);
      const copied = new Client(server.url);
      copied.setCookie('__session', client.cookie('__session')!);

      const logout = await client.request('/logout', {
        method: 'POST',
        ...init,
        headers: { ...(init.headers as Record<string, string>), 'sec-fetch-site': 'same-origin', origin: server.url },
      });
      expect(logout.status).toBe(302);
      expect(client.cookie('__session')).toBeUndefined();
      expect((await copied.request('/stock')).status).toBe(302);
    },
    60_000,
  );

  it('a sign-out posted from another site is refused and the session lives on', async () => {
    const { email, password } = await createBuyer(server);
    const client = new Client(server.url);
    await client.signIn(email, password);
    const foreign: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' },
      { origin: 'null' },
    ];
    for (const headers of foreign) {
      expect((await client.request('/logout', { method: 'POST', headers })).status, JSON.stringify(headers)).toBe(403);
    }
    expect((await client.request('/stock')).status).toBe(200);
  }, 60_000);
});

/** The session cookie's Set-Cookie lines of an answer. */
const sessionCookies = (response: Response) =>
  response.headers.getSetCookie().filter((line) => line.startsWith('__session='));

/** The cookie's value as the browser keeps it, and the session data it seals (with the secrets given). */
const sessionCookie = createCookie('__session');
async function sessionData(value: string, secrets = [NEW_SECRET]) {
  const sealed = await sessionCookie.parse(`__session=${value}`);
  return unseal(String(sealed), secrets) as Record<string, unknown> | null;
}
async function sealedValue(data: unknown, secret: string) {
  return (await sessionCookie.serialize(seal(data, secret))).split(';')[0]!.slice('__session='.length);
}

describe('a session ended at the marketplace while the buyer is on a page', () => {
  /** Three browsers of one buyer: the first signs out (the marketplace ends the session), the others carry on. */
  async function endedElsewhere() {
    const { email, password } = await createBuyer(server);
    const client = new Client(server.url);
    await client.signIn(email, password);
    const copies = [0, 1, 2, 3].map(() => {
      const copy = new Client(server.url);
      copy.setCookie('__session', client.cookie('__session')!);
      return copy;
    });
    expect((await client.post('/logout', {})).status).toBe(302);
    return { email, password, copies };
  }
  const signInAgain = `/?${new URLSearchParams({ redirectTo: '/notifications' })}`;

  it('sends the buyer to sign in and back from a page, a posted form and a single-fetch data request', async () => {
    const { email, password, copies } = await endedElsewhere();
    const [page, form, data, dataForm] = copies as [Client, Client, Client, Client];

    const loaded = await page.request('/notifications');
    expect(loaded.status).toBe(302);
    expect(loaded.headers.get('location')).toBe(signInAgain);

    // The form was shown while the session lived; the marketplace refuses the save.
    const posted = await form.post('/notifications', { intent: 'save', offerAnswerEmails: 'on' });
    expect(posted.status).toBe(302);
    expect(posted.headers.get('location')).toBe(signInAgain);

    // With scripts the page's data comes from /notifications.data: the redirect is in the answer
    // for Remix to navigate the browser to.
    const fetched = await data.request('/notifications.data');
    expect(fetched.status).toBe(202);
    expect(fetched.headers.get('x-remix-response')).toBe('yes');
    expect(await fetched.text()).toContain(signInAgain);
    // The same form posted with scripts (its single-fetch address).
    const fetchedPost = await dataForm.post('/notifications.data', { intent: 'save', offerAnswerEmails: 'on' });
    expect(fetchedPost.status).toBe(202);
    expect(await fetchedPost.text()).toContain(signInAgain);

    for (const [answer, browser] of [
      [loaded, page],
      [posted, form],
      [fetched, data],
      [fetchedPost, dataForm],
    ] as const) {
      // The session's cookie is cleared once, and the sign-in page says why.
      expect(sessionCookies(answer)).toEqual([expect.stringMatching(/^__session=; .*Expires=Thu, 01 Jan 1970/)]);
      expect(browser.cookie('__session')).toBeUndefined();
      expect(browser.cookie('__login_message')).toBeDefined();
    }

    // Signing in again goes back to the page.
    const back = await page.post('/?index', { intent: 'sign-in', email, password, redirectTo: '/notifications' });
    expect(back.headers.get('location')).toBe('/notifications');
    expect((await page.request('/notifications')).status).toBe(200);
  }, 60_000);
});

describe('the session is saved once, by the server, only when the request changed it', () => {
  it('a page or its data that changes nothing sets no session cookie', async () => {
    const { client } = await signedInBuyer(server);
    for (const path of ['/stock', '/stock.data', '/notifications', '/notifications.data']) {
      const response = await client.request(path);
      expect(response.status, path).toBeLessThan(300);
      expect(sessionCookies(response), path).toEqual([]);
    }
  }, 60_000);

  it('a request that renews the tokens and keeps a checkout saves both in one cookie', async () => {
    const { client, token } = await signedInBuyer(server);
    const stock = await apiCall(server, token, 'GET', '/admin/stock?warehouse=AMS&minQuantity=20&limit=1');
    const item = stock.body[0];
    const placed = await apiCall(server, token, 'POST', '/stocklist/offer', {
      itemNumberWarehouse: item.itemNumberWarehouse,
      offerQuantity: item.incrementSize * 2,
      offerPrice: item.listPrice,
    });
    expect(placed.status).toBe(201);
    // The access token runs out now: this request renews it before the cart hands over to checkout.
    const session = (await sessionData(client.cookie('__session')!))!;
    client.setCookie('__session', await sealedValue({ ...session, accessExpiresAt: Date.now() - 1000 }, NEW_SECRET));

    const handOff = await client.post('/cart', {
      intent: 'checkout',
      box: 'AMS',
      offerId: String(placed.body.offerId),
    });
    expect(handOff.headers.get('location')).toBe('/checkout/Amsterdam');
    const [saved, ...more] = sessionCookies(handOff);
    expect(more).toEqual([]);
    const kept = (await sessionData(saved!.split(';')[0]!.slice('__session='.length)))!;
    // The renewal is kept (a token issued in the same second as the first may read the same).
    expect(kept.accessExpiresAt).toBeGreaterThan(Date.now());
    expect(Object.keys(kept.checkouts as object)).toEqual(['Amsterdam']);
    expect((await client.request('/checkout/Amsterdam')).status).toBe(200);
  }, 60_000);
});

describe('SESSION_SECRET as a list, the new secret first', () => {
  it('reads a cookie sealed with the old secret and seals it again with the new one', async () => {
    const { client } = await signedInBuyer(server);
    const session = await sessionData(client.cookie('__session')!);
    const old = new Client(server.url);
    old.setCookie('__session', await sealedValue(session, OLD_SECRET));
    expect(await sessionData(old.cookie('__session')!)).toBeNull();

    const response = await old.request('/stock');
    expect(response.status).toBe(200);
    expect(sessionCookies(response)).toHaveLength(1);
    // The new cookie opens with the new secret alone: the old one can be dropped later.
    expect(await sessionData(old.cookie('__session')!, [NEW_SECRET])).toEqual(session);
    expect(sessionCookies(await old.request('/stock'))).toEqual([]);
  }, 60_000);
});
