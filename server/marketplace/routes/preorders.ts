import { Hono } from 'hono';
import { z } from 'zod';
import { PREORDER_LIMITS } from '../../../app/domain/preorders/commitment';
import type { MarketplaceEnv } from '../context';
import type { Preorders } from '../services/preorders/preorders';
import { idParam, idSegment, jsonBody } from './validate';

/** The body's shape (whole numbers in bounds); the pre-order's own rules (minimum, expected quantity, cut-off, range) are the service's, refused with the field they concern. */
const amount = z.number().int().min(0).max(PREORDER_LIMITS.price);
export const commitmentBody = z
  .object({
    quantity: z.number().int().min(0).max(PREORDER_LIMITS.quantity),
    maxUnitPrice: amount.nullable().default(null),
  })
  .strict();

/** The buyer's side of pre-orders: the open ones and my commitments; commit, change or withdraw until the cut-off. */
export function preorderRoutes(preorders: Preorders) {
  const commitment = `/preorders/${idSegment('preorderId')}/commitment`;
  return new Hono<MarketplaceEnv>()
    .get('/preorders', async (c) => c.json(await preorders.list(c.get('user'))))
    .get(`/preorders/${idSegment('preorderId')}`, async (c) => c.json(await preorders.one(idParam(c, 'preorderId'))))
    .put(commitment, async (c) => {
      const body = await jsonBody(c, commitmentBody);
      return c.json(await preorders.commit(c.get('user'), idParam(c, 'preorderId'), body));
    })
    .delete(commitment, async (c) => c.json(await preorders.withdraw(c.get('user'), idParam(c, 'preorderId'))));
}
