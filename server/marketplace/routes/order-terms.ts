import { Hono } from 'hono';
import { z } from 'zod';
import type { MarketplaceEnv } from '../context';
import type { OrderTerms } from '../services/orders/order-terms';
import { jsonBody } from './validate';

const orderNumber = '/:orderNumber{[A-Za-z0-9-]{1,40}}';
const ORDER_NUMBER = /^[A-Za-z0-9-]{1,40}$/;
const percent = z.number().min(0).max(100);

/** The terms as the buyer fetched them (spec 3 §7 "POST accept terms, body the fetched terms"); other fields of the answer may come along. */
export const acceptedTerms = z.object({
  phonexOrderNumber: z.string().regex(ORDER_NUMBER),
  reservationFeePercent: percent,
  cancellationFeePercent: percent,
  gracePeriodEnd: z.string().datetime({ offset: true }).nullable(),
});

export const feeRequest = z.object({
  phonexOrderNumber: z.string().regex(ORDER_NUMBER),
  isCancellation: z.boolean(),
  items: z
    .array(
      z.object({ itemNumberWarehouse: z.string().min(1).max(200), quantity: z.number().int().min(0).max(10_000_000) }),
    )
    .max(5_000)
    .optional(),
});

/**
 * Reservation and cancellation terms, fees and Extend Time (spec 3 §4, §7), of the signed-in
 * buyer's own orders: another buyer's order number is a 404.
 */
export function orderTermsRoutes(terms: OrderTerms) {
  return new Hono<MarketplaceEnv>()
    .post('/orders/fees/calculate', async (c) =>
      c.json(await terms.calculateFees(c.get('user'), await jsonBody(c, feeRequest))),
    )
    .get(`/orders${orderNumber}/terms`, async (c) =>
      c.json(await terms.terms(c.get('user'), c.req.param('orderNumber'))),
    )
    .post(`/orders${orderNumber}/terms/accept`, async (c) =>
      c.json(await terms.accept(c.get('user'), c.req.param('orderNumber'), await jsonBody(c, acceptedTerms))),
    )
    .post(`/orders${orderNumber}/extend-payment-time`, async (c) =>
      c.json(await terms.extendPaymentTime(c.get('user'), c.req.param('orderNumber'))),
    );
}
