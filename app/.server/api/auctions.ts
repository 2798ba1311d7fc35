import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { auctionListParams, type AuctionListQuery } from '~/domain/auctions/list-query';
import { ApiFailure, callApi, withSessionRetry } from './client';
import { fetchPhoto } from './photo';

const BASE = '/px-api-gateway/auctions';

const status = z.enum(['HIGHEST', 'OUTBID', 'RESERVE_NOT_MET', 'WON', 'LOST']).nullable();
export const lotView = z.object({
  id: z.number().int(),
  title: z.string(),
  seller: z.string(),
  warehouse: z.string(),
  units: z.number().int(),
  gradeMix: z.record(z.string(), z.number().int()),
  startingPrice: z.number().int(),
  currentPrice: z.number().int().nullable(),
  bidCount: z.number().int(),
  hasReserve: z.boolean(),
  reserveMet: z.boolean().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  extended: z.boolean(),
  inSoftClose: z.boolean(),
  phase: z.enum(['SCHEDULED', 'OPEN', 'ENDED']),
  status: z.string(),
  outcome: z.string().nullable(),
  cancelReason: z.string().nullable(),
  nextMinimum: z.number().int().nullable(),
  myStatus: status,
  watched: z.boolean(),
});
export type LotView = z.infer<typeof lotView>;

export const listPage = z.object({
  lots: z.array(lotView),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  softCloseMinutes: z.number().int(),
});
export type AuctionListPage = z.infer<typeof listPage>;

export const lotDetails = lotView.extend({
  softCloseMinutes: z.number().int(),
  lines: z.array(
    z.object({
      model: z.string(),
      grade: z.string(),
      capacity: z.string(),
      colour: z.string(),
      quantity: z.number().int(),
      imeis: z.array(z.string()),
    }),
  ),
  bids: z.array(z.object({ bidder: z.number().int(), own: z.boolean(), amount: z.number().int(), at: z.string() })),
  history: z.object({ page: z.number().int(), pageSize: z.number().int(), total: z.number().int() }),
  photos: z.array(z.number().int()),
  myMaximum: z.number().int().nullable(),
  orderNumber: z.string().nullable(),
  secondChance: z.object({ state: z.string(), price: z.number().int() }).nullable(),
});
export type LotDetails = z.infer<typeof lotDetails>;

export const quote = z.object({
  amount: z.number().int(),
  withPreferences: z.boolean(),
  charges: z.object({
    subtotal: z.number().int(),
    additionalServicesFee: z.number().int(),
    freight: z.number().int(),
    freightDiscount: z.number().int(),
    promotion: z.string(),
    insurance: z.number().int(),
    tax: z.number().int(),
    taxDescription: z.string(),
    paymentFee: z.number().int(),
    total: z.number().int(),
  }),
});
export type BidQuote = z.infer<typeof quote>;

export const summary = z.object({
  lots: z.array(lotView.extend({ orderNumber: z.string().nullable(), orderTotal: z.number().int().nullable() })),
  totals: z.object({
    bidOn: z.number().int(),
    leading: z.number().int(),
    won: z.number().int(),
    wonAmount: z.number().int(),
    ordersTotal: z.number().int(),
  }),
});
export type AuctionSummary = z.infer<typeof summary>;

/** A bid's answer: the lot as its page shows it, and whether the bid was a replay of one already placed. */
export const bidPlaced = lotDetails.extend({ replayed: z.boolean() });
export const secondChanceAnswered = z.object({ state: z.string(), replayed: z.boolean() });

const lot = (lotId: number, rest = '') => `${BASE}/${lotId}${rest}`;

/** The buyer's auctions (issue 53) on the tenant API. */
export const auctionsApi = {
  list: (context: AppLoadContext, token: string, query: AuctionListQuery) => {
    const params = auctionListParams(query);
    return callApi(context, `${BASE}${params.size ? `?${params}` : ''}`, { token, schema: listPage });
  },
  /** A lot with one page of its bid history, newest first. */
  get: (context: AppLoadContext, token: string, lotId: number, historyPage = 1) =>
    callApi(context, lot(lotId, historyPage > 1 ? `?historyPage=${historyPage}` : ''), { token, schema: lotDetails }),
  summary: (context: AppLoadContext, token: string) => callApi(context, `${BASE}/summary`, { token, schema: summary }),
  quote: (context: AppLoadContext, token: string, lotId: number, amount: number) =>
    callApi(context, lot(lotId, '/quote'), { method: 'POST', token, body: { amount }, schema: quote }),
  bid: (context: AppLoadContext, token: string, lotId: number, amount: number, idempotencyKey: string) =>
    callApi(context, lot(lotId, '/bids'), {
      method: 'POST',
      token,
      body: { amount, idempotencyKey },
      schema: bidPlaced,
    }),
  watch: (context: AppLoadContext, token: string, lotId: number, on: boolean) =>
    callApi(context, lot(lotId, '/watch'), { method: on ? 'PUT' : 'DELETE', token, schema: z.unknown() }),
  answerSecondChance: (context: AppLoadContext, token: string, lotId: number, accept: boolean) =>
    callApi(context, lot(lotId, '/second-chance'), {
      method: 'POST',
      token,
      body: { accept },
      schema: secondChanceAnswered,
    }),
  photo: (context: AppLoadContext, token: string, lotId: number, photoId: number) =>
    fetchPhoto(context, token, lot(lotId, `/photos/${photoId}`)),
  /** The manifest as the tenant API streams the spreadsheet. */
  manifest: (context: AppLoadContext, token: string, lotId: number) =>
    withSessionRetry(context, token, async (current) => {
      const response = await context.tenantApi(
        new Request(new URL(lot(lotId, '/manifest'), context.tenantApiBase), {
          headers: {
            accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            authorization: `Bearer ${current ?? token}`,
          },
        }),
      );
      if (!response.ok) throw new ApiFailure(response.status, undefined, `Manifest failed (${response.status})`);
      if (!response.body) throw new ApiFailure(502, undefined, 'Manifest answered no file');
      return { body: response.body, fileName: `lot-${lotId}-manifest.xlsx` };
    }),
};
