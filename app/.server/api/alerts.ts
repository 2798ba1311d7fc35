import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { callApi } from './client';
import { PARTICIPANT_HEADER } from './stock';

export const alertSchema = z.object({
  itemNumberWarehouse: z.string(),
  quantity: z.number(),
  description: z.string(),
  incrementSize: z.number(),
  itemNumber: z.string(),
  warehouseLabel: z.string(),
});
export type StockAlert = z.infer<typeof alertSchema>;
export const alertListSchema = z.record(z.string(), alertSchema);

const BASE = '/px-api-gateway/stocklist/alert';
const headers = (participantId: string) => ({ [PARTICIPANT_HEADER]: participantId });

/** Stock alerts of the signed-in buyer on one participant's stock (spec 1 §7). */
export const alertsApi = {
  list: (context: AppLoadContext, token: string, participantId: string) =>
    callApi(context, `${BASE}/items`, { token, headers: headers(participantId), schema: alertListSchema }),
  create: (
    context: AppLoadContext,
    token: string,
    participantId: string,
    itemNumberWarehouse: string,
    quantity: number,
  ) =>
    callApi(context, `${BASE}/item`, {
      method: 'POST',
      token,
      headers: headers(participantId),
      body: { itemNumberWarehouse, quantity },
      schema: alertSchema,
    }),
  update: (
    context: AppLoadContext,
    token: string,
    participantId: string,
    itemNumberWarehouse: string,
    quantity: number,
  ) =>
    callApi(context, `${BASE}/item/${encodeURIComponent(itemNumberWarehouse)}`, {
      method: 'PUT',
      token,
      headers: headers(participantId),
      body: { quantity },
      schema: alertSchema,
    }),
  remove: (context: AppLoadContext, token: string, participantId: string, itemNumberWarehouse: string) =>
    callApi(context, `${BASE}/item/${encodeURIComponent(itemNumberWarehouse)}`, {
      method: 'DELETE',
      token,
      headers: headers(participantId),
      schema: z.unknown(),
    }),
};
