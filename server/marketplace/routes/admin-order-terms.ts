import { Hono } from 'hono';
import { z } from 'zod';
import { DAY_MS, MAX_FEE_RATE } from '../../../app/domain/orders/fees';
import type { OrderTerms, TermsChange } from '../services/orders/order-terms';
import { jsonBody } from './validate';

const orderNumber = '/:orderNumber{[A-Za-z0-9-]{1,40}}';
const when = z.string().datetime({ offset: true }).nullable().optional();
const rate = z.number().int().min(0).max(MAX_FEE_RATE).optional();

/** The seller's change to an order's terms; dates as ISO, or as whole days before `at` (tests and demos). */
export const termsChange = z
  .object({
    gracePeriodEnd: when,
    graceDaysAgo: z.number().int().min(-3650).max(3650).optional(),
    racFeePeriodEnd: when,
    periodEndDaysAgo: z.number().int().min(-3650).max(3650).optional(),
    reservationFeeRate: rate,
    cancellationFeeRate: rate,
    racFeeAgreed: z.boolean().optional(),
    actor: z.string().min(1).max(100).default('seller'),
    at: z.string().datetime({ offset: true }).optional(),
  })
  .strict()
  .refine(
    (b) => !(b.gracePeriodEnd !== undefined && b.graceDaysAgo !== undefined),
    'give gracePeriodEnd or graceDaysAgo, not both',
  )
  .refine(
    (b) => !(b.racFeePeriodEnd !== undefined && b.periodEndDaysAgo !== undefined),
    'give racFeePeriodEnd or periodEndDaysAgo, not both',
  );

const dateOf = (iso: string | null | undefined, daysAgo: number | undefined, now: Date): Date | null | undefined =>
  daysAgo !== undefined
    ? new Date(now.getTime() - daysAgo * DAY_MS)
    : iso === undefined
      ? undefined
      : iso === null
        ? null
        : new Date(iso);

/** The seller's side of order terms, under the admin token: read an order's terms and fees, set them. */
export function adminOrderTermsRoutes(terms: OrderTerms) {
  return new Hono()
    .get(orderNumber, async (c) => c.json(await terms.describe(c.req.param('orderNumber'))))
    .post(orderNumber, async (c) => {
      const body = await jsonBody(c, termsChange);
      const now = body.at ? new Date(body.at) : new Date();
      const change: TermsChange = {
        gracePeriodEnd: dateOf(body.gracePeriodEnd, body.graceDaysAgo, now),
        racFeePeriodEnd: dateOf(body.racFeePeriodEnd, body.periodEndDaysAgo, now),
        reservationFeeRate: body.reservationFeeRate,
        cancellationFeeRate: body.cancellationFeeRate,
        racFeeAgreed: body.racFeeAgreed,
      };
      const defined = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)) as TermsChange;
      return c.json(await terms.set(c.req.param('orderNumber'), defined, body.actor, now));
    });
}
