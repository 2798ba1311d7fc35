import { beforeAll, describe, expect, it } from 'vitest';
import { Client, createBuyer, type ServerAddress } from './server';
import { sharedServer } from './shared-server';

let server: ServerAddress;
beforeAll(async () => {
  server = await sharedServer();
});

const TRICKS = [
  '/\t/evil.example',
  '/%09/evil.example',
  '/\n/evil.example',
  '/\r/evil.example',
  '/\u000b/evil.example',
  '//evil.example',
  '/\\evil.example',
  'https://evil.example',
];

function staysOnSite(response: Response) {
  expect(response.status).toBeLessThan(500);
  const location = response.headers.get('location');
  if (location) expect(new URL(location, server.url).origin).toBe(server.url);
}

describe('redirects stay on this site', () => {
  it.each(TRICKS)('after sign-in with redirectTo=%j', async (target) => {
    const buyer = await createBuyer(server);
    const client = new Client(server.url);
    const response = await client.post('/?index', {
      intent: 'sign-in',
      email: buyer.email,
      password: buyer.password,
      redirectTo: decodeURIComponent(target),
    });
    expect(response.status).toBe(302);
    staysOnSite(response);
  });

  it.each(TRICKS)('signed in, GET /?redirectTo=%j and the proof-of-export dialog back=%j', async (target) => {
    const buyer = await createBuyer(server);
    const client = new Client(server.url);
    await client.signIn(buyer.email, buyer.password);
    staysOnSite(await client.request(`/?redirectTo=${encodeURIComponent(target)}`));
    staysOnSite(await client.post(`/proof-of-export?back=${encodeURIComponent(target)}`, { intent: 'dismiss' }));
  });
});
