import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  DEFAULT_ORDER_DIR,
  DEFAULT_ORDER_SORT,
  MAX_ORDER_PAGE,
  MAX_ORDER_SEARCH,
  ORDER_STATUS_CODE,
} from '../../../app/domain/orders/list-query';
import { ORDER_LIST_FIELDS } from '../../../app/domain/orders/settings';
import type { MarketplaceDeps, MarketplaceEnv } from '../context';
import { ORDER_HISTORY_STATUSES, orderHistory } from '../db/seed/order-history';
import { orders, users } from '../db/schema';
import { ApiError, notFound } from '../errors';
import {
  createOrderListService,
  ordersExportName,
  ordersWorkbookStream,
  type OrderListRequest,
} from '../services/orders/order-list';
import { createOrderReference, MAX_REFERENCES_AT_ONCE } from '../services/orders/order-reference';
import { orderSettingsIn } from '../services/orders/order-settings';
import { wordsIn } from '../services/texts/texts';
import { jsonBody } from './validate';
import { dataJson } from './data-json';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The body of the reference call (described by the OpenAPI document). */
export const referenceBody = z.object({ refOrderNumber: z.string().max(200) });

/** The body of the call that saves several references at once, all or none. */
export const referencesBody = z.object({
  references: z
    .array(
      z.object({
        phonexOrderNumber: z.string().regex(/^[A-Za-z0-9-]{1,40}$/),
        refOrderNumber: z.string().max(200),
      }),
    )
    .min(1)
    .max(MAX_REFERENCES_AT_ONCE),
});

/** The list's query string, strictly: a value out of range is a 400 naming it (the portal sends only good ones). */
const listQuery = z.object({
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, 'a page number from 1')
    .transform(Number)
    .refine((n) => n <= MAX_ORDER_PAGE, `at most ${MAX_ORDER_PAGE}`)
    .optional(),
  sort: z.enum(ORDER_LIST_FIELDS).optional(),
  dir: z.enum(['asc', 'desc']).optional(),
  search: z.string().max(MAX_ORDER_SEARCH).optional(),
  status: z.string().regex(ORDER_STATUS_CODE, 'a status code').optional(),
  createdFrom: z.iso
    .datetime({ offset: true })
    .transform((text) => new Date(text))
    .optional(),
  createdBefore: z.iso
    .datetime({ offset: true })
    .transform((text) => new Date(text))
    .optional(),
});
const LIST_PARAMS = ['page', 'sort', 'dir', 'search', 'status', 'createdFrom', 'createdBefore'] as const;

function parseListQuery(c: Context): OrderListRequest {
  const raw: Record<string, string> = {};
  for (const name of LIST_PARAMS) {
    const given = c.req.queries(name) ?? [];
    if (given.length > 1) throw new ApiError(400, 'validationFailed', `${name}: given more than once`);
    if (given.length) raw[name] = given[0]!;
  }
  const parsed = listQuery.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ApiError(400, 'validationFailed', `${issue.path.join('.') || 'query'}: ${issue.message}`);
  }
  const { page = 1, sort, dir, search = '', status = '', createdFrom, createdBefore } = parsed.data;
  return {
    page,
    sort: sort ?? DEFAULT_ORDER_SORT,
    dir: dir ?? (sort ? 'asc' : DEFAULT_ORDER_DIR),
    search: search.trim(),
    status,
    ...(createdFrom ? { createdFrom } : {}),
    ...(createdBefore ? { createdBefore } : {}),
  };
}

/**
 * The orders list calls of spec 3 §7 for the signed-in buyer: GET orders list (a page of 50, sorted,
 * searched and narrowed to a status and a span of creation on the server) and GET orders export (every matching order as xlsx). Registered
 * before the routes of one order, so /orders/export is never read as an order number.
 */
export function orderListRoutes(deps: Pick<MarketplaceDeps, 'db' | 'config' | 't' | 'mailer'>) {
  const list = createOrderListService(deps);
  const reference = createOrderReference(deps);
  return (
    new Hono<MarketplaceEnv>()
      .get('/orders', async (c) => dataJson(c, await list.page(c.get('user'), parseListQuery(c))))
      .get('/orders/export', async (c) => {
        const { items, settings } = await list.all(c.get('user'), parseListQuery(c));
        const file = ordersWorkbookStream(
          items,
          orderSettingsIn(settings, await wordsIn(deps.db, deps.config.language)),
          deps.config,
          deps.t,
        );
        return c.body(Readable.toWeb(file) as ReadableStream<Uint8Array>, 200, {
          'content-type': XLSX_TYPE,
          'content-disposition': `attachment; filename="${ordersExportName()}"`,
          'cache-control': 'private, no-store',
        });
      })
      // The editable cells of a page of the list: several references at once, all saved or none.
      .put('/orders/references', async (c) => {
        const body = await jsonBody(c, referencesBody);
        return c.json(await reference.setAll(c.get('user'), body.references));
      })
      // An editable cell of the list: the buyer's own reference on an order.
      .put('/orders/:orderNumber{[A-Za-z0-9-]{1,40}}/reference', async (c) => {
        const body = await jsonBody(c, referenceBody);
        return c.json(await reference.set(c.get('user'), c.req.param('orderNumber'), body.refOrderNumber));
      })
  );
}

export const historyBody = z.object({
  email: z.string().email().max(254),
  count: z.number().int().min(1).max(20_000),
  statuses: z.array(z.enum(ORDER_HISTORY_STATUSES)).min(1).max(ORDER_HISTORY_STATUSES.length).optional(),
  linesPerOrder: z.number().int().min(1).max(10).default(3),
  /** The newest order's creation (a test that pictures the list fixes its dates); now by default. */
  now: z.string().datetime({ offset: true }).optional(),
  /** The orders' numbers are SO-{stamp}-{n}: the caller keeps them unique; a stamp from the time and a random part by default. */
  stamp: z
    .string()
    .regex(/^[A-Z0-9]{1,16}$/)
    .optional(),
  /** Only these warehouses' items (codes); every warehouse's by default. */
  warehouses: z.array(z.string().min(1).max(20)).min(1).max(50).optional(),
});

/**
 * Admin (CLI, tests, bench): a past of `count` orders for a buyer in one bulk insert, spread over
 * the statuses; answers the first orders' numbers and line descriptions so a test can search them.
 */
export function adminOrderHistoryRoutes({ db }: Pick<MarketplaceDeps, 'db'>) {
  return new Hono().post('/', async (c) => {
    const body = await jsonBody(c, historyBody);
    const [user] = await db
      .select({ buyerId: users.buyerId })
      .from(users)
      .where(eq(users.email, body.email.toLowerCase()));
    if (!user?.buyerId) throw notFound('Buyer');
    if (body.stamp) {
      const [taken] = await db
        .select({ n: orders.phonexOrderNumber })
        .from(orders)
        .where(eq(orders.phonexOrderNumber, `SO-${body.stamp}-1`));
      if (taken) throw new ApiError(409, 'stampTaken', `Orders numbered SO-${body.stamp}-… exist already`);
    }
    const made = await orderHistory(db, {
      buyerId: user.buyerId,
      count: body.count,
      statuses: body.statuses,
      linesPerOrder: body.linesPerOrder,
      now: body.now ? new Date(body.now) : undefined,
      stamp: body.stamp,
      warehouses: body.warehouses,
    });
    return c.json(made, 201);
  });
}
