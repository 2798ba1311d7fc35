import { Hono } from 'hono';
import { z } from 'zod';
import { ROWS } from '../../../app/domain/checkout/selection';
import { idSchema, MAX_ID } from '../../../app/domain/ids';
import type { MarketplaceEnv } from '../context';
import type { createBuyAgain } from '../services/orders/buy-again';
import { ORDER_ACTIONS, type OrderService } from '../services/orders/orders';
import { selectionSchema } from './checkout';
import { dataJson } from './data-json';
import { jsonBody } from './validate';

const orderNumber = '/:orderNumber{[A-Za-z0-9-]{1,40}}';
const lineId = idSchema;

const changeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('line'), lineId, quantity: z.string().max(20) }),
  z.object({ kind: z.literal('remove'), lineId }),
  z.object({ kind: z.literal('restore'), lineId }),
  z.object({
    kind: z.literal('rows'),
    rows: z.array(z.enum(ROWS)).min(1).max(ROWS.length),
    selection: selectionSchema,
  }),
]);

/** The bodies the order calls read (described by the OpenAPI document). */
export const orderBodies = {
  OrderSave: z.object({ version: z.number().int().positive().max(MAX_ID), action: z.enum(ORDER_ACTIONS) }),
  DraftChange: z.object({ change: changeSchema }),
};

/**
 * A placed order (spec 3 §7 "GET order", "PUT order upsert"), the buyer's unsaved changes to it, and
 * buying it again (issue 37: GET reviews, POST puts what is available in the cart).
 */
export function orderRoutes(orders: OrderService, buyAgain: ReturnType<typeof createBuyAgain>) {
  return new Hono<MarketplaceEnv>()
    .get(`/orders${orderNumber}`, async (c) =>
      dataJson(c, await orders.details(c.get('user'), c.req.param('orderNumber'))),
    )
    .put(`/orders${orderNumber}`, async (c) => {
      const body = await jsonBody(c, orderBodies.OrderSave);
      return c.json(await orders.save(c.get('user'), c.req.param('orderNumber'), body));
    })
    .put(`/orders${orderNumber}/draft`, async (c) => {
      const { change } = await jsonBody(c, orderBodies.DraftChange);
      return c.json(await orders.change(c.get('user'), c.req.param('orderNumber'), change));
    })
    .delete(`/orders${orderNumber}/draft`, async (c) =>
      c.json(await orders.discard(c.get('user'), c.req.param('orderNumber'))),
    )
    .get(`/orders${orderNumber}/buy-again`, async (c) =>
      c.json(await buyAgain.review(c.get('user'), c.req.param('orderNumber'))),
    )
    .post(`/orders${orderNumber}/buy-again`, async (c) =>
      c.json(await buyAgain.confirm(c.get('user'), c.req.param('orderNumber'))),
    );
}
