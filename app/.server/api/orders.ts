import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import type { OrderListPage } from '~/domain/orders/list-cells';
import type { OrderListQuery } from '~/domain/orders/list-query';
import { dayStartIn } from '~/domain/time-zone';
import { ApiFailure, callApi, withSessionRetry } from './client';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const listItem = z.object({
  phonexOrderNumber: z.string(),
  refOrderNumber: z.string().nullable(),
  createDate: z.string(),
  updateDate: z.string(),
  warehouse: z.string(),
  warehouseCode: z.string(),
  fulfillmentStatus: z.string(),
  paymentStatus: z.string(),
  pxnsOrder: z.boolean(),
  totalOrderedQuantity: z.number(),
  shippedPercent: z.number(),
  total: z.number().int(),
});

export const orderListPageSchema: z.ZodType<OrderListPage> = z.object({
  items: z.array(listItem),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});

export const referenceSetSchema = z.object({
  status: z.literal('SUCCESS'),
  phonexOrderNumber: z.string(),
  refOrderNumber: z.string().nullable(),
});

export const referencesSetSchema = z.object({
  status: z.literal('SUCCESS'),
  orders: z.array(z.object({ phonexOrderNumber: z.string(), refOrderNumber: z.string().nullable() })),
});

/**
 * The query string the tenant API takes: every part of the state spelled out, the days of creation
 * as the instants they begin and end on the buyer's clock (`timeZone`).
 */
const apiSearch = (query: OrderListQuery, timeZone: string, withPage: boolean) => {
  const params = new URLSearchParams({ sort: query.sort, dir: query.dir });
  if (query.search) params.set('search', query.search);
  if (query.status) params.set('status', query.status);
  if (query.from) params.set('createdFrom', dayStartIn(query.from, timeZone).toISOString());
  if (query.to) params.set('createdBefore', dayStartIn(query.to, timeZone, 1).toISOString());
  if (withPage) params.set('page', String(query.page));
  return params.toString();
};

/** The orders list calls of spec 3 §7: GET orders list (one page) and GET orders export (the file). */
export const ordersApi = {
  /** An editable cell of the list: the buyer's own reference on an order (the tenant API e-mails the buyer). */
  setReference: (context: AppLoadContext, token: string, orderNumber: string, refOrderNumber: string) =>
    callApi(context, `/px-api-gateway/orders/${encodeURIComponent(orderNumber)}/reference`, {
      method: 'PUT',
      token,
      body: { refOrderNumber },
      schema: referenceSetSchema,
    }),

  /** The editable cells of a page of the list: several references at once, all saved or none (one e-mail). */
  setReferences: (
    context: AppLoadContext,
    token: string,
    references: { phonexOrderNumber: string; refOrderNumber: string }[],
  ) =>
    callApi(context, '/px-api-gateway/orders/references', {
      method: 'PUT',
      token,
      body: { references },
      schema: referencesSetSchema,
    }),

  list: (context: AppLoadContext, token: string, query: OrderListQuery, timeZone: string) =>
    callApi(context, `/px-api-gateway/orders?${apiSearch(query, timeZone, true)}`, {
      token,
      schema: orderListPageSchema,
    }),

  /** Every order the list's search matches, in its order, as the tenant API streams the spreadsheet; the file name from its content-disposition, or a default. */
  exportFile(context: AppLoadContext, token: string, query: OrderListQuery, timeZone: string) {
    return withSessionRetry(context, token, async (current) => {
      const request = new Request(
        new URL(`/px-api-gateway/orders/export?${apiSearch(query, timeZone, false)}`, context.tenantApiBase),
        {
          headers: { accept: XLSX_TYPE, authorization: `Bearer ${current ?? token}` },
        },
      );
      const response = await context.tenantApi(request);
      if (!response.ok) throw new ApiFailure(response.status, undefined, `Orders export failed (${response.status})`);
      if (!response.body) throw new ApiFailure(502, undefined, 'Orders export answered no file');
      const disposition = response.headers.get('content-disposition') ?? '';
      const fileName = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'orders.xlsx';
      return { body: response.body, fileName };
    });
  },
};
