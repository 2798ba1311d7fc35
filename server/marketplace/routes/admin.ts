import { chargeTermsOf } from '../services/orders/charge-terms';
import { newOrderNumber } from '../services/orders/order-numbers';
import { timingSafeEqual } from 'node:crypto';
import { and, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { AUTHORITIES } from '../../../app/domain/authorities';
import { MAX_ID } from '../../../app/domain/ids';
import type { MarketplaceDeps } from '../context';
import { demoAddresses } from '../db/seed/regions';
import {
  buyerAddresses,
  buyers,
  orders,
  proofOfExportDocuments,
  stockItems,
  userAuthorities,
  users,
  warehouseGroups,
  warehouses,
} from '../db/schema';
import { ApiError, notFound } from '../errors';
import { adminOfferRoutes } from './admin-offers';
import { adminOrderRoutes } from './admin-orders';
import { createOrderFulfilment } from '../services/orders/order-fulfilment';
import { adminOrderTermsRoutes } from './admin-order-terms';
import { adminReturnRoutes } from './admin-returns';
import { adminPreorderRoutes } from './admin-preorders';
import type { Preorders } from '../services/preorders/preorders';
import { adminAuctionRoutes } from './admin-auctions';
import type { Auctions } from '../services/auctions';
import { adminTextRoutes } from './admin-texts';
import type { Returns } from '../services/returns/returns';
import type { OrderTerms } from '../services/orders/order-terms';
import { adminOrderHistoryRoutes } from './order-list';
import type { DailyReport } from '../services/stock/daily-report';
import { JobBusyError } from '../jobs/runner';
import type { ProofOfExport } from '../services/orders/proof-of-export';
import { ownParticipantId } from '../services/shared/settings';
import { currentStock } from '../services/stock/stock-changes';
import { FAULTS, switchFault } from '../services/shared/faults';
import { hashPassword } from '../services/identity/passwords';
import { checkedValue, idParam, idSegment, jsonBody } from './validate';

export const newUser = z.object({
  email: z.string().email().max(254),
  password: z.string().min(1).max(256),
  firstName: z.string().min(1).max(80).default('Test'),
  lastName: z.string().min(1).max(80).default('Buyer'),
  buyerName: z.string().min(1).max(120).optional(),
  isBuyer: z.boolean().default(true),
  isProspect: z.boolean().default(false),
  participantId: z.string().optional(),
  salesRepWhatsApp: z.string().max(40).optional(),
  mustChangePassword: z.boolean().default(false),
  authorities: z.array(z.enum(AUTHORITIES)).default([]),
});

export const authoritiesBody = z.object({
  email: z.string().email().max(254),
  authorities: z.array(z.enum(AUTHORITIES)).max(AUTHORITIES.length),
});

export const newDocuments = z.object({
  email: z.string().email(),
  documents: z
    .array(
      z.object({
        documentName: z.string().min(1).max(200),
        documentDescription: z.array(z.string().max(500)).max(20).default([]),
      }),
    )
    .min(1)
    .max(20),
});

export const newOrder = z.object({
  email: z.string().email(),
  warehouseCode: z.string().min(1).max(40),
  status: z.enum(['ON_HOLD', 'AWAITING_PAYMENT', 'UNSHIPPED', 'SHIPPED', 'CANCELLED']).default('UNSHIPPED'),
});

export const faultBody = z.object({ email: z.string().email(), fault: z.enum(FAULTS), on: z.boolean() });

export const stockChangeBody = z
  .object({
    participantId: z.string().max(100).optional(),
    itemNumberWarehouse: z.string().min(1).max(200),
    quantityAvailable: z.number().int().min(0).max(10_000_000).optional(),
    listPrice: z.number().min(0).max(100_000_000).optional(),
    actor: z.string().min(1).max(100).default('seller'),
  })
  .refine((b) => b.quantityAvailable !== undefined || b.listPrice !== undefined, 'give quantityAvailable or listPrice');

/**
 * The stock list's query (the document states the same limits): a value out of range is a 400 naming it.
 * A page of up to 5,000 rows: the bench fills a 1,000-line cart from one call.
 */
export const stockQueryParams = {
  warehouse: z.string().max(40),
  minQuantity: z.coerce.number().int().min(0).max(10_000_000),
  offset: z.coerce.number().int().min(0).max(MAX_ID),
  limit: z.coerce.number().int().min(1).max(5_000),
};
const stockQuery = z.object(stockQueryParams).partial();

/** Seller-side and operator actions no buyer screen offers; used by the CLI and by tests. */
export function adminRoutes(
  deps: MarketplaceDeps,
  adminToken: string,
  services: {
    dailyReport: DailyReport;
    proofOfExport: ProofOfExport;
    orderTerms: OrderTerms;
    returns: Returns;
    preorders: Preorders;
    auctions: Auctions;
  },
) {
  const { db } = deps;
  const expected = Buffer.from(adminToken);
  const requireAdmin = createMiddleware(async (c, next) => {
    const given = Buffer.from(c.req.header('x-admin-token') ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new ApiError(401, 'unauthorized', 'Admin token required');
    }
    await next();
  });

  return (
    new Hono()
      .use(requireAdmin)
      .route('/offers', adminOfferRoutes(deps))
      .route('/orders', adminOrderRoutes(createOrderFulfilment({ ...deps, terms: chargeTermsOf(deps) })))
      .route('/order-terms', adminOrderTermsRoutes(services.orderTerms))
      .route('/order-history', adminOrderHistoryRoutes(deps))
      .route('/returns', adminReturnRoutes(services.returns))
      .route('/preorders', adminPreorderRoutes(deps, services.preorders))
      .route('/auctions', adminAuctionRoutes(services.auctions, deps.jobs))
      .route('/texts', adminTextRoutes(db))
      .post('/reports/daily', async (c) => c.json(await services.dailyReport.sendAll()))
      .post('/documents', async (c) => {
        const body = await jsonBody(c, newDocuments);
        const [user] = await db.select().from(users).where(eq(users.email, body.email.toLowerCase()));
        if (!user?.buyerId) throw notFound('Buyer');
        const rows = await db
          .insert(proofOfExportDocuments)
          .values(
            body.documents.map((d) => ({
              buyerId: user.buyerId!,
              documentName: d.documentName,
              documentDescription: d.documentDescription,
            })),
          )
          .returning({ documentId: proofOfExportDocuments.id });
        return c.json(rows, 201);
      })
      .get(`/documents/${idSegment('id')}/file`, async (c) => {
        const file = await services.proofOfExport.file(idParam(c, 'id'));
        return c.body(new Uint8Array(file.bytes), 200, {
          'content-type': file.contentType,
          'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
          'x-content-type-options': 'nosniff',
        });
      })
      .post('/documents/expire-tokens', async (c) => {
        await services.proofOfExport.expireTokens();
        return c.json({ expired: true });
      })
      .get('/stock', async (c) => {
        const { warehouse = '', minQuantity = 1, offset = 0, limit = 20 } = checkedValue(c.req.query(), stockQuery);
        const rows = await db
          .select({
            itemNumberWarehouse: stockItems.itemNumberWarehouse,
            participantId: stockItems.participantId,
            quantityAvailable: stockItems.quantityAvailable,
            listPrice: stockItems.listPrice,
            incrementSize: stockItems.incrementSize,
          })
          .from(stockItems)
          .where(
            and(
              eq(stockItems.warehouseCode, warehouse),
              gte(stockItems.quantityAvailable, minQuantity),
              isNotNull(stockItems.listPrice),
            ),
          )
          .orderBy(stockItems.id)
          .offset(offset)
          .limit(limit);
        return c.json(rows);
      })
      .post('/stock', async (c) => {
        const body = await jsonBody(c, stockChangeBody);
        const participantId = body.participantId ?? (await ownParticipantId(db)) ?? '';
        const applied = await deps.stockChanges.apply(
          [
            {
              participantId,
              itemNumberWarehouse: body.itemNumberWarehouse,
              quantityAvailable: body.quantityAvailable,
              listPrice: body.listPrice,
            },
          ],
          body.actor,
        );
        const [item] = (await currentStock(db, participantId, [body.itemNumberWarehouse])).values();
        if (!item) throw notFound('Stock item');
        return c.json({
          changed: applied.length > 0,
          item: {
            itemNumberWarehouse: item.itemNumberWarehouse,
            quantityAvailable: item.quantityAvailable,
            listPrice: item.listPrice,
          },
        });
      })
      .get('/orders', async (c) => {
        const [user] = await db
          .select()
          .from(users)
          .where(eq(users.email, (c.req.query('email') ?? '').toLowerCase()));
        if (!user?.buyerId) throw notFound('Buyer');
        const rows = await db.select().from(orders).where(eq(orders.buyerId, user.buyerId)).orderBy(orders.id);
        return c.json(
          rows.map((o) => ({
            phonexOrderNumber: o.phonexOrderNumber,
            status: o.status,
            paymentStatus: o.paymentStatus,
            total: o.total,
            warehouseCode: o.warehouseCode,
            shipping: o.shipping,
            additionalServices: o.additionalServices,
          })),
        );
      })
      .post('/orders', async (c) => {
        const body = await jsonBody(c, newOrder);
        const [user] = await db.select().from(users).where(eq(users.email, body.email.toLowerCase()));
        const [warehouse] = await db.select().from(warehouses).where(eq(warehouses.code, body.warehouseCode));
        if (!user?.buyerId || !warehouse) throw notFound('Buyer or warehouse');
        const [group] = await db.select().from(warehouseGroups).where(eq(warehouseGroups.id, warehouse.groupId));
        const [order] = await db
          .insert(orders)
          .values({
            phonexOrderNumber: newOrderNumber(),
            buyerId: user.buyerId,
            participantId: group!.participantId,
            warehouseCode: warehouse.code,
            status: body.status,
          })
          .returning();
        return c.json(order, 201);
      })
      .post('/jobs/:name', async (c) => {
        const at = c.req.query('at');
        const now = at ? new Date(at) : new Date();
        if (Number.isNaN(now.getTime())) throw new ApiError(400, 'validationFailed', 'at: not a date');
        await deps.jobs.runNow(c.req.param('name'), now).catch((error: unknown) => {
          if (error instanceof JobBusyError) throw new ApiError(409, 'jobBusy', error.message);
          throw error instanceof Error && error.message.startsWith('Unknown job') ? notFound('Job') : error;
        });
        return c.json({ ran: c.req.param('name'), at: now.toISOString() });
      })
      .post('/faults', async (c) => {
        const body = await jsonBody(c, faultBody);
        const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, body.email.toLowerCase()));
        if (!user) throw notFound('User');
        return c.json({ email: body.email, faults: await switchFault(db, user.id, body.fault, body.on) });
      })
      // The operator sets a user's authorities; the revision moves with them, so signed-in portals re-read them at once.
      .post('/users/authorities', async (c) => {
        const body = await jsonBody(c, authoritiesBody);
        const revision = await db.transaction(async (tx) => {
          const [user] = await tx
            .update(users)
            .set({ authoritiesRevision: sql`${users.authoritiesRevision} + 1` })
            .where(eq(users.email, body.email.toLowerCase()))
            .returning({ id: users.id, authoritiesRevision: users.authoritiesRevision });
          if (!user) throw notFound('User');
          await tx.delete(userAuthorities).where(eq(userAuthorities.userId, user.id));
          const kept = [...new Set(body.authorities)];
          if (kept.length)
            await tx.insert(userAuthorities).values(kept.map((authority) => ({ userId: user.id, authority })));
          return user.authoritiesRevision;
        });
        return c.json({
          email: body.email.toLowerCase(),
          authorities: body.authorities,
          authoritiesRevision: revision,
        });
      })
      .post('/users', async (c) => {
        const body = await jsonBody(c, newUser);
        const passwordHash = await hashPassword(body.password);
        const user = await db.transaction(async (tx) => {
          const [buyer] = body.isBuyer
            ? await tx
                .insert(buyers)
                .values({
                  name: body.buyerName ?? `${body.firstName} ${body.lastName}`,
                  isProspect: body.isProspect,
                  participantId: body.participantId,
                  salesRepWhatsApp: body.salesRepWhatsApp,
                })
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
          if (buyer) await tx.insert(buyerAddresses).values(demoAddresses(buyer.id, buyer.name, deps.config));
          if (body.authorities.length) {
            await tx
              .insert(userAuthorities)
              .values(body.authorities.map((authority) => ({ userId: created.id, authority })));
          }
          return created;
        });
        return c.json({ userId: user.id, email: user.email }, 201);
      })
  );
}
