import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { OFFER_STATUSES } from '~/domain/offers/status';
import { callApi } from './client';

const outcome = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('toCart'), quantity: z.number(), unitPrice: z.number() }),
  z.object({ kind: z.literal('short'), quantity: z.number(), available: z.number(), unitPrice: z.number() }),
  z.object({ kind: z.literal('inCart'), quantity: z.number() }),
  z.object({ kind: z.literal('offerOpen'), status: z.enum(OFFER_STATUSES) }),
  z.object({ kind: z.literal('gone') }),
]);

export const reviewSchema = z.object({
  phonexOrderNumber: z.string(),
  refOrderNumberOrPhonexOrderNumber: z.string(),
  warehouse: z.string(),
  lines: z.array(
    z.object({
      itemNumberWarehouse: z.string(),
      itemNumber: z.string(),
      description: z.string(),
      orderedQuantity: z.number(),
      outcome,
    }),
  ),
});
export type BuyAgainReview = z.infer<typeof reviewSchema>;

/** The confirmation's answer: the review again, and how many lines went to the cart. */
export const confirmedSchema = reviewSchema.extend({ added: z.number() });

const path = (orderNumber: string) => `/px-api-gateway/orders/${encodeURIComponent(orderNumber)}/buy-again`;

/** Buy again (issue 37): a past order's lines as they would go to the cart today, and the confirmation. */
export const buyAgainApi = {
  review: (context: AppLoadContext, token: string, orderNumber: string) =>
    callApi(context, path(orderNumber), { token, schema: reviewSchema }),
  confirm: (context: AppLoadContext, token: string, orderNumber: string) =>
    callApi(context, path(orderNumber), { method: 'POST', token, schema: confirmedSchema }),
};
