import { and, eq, gt } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { MarketplaceDeps, MarketplaceEnv } from '../context';
import { authTokens, userAuthorities, users } from '../db/schema';
import { unauthorized } from '../errors';

/**
 * Bearer-token guard: every tenant API call but the public and identity ones is scoped to its user.
 * The token must name a session that still exists (sign-out, password change and reset end them),
 * checked in the same indexed lookup as the user.
 */
export function requireUser({ db, identity }: MarketplaceDeps) {
  return createMiddleware<MarketplaceEnv>(async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    const claims = token ? await identity.verifyAccessToken(token) : null;
    if (!claims) throw unauthorized();
    const userId = Number(claims.sub);
    if (!Number.isSafeInteger(userId)) throw unauthorized();
    const [row] = await db
      .select({ user: users })
      .from(authTokens)
      .innerJoin(users, eq(users.id, authTokens.userId))
      .where(
        and(
          eq(authTokens.sessionId, claims.sid),
          eq(authTokens.userId, userId),
          eq(authTokens.kind, 'refresh'),
          gt(authTokens.expiresAt, new Date()),
        ),
      );
    if (!row) throw unauthorized();
    const { user } = row;
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
