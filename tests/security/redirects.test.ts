import { beforeAll, describe, expect, it } from 'vitest';
import { Client, createBuyer, type ServerAddress } from './server';
import { readPage } from './page-html';
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

  it('the sign-in page opened with redirectTo=//evil…: its own form signs in to the stock list (moved from the sign-in journey)', async () => {
    const buyer = await createBuyer(server);
    const client = new Client(server.url);
    const page = await readPage(await client.request('/?redirectTo=//evil.example.com/x'));
    const button = page.getByRole<HTMLButtonElement>('button', { name: 'SIGN IN' });
    const form = button.form!;
    const fields = new URLSearchParams();
    for (const input of form.querySelectorAll('input[name]'))
      fields.set((input as HTMLInputElement).name, (input as HTMLInputElement).value);
    if (button.name) fields.set(button.name, button.value);
    fields.set('email', buyer.email);
    fields.set('password', buyer.password);
    const response = await client.post(form.getAttribute('action') ?? '/?index', fields);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/stock');
  });

  it.each(TRICKS)('signed in, GET /?redirectTo=%j and the proof-of-export dialog back=%j', async (target) => {
    const buyer = await createBuyer(server);
    const client = new Client(server.url);
    await client.signIn(buyer.email, buyer.password);
    staysOnSite(await client.request(`/?redirectTo=${encodeURIComponent(target)}`));
    staysOnSite(await client.post(`/proof-of-export?back=${encodeURIComponent(target)}`, { intent: 'dismiss' }));
  });
});
