import { beforeAll, describe, expect, it } from 'vitest';
import { Client, createBuyer, type ServerAddress } from './server';
import { sharedServer } from './shared-server';

let server: ServerAddress;
beforeAll(async () => {
  server = await sharedServer();
}, 180_000);

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
