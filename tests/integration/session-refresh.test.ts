import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityApi } from '../../app/.server/api/identity';
import { getUserInfo } from '../../app/.server/api/settings';
import { getSignedIn } from '../../app/.server/auth';
import { sessionSetCookie } from '../../app/.server/request-session';
import { authSessionStorage } from '../../app/.server/session';
import { action as signInAction } from '../../app/routes/_index';
import { DEMO_PASSWORD } from '../../server/marketplace/db/seed/users';
import { portalContext, startTestMarketplace } from './harness';
import { answerResponse } from '../support/route-answer';

let harness: Awaited<ReturnType<typeof startTestMarketplace>>;
beforeAll(async () => {
  harness = await startTestMarketplace();
});
afterAll(() => harness.close());

const user = {
  id: 1,
  email: 'buyer@example.com',
  firstName: 'Alex',
  lastName: 'Morgan',
  buyerName: 'Morgan Mobile Traders',
  authorities: [],
  isProspect: false,
  isPxns: false,
  pxParticipantId: null,
  salesRepWhatsApp: null,
};

async function requestWithSession(
  refreshToken: string,
  accessToken: string,
  accessExpiresAt: number,
  authoritiesRevision?: number,
) {
  const session = await authSessionStorage.getSession();
  session.set('accessToken', accessToken);
  session.set('refreshToken', refreshToken);
  session.set('accessExpiresAt', accessExpiresAt);
  session.set('user', { ...user, authoritiesRevision });
  const cookie = (await authSessionStorage.commitSession(session)).split(';')[0]!;
  return new Request('http://portal/stock', { headers: { cookie } });
}

describe('the portal keeps the buyer signed in', () => {
  it('uses a fresh access token as it is', async () => {
    const context = portalContext(harness.marketplace.fetch);
    const tokens = await identityApi.signIn(context, 'buyer@example.com', DEMO_PASSWORD);
    if (tokens.status !== 'SIGNED_IN') throw new Error('expected tokens');
    const { authoritiesRevision } = await getUserInfo(context, tokens.accessToken);
    const request = await requestWithSession(
      tokens.refreshToken,
      tokens.accessToken,
      Date.now() + 10 * 60_000,
      authoritiesRevision,
    );
    expect((await getSignedIn(request, context))?.token).toBe(tokens.accessToken);
    expect(await sessionSetCookie(context)).toBeNull();
  });

  it('refreshes an expiring access token once per request and sends the new session', async () => {
    const context = portalContext(harness.marketplace.fetch);
    const tokens = await identityApi.signIn(context, 'buyer@example.com', DEMO_PASSWORD);
    if (tokens.status !== 'SIGNED_IN') throw new Error('expected tokens');
    const request = await requestWithSession(tokens.refreshToken, 'expired', Date.now() - 1000);
    const [first, second] = await Promise.all([getSignedIn(request, context), getSignedIn(request, context)]);
    expect(first?.token).not.toBe('expired');
    expect(second?.token).toBe(first?.token);
    const saved = await sessionSetCookie(context);
    expect(saved).toMatch(/^__session=/);
    const refreshed = await authSessionStorage.getSession(saved!.split(';')[0]);
    expect(refreshed.get('accessToken')).toBe(first?.token);
    expect(refreshed.get('accessExpiresAt')).toBeGreaterThan(Date.now());
  });

  it('signs the buyer out when the refresh token is no longer valid', async () => {
    const context = portalContext(harness.marketplace.fetch);
    const request = await requestWithSession('revoked-token', 'expired', Date.now() - 1000);
    expect(await getSignedIn(request, context)).toBeNull();
    expect(await sessionSetCookie(context)).toMatch(/^__session=;/);
  });
});

describe('a sign-in whose user information cannot be read', () => {
  const signIn = (context: ReturnType<typeof portalContext>) =>
    signInAction({
      request: new Request('http://portal/?index', {
        method: 'POST',
        body: new URLSearchParams({ intent: 'sign-in', email: 'buyer@example.com', password: DEMO_PASSWORD }),
      }),
      context,
      params: {},
    }).then(answerResponse);

  it.each([
    [
      'fails',
      () => Response.json({ statusCode: 404, messageCode: 'notFound', message: 'No such user' }, { status: 404 }),
    ],
    ['answers what the portal cannot read', () => Response.json({ userId: 'not a user' })],
  ])('says so in its own words, not that the password was wrong, when the call %s', async (_, answer) => {
    const context = portalContext(async (request) =>
      new URL(request.url).pathname.endsWith('/user-info') ? answer() : harness.marketplace.fetch(request),
    );
    const response = await signIn(context);
    expect(response.status).toBe(502);
    expect((await response.json()).message).toBe('login.userInfoUnreadable');
  });

  it('the same password still signs in when the user information is read', async () => {
    const response = await signIn(portalContext(harness.marketplace.fetch));
    expect(response.status).toBe(302);
  });
});
