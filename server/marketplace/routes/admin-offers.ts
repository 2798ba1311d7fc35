import { Hono } from 'hono';
import { z } from 'zod';
import type { MarketplaceDeps } from '../context';
import { offerView } from '../services/offers/offers';
import { idParam, idSegment, jsonBody } from './validate';

export const answerBody = z.object({
  action: z.enum(['accept', 'counter', 'reject']),
  price: z.number().min(1).max(100_000_000).optional(),
  minimumQuantity: z.number().int().min(1).max(10_000_000).optional(),
  validHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .optional(),
  actor: z.string().min(1).max(100).default('seller'),
  /** When the answer is given; expiry counts from here (tests move time with it). */
  at: z.string().datetime().optional(),
});

/** The seller's review of offers: list them, see their history, accept, counter or reject one. */
export function adminOfferRoutes({ offers }: MarketplaceDeps) {
  return new Hono()
    .get('/', async (c) => {
      const rows = await offers.all({
        status: c.req.query('status') || undefined,
        email: c.req.query('email') || undefined,
        limit: Number(c.req.query('limit') ?? 200) || 200,
      });
      return c.json(rows.map(({ offer, buyerName }) => ({ ...offerView(offer), buyerName })));
    })
    .get(`/${idSegment('offerId')}/history`, async (c) => c.json(await offers.history(idParam(c, 'offerId'))))
    .post(`/${idSegment('offerId')}/review`, async (c) => {
      const { actor, at, ...answer } = await jsonBody(c, answerBody);
      const row = await offers.review(idParam(c, 'offerId'), answer, actor, at ? new Date(at) : new Date());
      return c.json(offerView(row));
    });
}
