import type { AppLoadContext } from '@remix-run/node';
import { identityApi } from '../../../app/.server/api/identity';
import { authSessionStorage } from '../../../app/.server/session';
import { DEMO_PASSWORD } from '../../../server/marketplace/db/seed/users';

/** The demo buyer signed in through the tenant API: the session cookie a portal request carries, and the tokens. */
export const demoBuyerSession = (context: AppLoadContext) => buyerSession(context, 'buyer@example.com');

/** A buyer signed in through the tenant API (the demo password): the session cookie a portal request carries, and the tokens. */
export async function buyerSession(context: AppLoadContext, email: string) {
  const tokens = await identityApi.signIn(context, email, DEMO_PASSWORD);
  if (tokens.status !== 'SIGNED_IN') throw new Error('expected tokens');
  const session = await authSessionStorage.getSession();
  session.set('accessToken', tokens.accessToken);
  session.set('refreshToken', tokens.refreshToken);
  session.set('accessExpiresAt', Date.now() + 10 * 60_000);
  session.set('user', {
    id: 1,
    email,
    firstName: 'A',
    lastName: 'M',
    buyerName: null,
    authorities: ['CAN_BUY_ONLINE'],
    isProspect: false,
    isPxns: false,
    pxParticipantId: null,
    salesRepWhatsApp: null,
  });
  const cookie = (await authSessionStorage.commitSession(session)).split(';')[0]!;
  return { cookie, tokens };
}
