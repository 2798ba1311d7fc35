import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { OFFER_ACTORS, OFFER_EVENTS } from '~/domain/offers/history';
import { OFFER_STATES, OFFER_STATUSES } from '~/domain/offers/status';
import { callApi } from './client';
import { PARTICIPANT_HEADER } from './stock';

export const offerSchema = z.object({
  offerId: z.number(),
  itemNumberWarehouse: z.string(),
  pxnsParticipantId: z.string(),
  offerStatus: z.enum(OFFER_STATUSES),
  offerState: z.enum(OFFER_STATES),
  offerQuantity: z.number(),
  offerPrice: z.number(),
  counterPrice: z.number().nullable(),
  checkOutQuantity: z.number().nullable(),
  checkOutPrice: z.number().nullable(),
  minimumCheckoutQuantity: z.number().nullable(),
  acceptedOrCounteredExpirationDate: z.string().nullable(),
});
export type Offer = z.infer<typeof offerSchema>;
export const offerListSchema = z.record(z.string(), offerSchema);
export const offerHistorySchema = z.array(
  z.object({
    at: z.string(),
    event: z.enum(OFFER_EVENTS),
    by: z.enum(OFFER_ACTORS),
    quantity: z.number().nullable(),
    price: z.number().nullable(),
  }),
);
export type OfferHistory = z.infer<typeof offerHistorySchema>;

/** Whose stock an offer is on: the tenant's own (plain paths) or a network participant's (pxnr paths + header). */
export interface StockOwner {
  participantId: string;
  isOwn: boolean;
}

/** A call on an owner's stock: the plain path for the tenant's own, the pxnr path with the participant header for a network participant's. */
export const ownerRoute = (
  owner: StockOwner,
  area: 'stocklist' | 'cart',
  path: string,
): { path: string; headers: Record<string, string> } => ({
  path: `/px-api-gateway/${area}${owner.isOwn ? '' : '/pxnr'}${path}`,
  headers: owner.isOwn ? {} : { [PARTICIPANT_HEADER]: owner.participantId },
});
const route = (owner: StockOwner, path: string) => ownerRoute(owner, 'stocklist', path);

export const offersApi = {
  /** The buyer's cart entries and offers on one owner's stock, keyed by itemNumberWarehouse. */
  list(context: AppLoadContext, token: string, owner: StockOwner) {
    const { path, headers } = route(owner, '/offers');
    return callApi(context, path, { token, headers, schema: offerListSchema });
  },

  place(
    context: AppLoadContext,
    token: string,
    owner: StockOwner,
    body: { itemNumberWarehouse: string; offerQuantity: number; offerPrice: number },
  ) {
    const { path, headers } = route(owner, '/offer');
    return callApi(context, path, { method: 'POST', token, headers, body, schema: offerSchema });
  },

  change(
    context: AppLoadContext,
    token: string,
    owner: StockOwner,
    offerId: number,
    body: { offerQuantity: number; offerPrice: number },
  ) {
    const { path, headers } = route(owner, `/offer/${offerId}`);
    return callApi(context, path, { method: 'PUT', token, headers, body, schema: offerSchema });
  },

  /** What happened to one of the buyer's offers, oldest first (issue 37). */
  history(context: AppLoadContext, token: string, owner: StockOwner, offerId: number) {
    const { path, headers } = route(owner, `/offer/${offerId}/history`);
    return callApi(context, path, { token, headers, schema: offerHistorySchema });
  },

  remove(context: AppLoadContext, token: string, owner: StockOwner, offerId: number) {
    const { path, headers } = route(owner, `/offer/${offerId}`);
    return callApi(context, path, { method: 'DELETE', token, headers, schema: z.unknown() });
  },
};
