import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityApi } from '../../app/.server/api/identity';
import { sessionSetCookie } from '../../app/.server/request-session';
import { loader } from '../../app/routes/_app';
import { portalContext, startTestMarketplace } from './harness';
import { demoBuyerSession } from './support/signed-in';
import { answerResponse } from '../support/route-answer';

/**
 * Pages whose only call is the layout's (dashboard, help, the placeholders) end the session the way
 * the stock list does: a 403 signs out with the server's message, a 401 that the refresh cannot cure
 * goes to sign-in — never 'Something went wrong.'
 */
let harness: Awaited<ReturnType<typeof startTestMarketplace>>;
beforeAll(async () => {
  harness = await startTestMarketplace();
});
afterAll(() => harness.close());

async function signedInRequest(path: string) {
  const context = portalContext(harness.marketplace.fetch);
  const { cookie, tokens } = await demoBuyerSession(context);
  return { request: new Request(`http://portal${path}`, { headers: { cookie } }), tokens };
}

const failing = (status: number) =>
  portalContext(async (request) =>
    new URL(request.url).pathname.includes('/proof-of-export')
      ? Response.json(
          { statusCode: status, messageCode: 'accountSuspended', message: 'Your account is suspended' },
          { status },
        )
      : harness.marketplace.fetch(request),
  );

/** What the loader answered, returned or thrown, as the client gets it. */
const outcome = (run: () => Promise<unknown>) => run().then(answerResponse, answerResponse);

describe('the signed-in layout', () => {
  it('signs out on a 403 with the message, back to the sign-in page', async () => {
    const { request } = await signedInRequest('/dashboard');
    const context = failing(403);
    const response = await outcome(() => loader({ request, context, params: {} }));
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
    expect(response.headers.get('set-cookie')).toMatch(/__toast=/);
    expect(await sessionSetCookie(context)).toMatch(/^__session=;/);
  });

  it('sends a session ended on the server to sign-in, coming back to the page after', async () => {
    const { request, tokens } = await signedInRequest('/help');
    const context = portalContext(harness.marketplace.fetch);
    await identityApi.signOut(context, tokens.refreshToken);
    const response = await outcome(() => loader({ request, context, params: {} }));
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`/?${new URLSearchParams({ redirectTo: '/help' })}`);
    expect(await sessionSetCookie(context)).toMatch(/^__session=;/);
  });

  it('shows the page when the documents call fails otherwise (only logged)', async () => {
    const { request } = await signedInRequest('/dashboard');
    const response = await outcome(() => loader({ request, context: failing(500), params: {} }));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ proofOfExport: null, pendingDocuments: null });
  });
});
