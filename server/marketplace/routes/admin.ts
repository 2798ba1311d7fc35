import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { AUTHORITIES } from '../../../app/domain/authorities';
import type { MarketplaceDeps } from '../context';
import { buyers, userAuthorities, users } from '../db/schema';
import { ApiError } from '../errors';
import { hashPassword } from '../services/passwords';
import { jsonBody } from './validate';

const newUser = z.object({
  email: z.string().email().max(254),
  password: z.string().min(1).max(256),
  firstName: z.string().min(1).max(80).default('Test'),
  lastName: z.string().min(1).max(80).default('Buyer'),
  buyerName: z.string().min(1).max(120).optional(),
  isBuyer: z.boolean().default(true),
  isProspect: z.boolean().default(false),
  participantId: z.string().optional(),
  mustChangePassword: z.boolean().default(false),
  authorities: z.array(z.enum(AUTHORITIES)).default([]),
});

/** Seller-side and operator actions no buyer screen offers; used by the CLI and by tests. */
export function adminRoutes({ db }: MarketplaceDeps, adminToken: string) {
  const expected = Buffer.from(adminToken);
  const requireAdmin = createMiddleware(async (c, next) => {
    const given = Buffer.from(c.req.header('x-admin-token') ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new ApiError(401, 'unauthorized', 'Admin token required');
    }
    await next();
  });

  return new Hono().use(requireAdmin).post('/users', async (c) => {
    const body = await jsonBody(c, newUser);
    const passwordHash = await hashPassword(body.password);
    const user = await db.transaction(async (tx) => {
      const [buyer] = body.isBuyer
        ? await tx
            .insert(buyers)
            .values({ name: body.buyerName ?? `${body.firstName} ${body.lastName}`, isProspect: body.isProspect, participantId: body.participantId })
            .returning()
        : [undefined];
      const [created] = await tx
        .insert(users)
        .values({
          email: body.email.toLowerCase(),
          passwordHash,
          firstName: body.firstName,
          lastName: body.lastName,
          buyerId: buyer?.id,
          isBuyer: body.isBuyer,
          mustChangePassword: body.mustChangePassword,
        })
        .onConflictDoNothing()
        .returning();
      if (!created) throw new ApiError(409, 'userExists', 'A user with this e-mail exists');
      if (body.authorities.length) {
        await tx.insert(userAuthorities).values(body.authorities.map((authority) => ({ userId: created.id, authority })));
      }
      return created;
    });
    return c.json({ userId: user.id, email: user.email }, 201);
  });
}
