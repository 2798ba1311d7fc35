import { afterAll, beforeAll, expect, it } from 'vitest';
import { identityApi } from '../../app/.server/api/identity';
import { authSessionStorage } from '../../app/.server/session';
import { loader } from '../../app/routes/_app.cart/route';
import { DEMO_PASSWORD } from '../../server/marketplace/db/seed/users';
import { portalContext, startTestMarketplace } from './harness';

let harness: Awaited<ReturnType<typeof startTestMarketplace>>;
beforeAll(async () => {
  harness = await startTestMarketplace();
});
afterAll(() => harness.close());

it('cart settings that fail to load are a message with the server’s words, and the cart still shows (spec 2 §8)', async () => {
  // The real marketplace, except that its cart settings call fails.
  const context = portalContext(async (request) =>
    new URL(request.url).pathname.endsWith('/cart/settings')
      ? Response.json({ statusCode: 500, messageCode: 'settingsDown', message: 'Cart settings are down' }, { status: 500 })
      : harness.marketplace.fetch(request),
  );
  const tokens = await identityApi.signIn(context, 'buyer@example.com', DEMO_PASSWORD);
  if (tokens.status !== 'SIGNED_IN') throw new Error('expected tokens');
  const session = await authSessionStorage.getSession();
  session.set('accessToken', tokens.accessToken);
  session.set('refreshToken', tokens.refreshToken);
  session.set('accessExpiresAt', Date.now() + 10 * 60_000);
  session.set('user', { id: 1, email: 'buyer@example.com', firstName: 'A', lastName: 'M', buyerName: null, authorities: ['CAN_BUY_ONLINE'], isProspect: false, isPxns: false, pxParticipantId: null, salesRepWhatsApp: null });
  const cookie = (await authSessionStorage.commitSession(session)).split(';')[0]!;
  const response = await loader({ request: new Request('http://portal/cart', { headers: { cookie } }), context, params: {} });
  const data = await (response as Response).json();
  expect(data).toMatchObject({ allowed: true, messages: null, settingsFailure: { messageCode: 'settingsDown', text: 'Cart settings are down' } });
  expect(Array.isArray(data.boxes)).toBe(true);
});
