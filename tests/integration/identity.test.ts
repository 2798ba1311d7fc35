import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { passwordResetCodes, users } from '../../server/marketplace/db/schema';
import { DEMO_PASSWORD, TEMPORARY_PASSWORD } from '../../server/marketplace/db/seed/users';
import { latestCode, startTestMarketplace } from './harness';

let harness: Awaited<ReturnType<typeof startTestMarketplace>>;
const call = async (path: string, body?: unknown, token?: string) => {
  const response = await harness.marketplace.fetch(
    new Request(`http://m/px-api-gateway${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  return { status: response.status, body: response.status === 204 ? null : await response.json() };
};

beforeAll(async () => {
  harness = await startTestMarketplace({ accessTokenTtlSeconds: 60 });
});
afterAll(() => harness.close());

describe('identity', () => {
  it('signs a buyer in with tokens that open user-info and authorities', async () => {
    const signIn = await call('/identity/sign-in', { email: 'Buyer@Example.com ', password: DEMO_PASSWORD });
    expect(signIn.status).toBe(200);
    expect(signIn.body.status).toBe('SIGNED_IN');
    const info = await call('/user-info', undefined, signIn.body.accessToken);
    expect(info.body).toMatchObject({ username: 'buyer@example.com', isRoleBuyer: true });
    const authorities = await call('/security/authorities', undefined, signIn.body.accessToken);
    expect(authorities.body).toContain('CAN_BUY_ONLINE');
  });

  it('refuses a wrong password, an unknown user and a missing or forged token', async () => {
    expect((await call('/identity/sign-in', { email: 'buyer@example.com', password: 'nope' })).body.messageCode).toBe(
      'NotAuthorizedException',
    );
    expect((await call('/identity/sign-in', { email: 'ghost@example.com', password: 'nope' })).status).toBe(401);
    expect((await call('/user-info')).status).toBe(401);
    expect((await call('/user-info', undefined, 'forged.token.value')).status).toBe(401);
  });

  it('reports a non-buyer as such in user-info', async () => {
    const signIn = await call('/identity/sign-in', { email: 'staff@example.com', password: DEMO_PASSWORD });
    const info = await call('/user-info', undefined, signIn.body.accessToken);
    expect(info.body.isRoleBuyer).toBe(false);
  });

  it('answers NEW_PASSWORD_REQUIRED, refuses a weak password and completes with a strong one', async () => {
    const first = await call('/identity/sign-in', { email: 'newuser@example.com', password: TEMPORARY_PASSWORD });
    expect(first.body).toMatchObject({ status: 'NEW_PASSWORD_REQUIRED' });
    const weak = await call('/identity/new-password', { session: first.body.session, newPassword: 'weak' });
    expect(weak.body.messageCode).toBe('InvalidPasswordException');
    const done = await call('/identity/new-password', { session: first.body.session, newPassword: 'Brand#New1' });
    expect(done.body.status).toBe('SIGNED_IN');
    const again = await call('/identity/new-password', { session: first.body.session, newPassword: 'Brand#New2' });
    expect(again.status).toBe(401);
    expect(
      (await call('/identity/sign-in', { email: 'newuser@example.com', password: 'Brand#New1' })).body.status,
    ).toBe('SIGNED_IN');
  });

  it('refreshes the access token and forgets the refresh token at sign-out', async () => {
    const signIn = await call('/identity/sign-in', { email: 'viewer@example.com', password: DEMO_PASSWORD });
    const refreshed = await call('/identity/refresh', { refreshToken: signIn.body.refreshToken });
    expect(refreshed.status).toBe(200);
    expect((await call('/user-info', undefined, refreshed.body.accessToken)).status).toBe(200);
    await call('/identity/sign-out', { refreshToken: signIn.body.refreshToken });
    expect((await call('/identity/refresh', { refreshToken: signIn.body.refreshToken })).status).toBe(401);
  });

  it('resets a password with the e-mailed code; wrong, expired and exhausted codes are refused', async () => {
    const email = 'prospect@example.com';
    expect((await call('/identity/forgot-password', { email })).status).toBe(200);
    expect((await call('/identity/forgot-password', { email: 'ghost@example.com' })).status).toBe(200);
    const code = latestCode(harness.outboxDir);
    const wrong = await call('/identity/reset-password', {
      email,
      code: code === '000000' ? '111111' : '000000',
      newPassword: 'Reset#Pass1',
    });
    expect(wrong.body.messageCode).toBe('CodeMismatchException');
    const ok = await call('/identity/reset-password', { email, code, newPassword: 'Reset#Pass1' });
    expect(ok.status).toBe(200);
    expect((await call('/identity/reset-password', { email, code, newPassword: 'Reset#Pass2' })).status).toBe(400);
    expect((await call('/identity/sign-in', { email, password: 'Reset#Pass1' })).body.status).toBe('SIGNED_IN');

    await call('/identity/forgot-password', { email });
    const [user] = await harness.database.db.select().from(users).where(eq(users.email, email));
    await harness.database.db
      .update(passwordResetCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetCodes.userId, user!.id));
    const expired = await call('/identity/reset-password', {
      email,
      code: latestCode(harness.outboxDir),
      newPassword: 'Reset#Pass3',
    });
    expect(expired.body.messageCode).toBe('ExpiredCodeException');

    await call('/identity/forgot-password', { email });
    for (let i = 0; i < 5; i++)
      await call('/identity/reset-password', { email, code: 'x1', newPassword: 'Reset#Pass3' });
    const locked = await call('/identity/reset-password', {
      email,
      code: latestCode(harness.outboxDir),
      newPassword: 'Reset#Pass3',
    });
    expect(locked.body.messageCode).toBe('LimitExceededException');
  });

  it('answers a malformed body with a 400', async () => {
    expect((await call('/identity/sign-in', { email: 'x' })).status).toBe(400);
  });
});
