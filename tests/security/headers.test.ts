import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM, rawRequest, signedIn, signInForm } from './raw-http';
import { Client, createBuyer, DEMO_PASSWORD, startServer, type RunningServer, type ServerAddress } from './server';
import { sharedServer } from './shared-server';
import { photoBuyer, shippedUnits } from '../support/return-photos';

/** Caching, cookie and transport headers: what a signed-in page may leave behind, and where. */

const sessionCookie = (lines: string[]) => lines.find((l) => l.startsWith('__session='));

describe('plain http, no proxy trusted (the default)', () => {
  let server: ServerAddress;
  let buyer: { email: string; password: string };
  beforeAll(async () => {
    server = await sharedServer();
    buyer = await createBuyer(server);
  });

  it('pages, data and API answers are not stored; built assets are cached', async () => {
    const client = new Client(server.url);
    expect((await client.request('/')).headers.get('cache-control')).toBe('no-store');
    await client.signIn(buyer.email, buyer.password);
    expect((await client.request('/stock')).headers.get('cache-control')).toBe('no-store');
    expect((await client.request('/stock.data')).headers.get('cache-control')).toBe('no-store');
    expect((await client.request('/no-such-page')).headers.get('cache-control')).toBe('no-store');
    expect((await fetch(`${server.url}/px-api-gateway/saas-config`)).headers.get('cache-control')).toBe('no-store');
    expect((await fetch(`${server.url}/px-api-gateway/user-info`)).headers.get('cache-control')).toBe('no-store');
    const html = await (await client.request('/stock')).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)![0];
    const cached = (await fetch(server.url + asset)).headers.get('cache-control') ?? '';
    expect(cached).toMatch(/max-age=\d+/);
    expect(cached).not.toContain('no-store');
  });

  it('cookies over plain http are not Secure, and no HSTS is sent', async () => {
    const response = await rawRequest(server.url, '/?index', {
      method: 'POST',
      headers: FORM,
      body: signInForm(buyer.email, DEMO_PASSWORD),
    });
    expect(response.status).toBe(302);
    const cookie = sessionCookie(response.setCookies)!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).not.toMatch(/;\s*Secure/i);
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('X-Forwarded-Proto from an untrusted client does not make the request secure', async () => {
    const response = await rawRequest(server.url, '/?index', {
      method: 'POST',
      headers: { ...FORM, 'x-forwarded-proto': 'https' },
      body: signInForm(buyer.email, DEMO_PASSWORD),
    });
    expect(response.status).toBe(302);
    expect(sessionCookie(response.setCookies)).not.toMatch(/;\s*Secure/i);
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('the CSP loads images, fonts and frames from the hosts the tenant names, not from any https site', async () => {
    // The demo tenant names none on other sites: its logos, favicon and tutorial are its own.
    const csp = (await fetch(`${server.url}/`)).headers.get('content-security-policy')!;
    const directive = (name: string) => csp.split(';').find((d) => d.trim().startsWith(`${name} `))!;
    expect(csp).not.toMatch(/(^|\s)https:(\s|;|$)/);
    expect(directive('img-src')).toBe("img-src 'self' data:");
    expect(directive('font-src')).toBe("font-src 'self' data:");
    expect(directive('frame-src')).toBe("frame-src 'self'");
  });

  it('a Permissions-Policy turns off the browser features no page uses, on pages and API answers alike', async () => {
    for (const path of ['/', '/px-api-gateway/saas-config']) {
      const policy = (await fetch(`${server.url}${path}`)).headers.get('permissions-policy') ?? '';
      expect(policy, path).toContain('camera=()');
      expect(policy, path).toContain('geolocation=()');
      expect(policy, path).toContain('microphone=()');
      expect(policy, path).toContain('payment=()');
    }
  });

  it("the CSP's script-src has 'strict-dynamic' beside the nonce and keeps 'self'", async () => {
    const csp = (await fetch(`${server.url}/`)).headers.get('content-security-policy')!;
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src '))!;
    expect(scriptSrc).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'$/);
  });

  it('a POST whose Origin has the same host but another scheme is refused', async () => {
    const host = new URL(server.url).host;
    const https = await rawRequest(server.url, '/?index', {
      method: 'POST',
      headers: { ...FORM, origin: `https://${host}` },
      body: signInForm(buyer.email, DEMO_PASSWORD),
    });
    expect(https.status).toBe(403);
    const same = await rawRequest(server.url, '/?index', {
      method: 'POST',
      headers: { ...FORM, origin: `http://${host}` },
      body: signInForm(buyer.email, DEMO_PASSWORD),
    });
    expect(same.status).toBe(302);
  });

  it('a POST is refused unless every source header it carries names this site', async () => {
    const self = server.url;
    const post = (headers: Record<string, string>) =>
      rawRequest(server.url, '/?index', {
        method: 'POST',
        headers: { ...FORM, ...headers },
        body: signInForm(buyer.email, DEMO_PASSWORD),
      });
    const odd: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' },
      { 'sec-fetch-site': 'none', origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'cross-site', origin: self },
      { 'sec-fetch-site': 'same-site', origin: self },
      { 'sec-fetch-site': 'same-origin', origin: 'null' },
      { origin: 'null' },
      { origin: 'http://[::1' },
      { 'sec-fetch-site': 'same-origin', origin: `${self}/stock` },
    ];
    for (const headers of odd) {
      const response = await post(headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(signedIn(response), JSON.stringify(headers)).toBe(false);
    }
    expect((await post({ 'sec-fetch-site': 'same-origin', origin: self })).status).toBe(302);
    expect((await post({})).status).toBe(302);
  });

  it('an unknown intent, a tenant API body that is not JSON and a call without a token are 4xx; health answers', async () => {
    const unknown = await rawRequest(server.url, '/?index', {
      method: 'POST',
      headers: { ...FORM, origin: server.url },
      body: 'intent=explode',
    });
    expect(unknown.status).toBe(400);
    const notJson = await fetch(`${server.url}/px-api-gateway/identity/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(notJson.status).toBe(400);
    expect((await fetch(`${server.url}/px-api-gateway/user-info`)).status).toBe(401);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });

  it('navigations from other sites still work: a link to a page, the payment provider sending the buyer back', async () => {
    const fromAfar = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' };
    expect((await rawRequest(server.url, '/', { headers: fromAfar })).status).toBe(200);
    const back = await rawRequest(
      server.url,
      '/orders/SO-1/order-release-confirmation?token=abc&PayerID=P&status=approved',
      { headers: fromAfar },
    );
    expect(back.status).not.toBe(403);
    expect(back.status).toBeLessThan(500);
  });

  it("a return photo carries its own CSP and one nosniff, not the page's, from the portal and the tenant API alike", async () => {
    const buyer = await photoBuyer(server.url, server.dataDir);
    const { orderNumber, imeis } = await shippedUnits(server.url, server.dataDir, buyer.token, 1);
    const form = new FormData();
    form.append(
      'request',
      JSON.stringify({
        orderNumber,
        idempotencyKey: `headers-${Date.now()}`,
        note: '',
        units: [{ imei: imeis[0], reasonCode: 'DOA', photos: ['photo-0'] }],
      }),
    );
    form.append('photo-0', new Blob([fs.readFileSync('tests/fixtures/photos/unit.png')]), 'unit.png');
    const auth = { authorization: `Bearer ${buyer.token}` };
    const created = await fetch(`${server.url}/px-api-gateway/returns`, { method: 'POST', headers: auth, body: form });
    expect(created.status).toBe(201);
    const { rmaNumber } = (await created.json()) as { rmaNumber: string };
    const details = (await (
      await fetch(`${server.url}/px-api-gateway/returns/${rmaNumber}`, { headers: auth })
    ).json()) as { units: { photos: { id: number }[] }[] };
    const id = details.units[0]!.photos[0]!.id;
    for (const [path, headers] of [
      [`/returns/${rmaNumber}/photos/${id}`, { cookie: buyer.cookie }],
      [`/px-api-gateway/returns/${rmaNumber}/photos/${id}`, auth],
    ] as const) {
      const photo = await rawRequest(server.url, path, { headers });
      expect(photo.status, path).toBe(200);
      expect(photo.headers['content-type'], path).toBe('image/png');
      const sent = (name: string) => photo.lines.filter(([n]) => n === name).map(([, value]) => value);
      expect(sent('content-security-policy'), path).toEqual(["default-src 'none'; sandbox"]);
      expect(sent('x-content-type-options'), path).toEqual(['nosniff']);
    }
    // A page keeps the page's policy.
    const page = await rawRequest(server.url, `/returns/${rmaNumber}`, { headers: { cookie: buyer.cookie } });
    expect(page.lines.filter(([n]) => n === 'content-security-policy')).toHaveLength(1);
    expect(page.headers['content-security-policy']).toContain("script-src 'self' 'nonce-");
  });
});

describe('behind a trusted TLS proxy (TRUST_PROXY=loopback)', () => {
  let server: RunningServer;
  let buyer: { email: string; password: string };
  beforeAll(async () => {
    // A tenant with widgets on another site (their scripts show images and frames of their own).
    server = await startServer({ TRUST_PROXY: 'loopback', TENANT_CONFIG: 'config/tenants/second.json' });
    buyer = await createBuyer(server);
  });
  afterAll(() => server?.stop());

  it('a request that came over TLS gets Secure cookies and HSTS', async () => {
    const response = await rawRequest(server.url, '/?index', {
      method: 'POST',
      headers: { ...FORM, 'x-forwarded-proto': 'https' },
      body: signInForm(buyer.email, DEMO_PASSWORD),
    });
    expect(response.status).toBe(302);
    expect(response.setCookies.length).toBeGreaterThan(0);
    for (const line of response.setCookies) expect(line).toMatch(/;\s*Secure/i);
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it("the CSP names the tenant's widget host for images and frames, and nothing wider", async () => {
    const csp = (await fetch(`${server.url}/`)).headers.get('content-security-policy')!;
    const directive = (name: string) => csp.split(';').find((d) => d.trim().startsWith(`${name} `))!;
    expect(directive('img-src')).toBe("img-src 'self' data: https://widgets.example.net");
    expect(directive('frame-src')).toBe("frame-src 'self' https://widgets.example.net");
    expect(directive('font-src')).toBe("font-src 'self' data:");
  });

  it('the same proxy over plain http: no Secure, no HSTS', async () => {
    const response = await rawRequest(server.url, '/?index', {
      method: 'POST',
      headers: { ...FORM, 'x-forwarded-proto': 'http' },
      body: signInForm(buyer.email, DEMO_PASSWORD),
    });
    expect(response.status).toBe(302);
    expect(sessionCookie(response.setCookies)).not.toMatch(/;\s*Secure/i);
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('an Origin is compared with the scheme the proxy reports', async () => {
    const host = new URL(server.url).host;
    const post = (proto: string, origin: string) =>
      rawRequest(server.url, '/?index', {
        method: 'POST',
        headers: { ...FORM, 'x-forwarded-proto': proto, origin },
        body: signInForm(buyer.email, DEMO_PASSWORD),
      });
    expect((await post('https', `https://${host}`)).status).toBe(302);
    expect((await post('https', `http://${host}`)).status).toBe(403);
  });
});

describe('SECURE_COOKIES=true', () => {
  let server: RunningServer;
  let buyer: { email: string; password: string };
  beforeAll(async () => {
    server = await startServer({ SECURE_COOKIES: 'true' });
    buyer = await createBuyer(server);
  });
  afterAll(() => server?.stop());

  it('forces Secure cookies and HSTS even when the request looks like plain http', async () => {
    const response = await rawRequest(server.url, '/?index', {
      method: 'POST',
      headers: FORM,
      body: signInForm(buyer.email, DEMO_PASSWORD),
    });
    expect(response.status).toBe(302);
    for (const line of response.setCookies) expect(line).toMatch(/;\s*Secure/i);
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});

describe('the production image', () => {
  it('defaults to Secure cookies', () => {
    const dockerfile = fs.readFileSync('Dockerfile', 'utf8');
    expect(dockerfile).toMatch(/^\s*(ENV\s+)?SECURE_COOKIES=true\b/m);
  });
});
