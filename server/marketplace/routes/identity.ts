import { Hono } from 'hono';
import { z } from 'zod';
import type { MarketplaceDeps } from '../context';
import { jsonBody } from './validate';

const email = z.string().trim().min(1).max(320).meta({ pattern: '\\S' });
const password = z.string().min(1).max(256);

/** The bodies the identity calls read (the OpenAPI document describes them: server/marketplace/contract). */
export const identityBodies = {
  SignIn: z.object({ email, password }),
  NewPassword: z.object({ session: z.string().min(1).max(200), newPassword: password }),
  RefreshToken: z.object({ refreshToken: z.string().min(1).max(200) }),
  Email: z.object({ email }),
  ResetPassword: z.object({
    email,
    code: z.string().trim().min(1).max(20).meta({ pattern: '\\S' }),
    newPassword: password,
  }),
};

export function identityRoutes({ identity }: MarketplaceDeps) {
  return new Hono()
    .post('/sign-in', async (c) => {
      const body = await jsonBody(c, identityBodies.SignIn);
      return c.json(await identity.signIn(body.email, body.password));
    })
    .post('/new-password', async (c) => {
      const body = await jsonBody(c, identityBodies.NewPassword);
      return c.json({ status: 'SIGNED_IN', ...(await identity.completeNewPassword(body.session, body.newPassword)) });
    })
    .post('/refresh', async (c) => {
      const body = await jsonBody(c, identityBodies.RefreshToken);
      return c.json(await identity.refresh(body.refreshToken));
    })
    .post('/sign-out', async (c) => {
      const body = await jsonBody(c, identityBodies.RefreshToken);
      await identity.signOut(body.refreshToken);
      return c.body(null, 204);
    })
    .post('/forgot-password', async (c) => {
      const body = await jsonBody(c, identityBodies.Email);
      await identity.forgotPassword(body.email);
      return c.json({ status: 'CODE_SENT' });
    })
    .post('/reset-password', async (c) => {
      const body = await jsonBody(c, identityBodies.ResetPassword);
      await identity.resetPassword(body.email, body.code, body.newPassword);
      return c.json({ status: 'SUCCESS' });
    });
}
