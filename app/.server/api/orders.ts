import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import type { OrderListPage } from '~/domain/orders/list-cells';
import type { OrderListQuery } from '~/domain/orders/list-query';
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

/** The query string the tenant API takes: every part of the state spelled out. */
const apiSearch = (query: OrderListQuery, withPage: boolean) => {
  const params = new URLSearchParams({ sort: query.sort, dir: query.dir });
  if (query.search) params.set('search', query.search);
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

  list: (context: AppLoadContext, token: string, query: OrderListQuery) =>
    callApi(context, `/px-api-gateway/orders?${apiSearch(query, true)}`, { token, schema: orderListPageSchema }),

  /** Every order the list's search matches, in its order, as the tenant API streams the spreadsheet; the file name from its content-disposition, or a default. */
  exportFile(context: AppLoadContext, token: string, query: OrderListQuery) {
    return withSessionRetry(context, token, async (current) => {
      const request = new Request(
        new URL(`/px-api-gateway/orders/export?${apiSearch(query, false)}`, context.tenantApiBase),
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
