import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createBuyer, startServer, type RunningServer } from './server';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
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

    const replay = await copied.request('/stock');
    expect(replay.status).toBe(302);
    expect(replay.headers.get('location')).toBe(`/?${new URLSearchParams({ redirectTo: '/stock' })}`);
    // The portal forgets the dead session too.
    expect(copied.cookie('__session')).toBeUndefined();
  }, 60_000);
});
