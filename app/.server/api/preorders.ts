import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { COMMITMENT_STATES } from '~/domain/preorders/commitment';
import { callApi } from './client';

export const preorderSchema = z.object({
  id: z.number(),
  itemNumber: z.string(),
  model: z.string(),
  grade: z.string(),
  capacity: z.string(),
  warehouseCode: z.string(),
  /** The warehouse's label in the tenant's language. */
  warehouse: z.string(),
  expectedQuantity: z.number(),
  /** YYYY-MM-DD. */
  expectedDate: z.string(),
  /** Minor units; equal for a fixed price. */
  priceMin: z.number(),
  priceMax: z.number(),
  minimumCommitment: z.number(),
  cutOff: z.string(),
  status: z.string(),
  /** The final unit price once the stock arrived. */
  unitPrice: z.number().nullable(),
  /** Why the seller canceled it (status CANCELED), as the seller wrote it. */
  cancelReason: z.string().nullable(),
});
export type Preorder = z.infer<typeof preorderSchema>;

export const commitmentSchema = z.object({
  preorderId: z.number(),
  quantity: z.number(),
  maxUnitPrice: z.number().nullable(),
  state: z.enum(COMMITMENT_STATES),
  allocatedQuantity: z.number(),
  orderNumber: z.string().nullable(),
  updatedAt: z.string(),
});

export const preorderListSchema = z.object({
  preorders: z.array(preorderSchema),
  commitments: z.array(commitmentSchema.extend({ preorder: preorderSchema })),
});
export type PreorderList = z.infer<typeof preorderListSchema>;

export const commitmentEntrySchema = z.object({ quantity: z.number(), maxUnitPrice: z.number().nullable() });

const BASE = '/px-api-gateway/preorders';

/** Pre-orders of the signed-in buyer (issue 53): the open ones and my commitments. */
export const preordersApi = {
  list: (context: AppLoadContext, token: string) => callApi(context, BASE, { token, schema: preorderListSchema }),
  one: (context: AppLoadContext, token: string, id: number) =>
    callApi(context, `${BASE}/${id}`, { token, schema: preorderSchema }),
  commit: (context: AppLoadContext, token: string, id: number, entry: z.infer<typeof commitmentEntrySchema>) =>
    callApi(context, `${BASE}/${id}/commitment`, { method: 'PUT', token, body: entry, schema: commitmentSchema }),
  withdraw: (context: AppLoadContext, token: string, id: number) =>
    callApi(context, `${BASE}/${id}/commitment`, { method: 'DELETE', token, schema: commitmentSchema }),
};
