import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { MarketplaceDeps, MarketplaceEnv } from '../context';
import { userAuthorities, users } from '../db/schema';
import { unauthorized } from '../errors';

/** Bearer-token guard: every tenant API call but the public and identity ones is scoped to its user. */
export function requireUser({ db, identity }: MarketplaceDeps) {
  return createMiddleware<MarketplaceEnv>(async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    const claims = token ? await identity.verifyAccessToken(token) : null;
    if (!claims) throw unauthorized();
    const [user] = await db.select().from(users).where(eq(users.id, Number(claims.sub)));
    if (!user) throw unauthorized();
    const rows = await db.select().from(userAuthorities).where(eq(userAuthorities.userId, user.id));
    c.set('user', {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      isBuyer: user.isBuyer,
      buyerId: user.buyerId,
      authorities: rows.map((r) => r.authority),
    });
    await next();
  });
}
