import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, DEMO_PASSWORD, startServer, type RunningServer } from './server';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

describe('redirects after sign-in stay on this site', () => {
  it('a tab between slashes is not a way off the site', async () => {
    const client = new Client(server.url);
    const response = await client.post('/?index', { intent: 'sign-in', email: 'buyer@example.com', password: DEMO_PASSWORD, redirectTo: '/\t/evil.example' });
    expect(response.status).toBe(302);
    const location = response.headers.get('location')!;
    expect(new URL(location, server.url).origin).toBe(server.url);
  });
});
