import { and, eq, gt } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { MarketplaceDeps, MarketplaceEnv } from '../context';
import { authTokens, userAuthorities, users } from '../db/schema';
import { unauthorized } from '../errors';
import { changeFeedOf } from '../db/change-feed';
import { keptUntilChanged } from '../services/shared/kept-until-changed';

/**
 * Bearer-token guard: every tenant API call but the public and identity ones is scoped to its user.
 * The token must name a session that still exists (sign-out, password change and reset end them),
 * checked in the same indexed lookup as the user.
 */
export function requireUser({ db, identity }: MarketplaceDeps) {
  // The session, its user and the user's authorities in one query (a row per authority), kept until
  // a session, user or authority changes.
  const sessionRows = keptUntilChanged(
    changeFeedOf(db),
    [authTokens, users, userAuthorities],
    ({ sessionId, userId }: { sessionId: string; userId: number }) =>
      db
        .select({
          user: {
            id: users.id,
            email: users.email,
            firstName: users.firstName,
            lastName: users.lastName,
            isBuyer: users.isBuyer,
            buyerId: users.buyerId,
            authoritiesRevision: users.authoritiesRevision,
          },
          authority: userAuthorities.authority,
          expiresAt: authTokens.expiresAt,
        })
        .from(authTokens)
        .innerJoin(users, eq(users.id, authTokens.userId))
        .leftJoin(userAuthorities, eq(userAuthorities.userId, users.id))
        .where(
          and(
            eq(authTokens.sessionId, sessionId),
            eq(authTokens.userId, userId),
            eq(authTokens.kind, 'refresh'),
            gt(authTokens.expiresAt, new Date()),
          ),
        ),
    ({ sessionId, userId }) => `${sessionId}:${userId}`,
  );
  return createMiddleware<MarketplaceEnv>(async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    const claims = token ? await identity.verifyAccessToken(token) : null;
    if (!claims) throw unauthorized();
    const userId = Number(claims.sub);
    if (!Number.isSafeInteger(userId)) throw unauthorized();
    const rows = await sessionRows({ sessionId: claims.sid, userId });
    const user = rows[0]?.user;
    if (!user || rows[0]!.expiresAt.getTime() <= Date.now()) throw unauthorized();
    c.set('user', {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      isBuyer: user.isBuyer,
      buyerId: user.buyerId,
      authorities: [...new Set(rows.flatMap((r) => (r.authority === null ? [] : [r.authority])))],
      authoritiesRevision: user.authoritiesRevision,
      sessionId: claims.sid,
    });
    await next();
  });
}
