import { Hono } from 'hono';
import { z } from 'zod';
import {
  FULFILMENT_STATUSES,
  orderSummaryView,
  type Actor,
  type OrderFulfilment,
} from '../services/orders/order-fulfilment';
import { jsonBody } from './validate';

const orderNumber = '/:orderNumber{[A-Za-z0-9-]{1,40}}';
const itemNumberWarehouse = z.string().min(1).max(200);
const quantity = z.number().int().min(1).max(1_000_000);
const actor = z.string().min(1).max(100).default('seller');
/** When the change happened (tests and demos place it in time); now by default. */
const at = z.string().datetime({ offset: true }).optional();

const lineQuantities = z.array(z.object({ itemNumberWarehouse, quantity }).strict()).min(1).max(1000);

export const shipBody = z
  .object({
    trackingNumber: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]{0,59}$/, 'letters, digits, spaces, dots, dashes and underscores, at most 60'),
    lines: z
      .array(
        z.object({ itemNumberWarehouse, quantity, imeis: z.array(z.string().max(20)).max(10_000).optional() }).strict(),
      )
      .min(1)
      .max(1000)
      .optional(),
    generateImeis: z.boolean().default(false),
    actor,
    at,
  })
  .strict();
export const invoiceBody = z.object({ lines: lineQuantities.optional(), actor, at }).strict();
export const cancelBody = z.object({ lines: lineQuantities.optional(), actor, at }).strict();
export const ledgerBody = z
  .object({
    amount: z.number().int().min(1).max(2_147_483_647).optional(),
    reference: z
      .string()
      .regex(/^[\x21-\x7e]{1,100}$/, 'printable ASCII, at most 100')
      .optional(),
    actor,
    at,
  })
  .strict();
export const statusBody = z.object({ status: z.enum(FULFILMENT_STATUSES), actor, at }).strict();

const seller = (name: string): Actor => ({ userId: null, name });
const when = (iso: string | undefined) => (iso ? new Date(iso) : undefined);

/**
 * The seller's side of orders (under /admin/orders, admin token required): an order's details, and
 * ship, invoice, cancel lines, record a payment or a refund, and fulfilment status. Used by the CLI and by tests.
 */
export function adminOrderRoutes(fulfilment: OrderFulfilment) {
  return new Hono()
    .get(orderNumber, async (c) => c.json(await fulfilment.details(c.req.param('orderNumber'))))
    .post(`${orderNumber}/ship`, async (c) => {
      const body = await jsonBody(c, shipBody);
      const { order, result } = await fulfilment.ship(c.req.param('orderNumber'), {
        ...body,
        actor: seller(body.actor),
        at: when(body.at),
      });
      return c.json({ order: orderSummaryView(order), shipment: result }, 201);
    })
    .post(`${orderNumber}/invoice`, async (c) => {
      const body = await jsonBody(c, invoiceBody);
      const { order, result } = await fulfilment.invoice(c.req.param('orderNumber'), {
        lines: body.lines,
        actor: seller(body.actor),
        at: when(body.at),
      });
      return c.json({ order: orderSummaryView(order), invoice: result }, 201);
    })
    .post(`${orderNumber}/cancel-lines`, async (c) => {
      const body = await jsonBody(c, cancelBody);
      const { order, result } = await fulfilment.cancelLines(c.req.param('orderNumber'), {
        lines: body.lines,
        actor: seller(body.actor),
        at: when(body.at),
      });
      return c.json({ order: orderSummaryView(order), canceled: result.lines });
    })
    .post(`${orderNumber}/payments`, async (c) => {
      const body = await jsonBody(c, ledgerBody);
      const { order, result } = await fulfilment.recordPayment(c.req.param('orderNumber'), {
        ...body,
        actor: seller(body.actor),
        at: when(body.at),
      });
      return c.json({ order: orderSummaryView(order), payment: result }, 201);
    })
    .post(`${orderNumber}/refunds`, async (c) => {
      const body = await jsonBody(c, ledgerBody);
      const { order, result } = await fulfilment.refund(c.req.param('orderNumber'), {
        ...body,
        actor: seller(body.actor),
        at: when(body.at),
      });
      return c.json({ order: orderSummaryView(order), refund: result }, 201);
    })
    .post(`${orderNumber}/status`, async (c) => {
      const body = await jsonBody(c, statusBody);
      const { order } = await fulfilment.setStatus(c.req.param('orderNumber'), body.status, {
        actor: seller(body.actor),
        at: when(body.at),
      });
      return c.json({ order: orderSummaryView(order) });
    });
}
