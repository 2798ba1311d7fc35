import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM, JSON_TYPE, rawRequest, signedIn, signInForm, type RawResponse } from './raw-http';
import { createBuyer, DEMO_PASSWORD, startServer, type RunningServer } from './server';

/**
 * Sign-in and password-reset limits cannot be stepped around: not by spelling the path another way,
 * not by a made-up X-Forwarded-For, not by moving to another address (a limit per account).
 */

const LIMIT = 3;

function expectRefused(response: RawResponse) {
  expect(response.status).toBe(429);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(signedIn(response)).toBe(false);
}

describe('the address limit, with no proxy trusted (the default)', () => {
  let server: RunningServer;
  let buyer: { email: string; password: string };
  beforeAll(async () => {
    server = await startServer({ AUTH_RATE_LIMIT: String(LIMIT), AUTH_ACCOUNT_LIMIT: '1000' });
    buyer = await createBuyer(server);
    for (let i = 0; i < LIMIT; i++) {
      const response = await rawRequest(server.url, '/?index', {
        method: 'POST',
        headers: FORM,
        body: signInForm(buyer.email, 'Wrong#Password1'),
      });
      expect(response.status).toBe(400);
    }
    expectRefused(
      await rawRequest(server.url, '/?index', {
        method: 'POST',
        headers: FORM,
        body: signInForm(buyer.email, DEMO_PASSWORD),
      }),
    );
  });
  afterAll(() => server?.stop());

  it.each(['//?index', '///?index', '/./?index', '/%2e/?index', '/index/..?index', '/?index&'])(
    'holds for POST %s',
    async (rawPath) => {
      expectRefused(
        await rawRequest(server.url, rawPath, {
          method: 'POST',
          headers: FORM,
          body: signInForm(buyer.email, DEMO_PASSWORD),
        }),
      );
    },
  );

  it.each([
    '/px-api-gateway/identity/sign-in',
    '/px-api-gateway/./identity/sign-in',
    '/px-api-gateway/%2e/identity/sign-in',
    '/px-api-gateway/%2E/identity/sign-in',
    '/px-api-gateway//identity/sign-in',
    '/px-api-gateway/x/../identity/sign-in',
    '/px-api-gateway/identity/%73ign-in',
    '/PX-API-GATEWAY/identity/sign-in',
  ])('holds for the API at %s', async (rawPath) => {
    expectRefused(
      await rawRequest(server.url, rawPath, {
        method: 'POST',
        headers: JSON_TYPE,
        body: JSON.stringify({ email: buyer.email, password: DEMO_PASSWORD }),
      }),
    );
  });

  it.each(['/reset-password', '/reset-password/', '/Reset-Password', '/%72eset-password', '//reset-password'])(
    'holds for password reset at %s',
    async (rawPath) => {
      const body = new URLSearchParams({ intent: 'send-code', email: buyer.email }).toString();
      expectRefused(await rawRequest(server.url, rawPath, { method: 'POST', headers: FORM, body }));
    },
  );

  it('a rotating X-Forwarded-For from an untrusted client changes nothing', async () => {
    for (let i = 1; i <= 5; i++) {
      expectRefused(
        await rawRequest(server.url, '/?index', {
          method: 'POST',
          headers: { ...FORM, 'x-forwarded-for': `203.0.113.${i}` },
          body: signInForm(buyer.email, DEMO_PASSWORD),
        }),
      );
    }
  });
});

describe('odd paths never reach a password check', () => {
  let server: RunningServer;
  let buyer: { email: string; password: string };
  beforeAll(async () => {
    server = await startServer({ AUTH_RATE_LIMIT: '1000', AUTH_ACCOUNT_LIMIT: '1000' });
    buyer = await createBuyer(server);
  });
  afterAll(() => server?.stop());

  it.each(['//?index', '/./?index', '/px-api-gateway/./identity/sign-in', '/px-api-gateway/%2e/identity/sign-in'])(
    'POST %s is refused before any route',
    async (rawPath) => {
      const api = rawPath.startsWith('/px');
      const response = await rawRequest(server.url, rawPath, {
        method: 'POST',
        headers: api ? JSON_TYPE : FORM,
        body: api
          ? JSON.stringify({ email: buyer.email, password: DEMO_PASSWORD })
          : signInForm(buyer.email, DEMO_PASSWORD),
      });
      expect([308, 400]).toContain(response.status);
      expect(signedIn(response)).toBe(false);
    },
  );

  it('GET of an odd path is redirected to its normal form', async () => {
    const response = await rawRequest(server.url, '//stock?a=1');
    expect(response.status).toBe(308);
    expect(response.headers.location).toBe('/stock?a=1');
    const dotted = await rawRequest(server.url, '/x/%2e%2e/stock');
    expect(dotted.status).toBe(308);
    expect(dotted.headers.location).toBe('/stock');
  });
});

describe('the account limit, across addresses (TRUST_PROXY=loopback)', () => {
  let server: RunningServer;
  let buyer: { email: string; password: string };
  let address = 0;
  const from = () => ({ 'x-forwarded-for': `198.51.100.${++address}` });
  beforeAll(async () => {
    server = await startServer({
      AUTH_RATE_LIMIT: String(LIMIT),
      AUTH_ACCOUNT_LIMIT: String(LIMIT),
      TRUST_PROXY: 'loopback',
    });
    buyer = await createBuyer(server);
  });
  afterAll(() => server?.stop());

  it('the address limit follows X-Forwarded-For from a trusted proxy', async () => {
    const other = await createBuyer(server);
    const headers = { ...FORM, 'x-forwarded-for': '192.0.2.10' };
    for (let i = 0; i < LIMIT; i++) {
      expect(
        (
          await rawRequest(server.url, '/?index', {
            method: 'POST',
            headers,
            body: signInForm(`nobody-${i}@example.com`, 'x'),
          })
        ).status,
      ).toBe(400);
    }
    expectRefused(
      await rawRequest(server.url, '/?index', {
        method: 'POST',
        headers,
        body: signInForm(other.email, DEMO_PASSWORD),
      }),
    );
    // another address is not held back by that one
    const elsewhere = await rawRequest(server.url, '/?index', {
      method: 'POST',
      headers: { ...FORM, ...from() },
      body: signInForm(other.email, DEMO_PASSWORD),
    });
    expect(elsewhere.status).toBe(302);
    expect(signedIn(elsewhere)).toBe(true);
  });

  it('failures on one account from many addresses hold that account back, on the page and the API', async () => {
    for (let i = 0; i < LIMIT; i++) {
      const response = await rawRequest(server.url, '/?index', {
        method: 'POST',
        headers: { ...FORM, ...from() },
        body: signInForm(buyer.email, `Wrong#Password${i}`),
      });
      expect(response.status).toBe(400);
    }
    expectRefused(
      await rawRequest(server.url, '/?index', {
        method: 'POST',
        headers: { ...FORM, ...from() },
        body: signInForm(buyer.email, DEMO_PASSWORD),
      }),
    );
    // the same account spelt otherwise
    expectRefused(
      await rawRequest(server.url, '/?index', {
        method: 'POST',
        headers: { ...FORM, ...from() },
        body: signInForm(`  ${buyer.email.toUpperCase()} `, DEMO_PASSWORD),
      }),
    );
    expectRefused(
      await rawRequest(server.url, '/px-api-gateway/identity/sign-in', {
        method: 'POST',
        headers: { ...JSON_TYPE, ...from() },
        body: JSON.stringify({ email: buyer.email.toUpperCase(), password: DEMO_PASSWORD }),
      }),
    );
    // a JSON body with a byte-order mark is the same body to the API
    expectRefused(
      await rawRequest(server.url, '/px-api-gateway/identity/sign-in', {
        method: 'POST',
        headers: { ...JSON_TYPE, ...from() },
        body: `\uFEFF${JSON.stringify({ email: buyer.email, password: DEMO_PASSWORD })}`,
      }),
    );
    const reset = new URLSearchParams({ intent: 'send-code', email: buyer.email }).toString();
    expectRefused(
      await rawRequest(server.url, '/reset-password', { method: 'POST', headers: { ...FORM, ...from() }, body: reset }),
    );
  });

  it('API failures count toward the account limit too', async () => {
    const target = await createBuyer(server);
    for (let i = 0; i < LIMIT; i++) {
      const response = await rawRequest(server.url, '/px-api-gateway/identity/sign-in', {
        method: 'POST',
        headers: { ...JSON_TYPE, ...from() },
        body: JSON.stringify({ email: target.email, password: `Wrong#Password${i}` }),
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(429);
    }
    expectRefused(
      await rawRequest(server.url, '/?index', {
        method: 'POST',
        headers: { ...FORM, ...from() },
        body: signInForm(target.email, DEMO_PASSWORD),
      }),
    );
  });

  it('a multipart body is read for the account as Remix reads it', async () => {
    const target = await createBuyer(server);
    const multipart = (password: string) => {
      const form = new FormData();
      form.set('intent', 'sign-in');
      form.set('email', target.email);
      form.set('password', password);
      form.set('redirectTo', '');
      return new Response(form);
    };
    for (let i = 0; i < LIMIT; i++) {
      const body = multipart(`Wrong#Password${i}`);
      const response = await fetch(`${server.url}/?index`, {
        method: 'POST',
        headers: { ...from(), 'content-type': body.headers.get('content-type')! },
        body: await body.text(),
        redirect: 'manual',
      });
      expect(response.status).toBe(400);
    }
    const body = multipart(DEMO_PASSWORD);
    const response = await fetch(`${server.url}/?index`, {
      method: 'POST',
      headers: { ...from(), 'content-type': body.headers.get('content-type')! },
      body: await body.text(),
      redirect: 'manual',
    });
    expect(response.status).toBe(429);
    expect(response.headers.getSetCookie().some((c) => c.startsWith('__session='))).toBe(false);
  });
});
