import { Hono } from 'hono';
import { z } from 'zod';
import type { MarketplaceDeps } from '../context';
import { jsonBody } from './validate';

const email = z.string().trim().min(1).max(320);
const password = z.string().min(1).max(256);

export function identityRoutes({ identity }: MarketplaceDeps) {
  return new Hono()
    .post('/sign-in', async (c) => {
      const body = await jsonBody(c, z.object({ email, password }));
      return c.json(await identity.signIn(body.email, body.password));
    })
    .post('/new-password', async (c) => {
      const body = await jsonBody(c, z.object({ session: z.string().min(1).max(200), newPassword: password }));
      return c.json({ status: 'SIGNED_IN', ...(await identity.completeNewPassword(body.session, body.newPassword)) });
    })
    .post('/refresh', async (c) => {
      const body = await jsonBody(c, z.object({ refreshToken: z.string().min(1).max(200) }));
      return c.json(await identity.refresh(body.refreshToken));
    })
    .post('/sign-out', async (c) => {
      const body = await jsonBody(c, z.object({ refreshToken: z.string().min(1).max(200) }));
      await identity.signOut(body.refreshToken);
      return c.body(null, 204);
    })
    .post('/forgot-password', async (c) => {
      const body = await jsonBody(c, z.object({ email }));
      await identity.forgotPassword(body.email);
      return c.json({ status: 'CODE_SENT' });
    })
    .post('/reset-password', async (c) => {
      const body = await jsonBody(
        c,
        z.object({ email, code: z.string().trim().min(1).max(20), newPassword: password }),
      );
      await identity.resetPassword(body.email, body.code, body.newPassword);
      return c.json({ status: 'SUCCESS' });
    });
}
