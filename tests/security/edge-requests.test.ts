import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM, largeBodyThenNext, rawRequest } from './raw-http';
import { signedInBuyer, startServer, type RunningServer, type ServerAddress, type SignedInBuyer } from './server';
import { sharedServer } from './shared-server';

/**
 * Requests at the edges of what a proxy or a client may send (issue 49, items 4 and 5): a forwarded
 * host that is not the page's, and bodies refused before they are read.
 */

const PUBLIC_HOST = 'portal.example.com';

/** A sign-in form post from the page at `origin`, as a browser sends it, with extra headers. */
function signInPost(server: ServerAddress, origin: string, headers: Record<string, string>) {
  return rawRequest(server.url, '/?index', {
    method: 'POST',
    headers: { ...FORM, origin, 'sec-fetch-site': 'same-origin', ...headers },
    body: new URLSearchParams({
      intent: 'sign-in',
      email: 'nobody@example.com',
      password: 'wrong',
      redirectTo: '',
    }).toString(),
  });
}

describe('X-Forwarded-Host, no proxy trusted (the default)', () => {
  let server: ServerAddress;
  beforeAll(async () => {
    server = await sharedServer();
  });

  it('is ignored: a form posted from the page the Host names is answered as without it', async () => {
    const origin = server.url;
    for (const forwarded of [PUBLIC_HOST, 'evil.example', `${PUBLIC_HOST}, 127.0.0.1`]) {
      const response = await signInPost(server, origin, { 'x-forwarded-host': forwarded });
      // The form's own answer: a wrong password, not a refusal or a failure.
      expect(response.status, forwarded).toBe(400);
      expect(response.body).toContain('form');
    }
  });

  it('cannot make a post from another site pass: refused with a 403, never a 500', async () => {
    const response = await signInPost(server, `https://${PUBLIC_HOST}`, { 'x-forwarded-host': PUBLIC_HOST });
    expect(response.status).toBe(403);
  });
});

describe('X-Forwarded-Host from a trusted proxy', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: 'loopback' });
  });
  afterAll(() => server?.stop());

  it('names the site: a form posted from that host works though the proxy sends another Host', async () => {
    const response = await signInPost(server, `http://${PUBLIC_HOST}`, {
      'x-forwarded-host': PUBLIC_HOST,
      host: '127.0.0.1:1',
    });
    expect(response.status).toBe(400);
    expect(response.body).toContain('form');
  });

  it("a forwarded host other than the page's origin is refused with a 403, never a 500", async () => {
    for (const [origin, forwarded] of [
      [server.url, PUBLIC_HOST],
      [`http://${PUBLIC_HOST}`, 'other.example.com'],
      [`http://${PUBLIC_HOST}`, `other.example.com, ${PUBLIC_HOST}`],
      [`http://${PUBLIC_HOST}`, `${PUBLIC_HOST.toUpperCase()}:80`],
    ] as const) {
      const response = await signInPost(server, origin, { 'x-forwarded-host': forwarded });
      expect(response.status, `${origin} ${forwarded}`).toBeLessThan(500);
      if (forwarded.toLowerCase().startsWith(PUBLIC_HOST) && origin.includes(PUBLIC_HOST))
        expect(response.status, forwarded).toBe(400);
      else expect(response.status, `${origin} ${forwarded}`).toBe(403);
    }
  });
});

describe('a body refused before it is read', () => {
  let server: ServerAddress;
  let buyer: SignedInBuyer;
  beforeAll(async () => {
    server = await sharedServer();
    buyer = await signedInBuyer(server);
  });

  const FIVE_MB = 5 * 1024 * 1024;
  const TRIES = 4;

  it.each([
    ['the sign-in form', '/?index', FORM, FIVE_MB],
    ['a portal action', '/stock?index', FORM, FIVE_MB],
    [
      'a tenant API upload',
      '/px-api-gateway/returns',
      { 'content-type': 'multipart/form-data; boundary=x' },
      6 * FIVE_MB,
    ],
    ['the tenant API sign-in', '/px-api-gateway/identity/sign-in', { 'content-type': 'application/json' }, FIVE_MB],
  ])(
    '%s: the 413 closes the connection, and the next request on a new one is answered',
    async (_what, pathname, type, bodyBytes) => {
      const signedInHeaders: Record<string, string> = pathname.startsWith('/px-api-gateway')
        ? { authorization: `Bearer ${buyer.token}` }
        : { cookie: buyer.client.cookieHeader() };
      const answers = [];
      for (let i = 0; i < TRIES; i++) {
        answers.push(
          await largeBodyThenNext(server.url, pathname, {
            headers: { ...type, ...signedInHeaders, origin: server.url },
            bodyBytes,
          }),
        );
      }
      for (const answer of answers) {
        expect(answer.status).toBe(413);
        expect(answer.connection).toBe('close');
        expect(answer.nextFailed).toBe(false);
      }
    },
    120_000,
  );

  it('POST /logout with a 5 MB body is answered, and signs out', async () => {
    const other = await signedInBuyer(server);
    const answer = await largeBodyThenNext(server.url, '/logout', {
      headers: { ...FORM, cookie: other.client.cookieHeader(), origin: server.url },
      bodyBytes: FIVE_MB,
    });
    expect(answer.status).toBeGreaterThanOrEqual(300);
    expect(answer.status).toBeLessThan(500);
    expect(answer.nextFailed).toBe(false);
    // The session ended on the server: its page now sends the buyer to sign in.
    const after = await other.client.request('/stock');
    expect(after.status).toBe(302);
  }, 60_000);
});
