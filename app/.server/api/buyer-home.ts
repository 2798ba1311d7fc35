import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { callApi } from './client';

export const homeSchema = z.object({
  orders: z.array(
    z.object({
      need: z.enum(['onHold', 'awaitingPayment']),
      phonexOrderNumber: z.string(),
      refOrderNumber: z.string().nullable(),
      status: z.string(),
      paymentStatus: z.string(),
      /** The reservation terms' deadline of an order awaiting payment, when it has terms. */
      paymentDueBy: z.string().nullable(),
      /** That deadline has passed. */
      paymentOverdue: z.boolean(),
      total: z.number().int(),
      warehouse: z.string(),
    }),
  ),
  alertsMet: z.array(
    z.object({
      itemNumberWarehouse: z.string(),
      itemNumber: z.string(),
      description: z.string(),
      quantityAvailable: z.number(),
      warehouse: z.string(),
      metAt: z.string(),
    }),
  ),
});
export type BuyerHome = z.infer<typeof homeSchema>;

/** The buyer's home (issue 37): orders that need the buyer and the stock alerts met this week. */
export const buyerHomeApi = {
  read: (context: AppLoadContext, token: string) =>
    callApi(context, '/px-api-gateway/buyer-home', { token, schema: homeSchema }),
};
