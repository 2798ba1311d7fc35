import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createBuyer, DEMO_PASSWORD, startServer, type RunningServer } from './server';

/**
 * A stranger who fills an account's lockout (from many addresses) holds back strangers only: a
 * browser that signed in to that account before presents its device cookie and still gets in, signs
 * in again after a reset, and can reset its password; an API client does the same with its
 * X-Device-Token. A device token of another account, or a forged one, does not help, and a device
 * that fails too often is held back in turn.
 */

/** More than the default AUTH_ACCOUNT_LIMIT (10) of failures, as the issue tells it. */
const STRANGER_ATTEMPTS = 12;
const NEW_PASSWORD = 'Fresh#Pass2027';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const JSON_TYPE = { 'content-type': 'application/json' };

let server: RunningServer;
let address = 0;
/** Each request of the stranger from another address (the proxy on loopback is trusted). */
const elsewhere = () => ({ 'x-forwarded-for': `198.51.100.${++address % 250}` });
const OWNER_ADDRESS = { 'x-forwarded-for': '192.0.2.77' };

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: 'loopback', AUTH_RATE_LIMIT: '1000' });
}, 120_000);
afterAll(() => server?.stop());

const signInBody = (email: string, password: string) =>
  new URLSearchParams({ intent: 'sign-in', email, password, redirectTo: '' }).toString();

function strangerSignIn(email: string, password: string, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/?index`, {
    method: 'POST',
    redirect: 'manual',
    headers: { ...FORM, ...elsewhere(), ...headers },
    body: signInBody(email, password),
  });
}

async function strangerFillsTheLockout(email: string) {
  for (let i = 0; i < STRANGER_ATTEMPTS; i++) {
    const response = await strangerSignIn(email, `Wrong#Guess${i}`);
    expect([400, 429]).toContain(response.status);
    await response.arrayBuffer();
  }
  const refused = await strangerSignIn(email, DEMO_PASSWORD);
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
}

/** A browser that signed in once and then signed out: it keeps only its device cookie. */
async function ownersBrowser(email: string, password = DEMO_PASSWORD): Promise<Client> {
  const browser = new Client(server.url);
  const first = await browser.post('/?index', { intent: 'sign-in', email, password, redirectTo: '' }, OWNER_ADDRESS);
  expect(first.status).toBe(302);
  const line = first.headers.getSetCookie().find((c) => c.startsWith('__device='));
  expect(line).toMatch(/HttpOnly/i);
  expect(line).toMatch(/SameSite=Lax/i);
  expect(await browser.post('/logout', {}, OWNER_ADDRESS).then((r) => r.status)).toBe(302);
  expect(browser.cookie('__session')).toBeUndefined();
  expect(browser.cookie('__device')).toBeTruthy();
  return browser;
}

function withOnlyDevice(device: string | undefined): Client {
  const browser = new Client(server.url);
  if (device) browser.setCookie('__device', device);
  return browser;
}

/** The newest reset code e-mailed to `email` (the outbox of the server's data directory). */
function lastResetCode(email: string): string {
  const outbox = path.join(server.dataDir, 'outbox');
  const mails = fs
    .readdirSync(outbox)
    .filter((file) => file.includes(email))
    .sort();
  const text = fs.readFileSync(path.join(outbox, mails.at(-1)!), 'utf8').replace(/=\r?\n/g, '');
  return /verification code is (\d{6})/.exec(text)![1]!;
}

describe("a stranger fills the account lockout; the owner's browser still gets in", () => {
  it('signs in with its device cookie while the stranger, with none, is refused', async () => {
    const { email } = await createBuyer(server);
    const browser = await ownersBrowser(email);
    await strangerFillsTheLockout(email);

    const owner = await browser.post(
      '/?index',
      { intent: 'sign-in', email, password: DEMO_PASSWORD, redirectTo: '' },
      OWNER_ADDRESS,
    );
    expect(owner.status).toBe(302);
    expect(browser.cookie('__session')).toBeTruthy();
    expect((await browser.request('/stock', { headers: OWNER_ADDRESS })).status).toBe(200);

    // the stranger with the right password but no device cookie: still refused, from the owner's address too
    expect((await strangerSignIn(email, DEMO_PASSWORD)).status).toBe(429);
    expect((await strangerSignIn(email, DEMO_PASSWORD, OWNER_ADDRESS)).status).toBe(429);
  }, 120_000);

  it('a device cookie of another account, a forged one or a tampered one does not help', async () => {
    const { email } = await createBuyer(server);
    const other = await createBuyer(server);
    const othersBrowser = await ownersBrowser(other.email);
    const ownBrowser = await ownersBrowser(email);
    await strangerFillsTheLockout(email);

    const withOthersCookie = await othersBrowser.post('/?index', {
      intent: 'sign-in',
      email,
      password: DEMO_PASSWORD,
      redirectTo: '',
    });
    expect(withOthersCookie.status).toBe(429);
    expect(othersBrowser.cookie('__session')).toBeUndefined();

    const genuine = ownBrowser.cookie('__device')!;
    const [payload, signature] = genuine.split('.');
    const tampered = `${Buffer.from(
      Buffer.from(payload!, 'base64url')
        .toString()
        .replace(/"d":"[^"]+"/, '"d":"AAAAAAAAAAAAAAAAAAAAAA"'),
    ).toString('base64url')}.${signature}`;
    for (const forged of [
      tampered,
      `${payload}.${'A'.repeat(signature!.length)}`,
      'W10.x',
      genuine.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
    ]) {
      const response = await withOnlyDevice(forged).post('/?index', {
        intent: 'sign-in',
        email,
        password: DEMO_PASSWORD,
        redirectTo: '',
      });
      expect(response.status).toBe(429);
    }
    // and the genuine one still works
    expect(
      (
        await withOnlyDevice(genuine).post('/?index', {
          intent: 'sign-in',
          email,
          password: DEMO_PASSWORD,
          redirectTo: '',
        })
      ).status,
    ).toBe(302);
  }, 120_000);

  it('a device cookie that fails too often is held back itself, and does not touch the account', async () => {
    const { email } = await createBuyer(server);
    const browser = await ownersBrowser(email);
    for (let i = 0; i < 10; i++) {
      expect(
        (await browser.post('/?index', { intent: 'sign-in', email, password: `Wrong#Guess${i}`, redirectTo: '' }))
          .status,
      ).toBe(400);
    }
    const held = await browser.post('/?index', { intent: 'sign-in', email, password: DEMO_PASSWORD, redirectTo: '' });
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
    // the device's failures were not the account's: a browser without one signs in
    const fresh = new Client(server.url);
    expect(
      (await fresh.post('/?index', { intent: 'sign-in', email, password: DEMO_PASSWORD, redirectTo: '' }, elsewhere()))
        .status,
    ).toBe(302);
  }, 120_000);
});

describe("reset codes: a stranger asking for and guessing codes does not stop the owner's browser", () => {
  it("the owner's browser asks for a code, resets its password and signs in; the stranger is refused", async () => {
    const { email } = await createBuyer(server);
    const browser = await ownersBrowser(email);
    for (let i = 0; i < STRANGER_ATTEMPTS; i++) {
      const ask = await fetch(`${server.url}/reset-password`, {
        method: 'POST',
        redirect: 'manual',
        headers: { ...FORM, ...elsewhere() },
        body: new URLSearchParams({ intent: 'send-code', email }).toString(),
      });
      await ask.arrayBuffer();
      const guess = await fetch(`${server.url}/reset-password`, {
        method: 'POST',
        redirect: 'manual',
        headers: { ...FORM, ...elsewhere() },
        body: new URLSearchParams({
          intent: 'reset',
          email,
          code: String(100000 + i),
          newPassword: 'Stranger#Pass1',
        }).toString(),
      });
      await guess.arrayBuffer();
    }
    const strangerAsks = await fetch(`${server.url}/reset-password`, {
      method: 'POST',
      redirect: 'manual',
      headers: { ...FORM, ...elsewhere() },
      body: new URLSearchParams({ intent: 'send-code', email }).toString(),
    });
    expect(strangerAsks.status).toBe(429);

    const ask = await browser.post('/reset-password', { intent: 'send-code', email }, OWNER_ADDRESS);
    expect(ask.status).toBe(302);
    const reset = await browser.post(
      '/reset-password',
      { intent: 'reset', email, code: lastResetCode(email), newPassword: NEW_PASSWORD },
      OWNER_ADDRESS,
    );
    expect(reset.status).toBe(302);
    expect(reset.headers.get('location')).toBe('/');

    const signIn = await browser.post(
      '/?index',
      { intent: 'sign-in', email, password: NEW_PASSWORD, redirectTo: '' },
      OWNER_ADDRESS,
    );
    expect(signIn.status).toBe(302);
    expect(browser.cookie('__session')).toBeTruthy();
    expect((await strangerSignIn(email, NEW_PASSWORD)).status).toBe(429);
  }, 180_000);
});

describe('the tenant API recognises a device by its X-Device-Token', () => {
  const apiSignIn = (email: string, password: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/px-api-gateway/identity/sign-in`, {
      method: 'POST',
      headers: { ...JSON_TYPE, ...headers },
      body: JSON.stringify({ email, password }),
    });

  it("a client that signed in before gets in with its token; without it, or with another account's, it is refused", async () => {
    const { email } = await createBuyer(server);
    const other = await createBuyer(server);
    const first = await apiSignIn(email, DEMO_PASSWORD, OWNER_ADDRESS);
    expect(first.status).toBe(200);
    const token = first.headers.get('x-device-token');
    expect(token).toBeTruthy();
    const othersToken = (await apiSignIn(other.email, DEMO_PASSWORD, OWNER_ADDRESS)).headers.get('x-device-token')!;
    const browser = await ownersBrowser(email);

    for (let i = 0; i < STRANGER_ATTEMPTS; i++)
      expect((await apiSignIn(email, `Wrong#Guess${i}`, elsewhere())).status).not.toBe(200);
    expect((await apiSignIn(email, DEMO_PASSWORD, elsewhere())).status).toBe(429);
    expect((await apiSignIn(email, DEMO_PASSWORD, { ...elsewhere(), 'x-device-token': othersToken })).status).toBe(429);

    const owner = await apiSignIn(email, DEMO_PASSWORD, { ...OWNER_ADDRESS, 'x-device-token': token! });
    expect(owner.status).toBe(200);
    expect(((await owner.json()) as { accessToken?: string }).accessToken).toBeTruthy();
    // the portal's cookie is the same token: a browser's device counts on the API too
    expect((await apiSignIn(email, DEMO_PASSWORD, { cookie: `__device=${browser.cookie('__device')}` })).status).toBe(
      200,
    );
  }, 120_000);
});
