import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import type { ReturnListQuery } from '~/domain/returns/list-query';
import { ApiFailure, callApi, withSessionRetry } from './client';
import { fetchPhoto } from './photo';

const BASE = '/px-api-gateway/returns';

export const listPage = z.object({
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  rows: z.array(
    z.object({
      rmaNumber: z.string(),
      orderNumber: z.string(),
      createdAt: z.string(),
      status: z.string(),
      units: z.number().int(),
      credit: z.number().int(),
    }),
  ),
});
export type ReturnListPage = z.infer<typeof listPage>;

const refusal = z.enum(['notShipped', 'outsideWindow', 'alreadyReturned', 'inOpenRequest']).nullable();
export const returnable = z.object({
  orderNumber: z.string(),
  windowDays: z.number().int(),
  reasons: z.array(z.object({ code: z.string(), label: z.string(), photoRequired: z.boolean() })),
  units: z.array(
    z.object({
      key: z.string(),
      imei: z.string().nullable(),
      itemNumberWarehouse: z.string(),
      itemNumber: z.string(),
      description: z.string(),
      unitPrice: z.number().int(),
      shippedAt: z.string(),
      refusal,
    }),
  ),
});
export type Returnable = z.infer<typeof returnable>;

export const details = z.object({
  rmaNumber: z.string(),
  orderNumber: z.string(),
  status: z.string(),
  note: z.string(),
  answer: z.string(),
  instructions: z.string(),
  credit: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  units: z.array(
    z.object({
      key: z.string(),
      imei: z.string().nullable(),
      itemNumberWarehouse: z.string(),
      itemNumber: z.string(),
      description: z.string(),
      reasonCode: z.string(),
      reason: z.string(),
      state: z.string(),
      rejectReason: z.string(),
      unitPrice: z.number().int(),
      credit: z.number().int(),
      photos: z.array(z.object({ id: z.number().int() })),
    }),
  ),
  history: z.array(z.object({ at: z.string(), from: z.string().nullable(), to: z.string(), actor: z.string() })),
});
export type ReturnDetails = z.infer<typeof details>;

/** A unit to return with its photos (images whose type was read from their bytes). */
export type ReturnUnitRequest = (
  { imei: string; reasonCode: string } | { itemNumberWarehouse: string; quantity: number; reasonCode: string }
) & { photos: File[] };

/** A request as the tenant API takes it: JSON alone, or with photos a multipart form whose units name their file parts. */
function requestBody(body: { orderNumber: string; idempotencyKey: string; note: string; units: ReturnUnitRequest[] }) {
  let parts = 0;
  const form = new FormData();
  const units = body.units.map(({ photos, ...unit }) => {
    if (!photos.length) return unit;
    const names = photos.map((photo) => {
      const name = `photo-${parts++}`;
      form.append(name, photo, name);
      return name;
    });
    return { ...unit, photos: names };
  });
  const request = { ...body, units };
  if (!parts) return request;
  form.append('request', JSON.stringify(request));
  return form;
}

export const created = z.object({ created: z.boolean(), rmaNumber: z.string() });
export const canceled = z.object({ rmaNumber: z.string(), status: z.string() });

const rma = (rmaNumber: string, rest = '') => `${BASE}/${encodeURIComponent(rmaNumber)}${rest}`;

/** The buyer's returns (issue 38): list, what an order can return, request, read, cancel. */
export const returnsApi = {
  list: (context: AppLoadContext, token: string, query: ReturnListQuery) => {
    const params = new URLSearchParams({ sort: query.sort, dir: query.dir, page: String(query.page) });
    if (query.search) params.set('search', query.search);
    return callApi(context, `${BASE}?${params}`, { token, schema: listPage });
  },
  returnable: (context: AppLoadContext, token: string, orderNumber: string) =>
    callApi(context, `${BASE}/orders/${encodeURIComponent(orderNumber)}`, { token, schema: returnable }),
  create: (
    context: AppLoadContext,
    token: string,
    body: { orderNumber: string; idempotencyKey: string; note: string; units: ReturnUnitRequest[] },
  ) =>
    callApi(context, BASE, {
      method: 'POST',
      token,
      body: requestBody(body),
      schema: created,
    }),
  /** A unit's photo as the tenant API serves it (an image type it sniffed), or the failure. */
  photo: (context: AppLoadContext, token: string, rmaNumber: string, photoId: number) =>
    fetchPhoto(context, token, rma(rmaNumber, `/photos/${photoId}`)),
  get: (context: AppLoadContext, token: string, rmaNumber: string) =>
    callApi(context, rma(rmaNumber), { token, schema: details }),
  /** Every request the list's search matches, as the tenant API streams the spreadsheet. */
  exportFile: (context: AppLoadContext, token: string, query: ReturnListQuery) =>
    withSessionRetry(context, token, async (current) => {
      const params = new URLSearchParams({ sort: query.sort, dir: query.dir });
      if (query.search) params.set('search', query.search);
      const response = await context.tenantApi(
        new Request(new URL(`${BASE}/export?${params}`, context.tenantApiBase), {
          headers: {
            accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            authorization: `Bearer ${current ?? token}`,
          },
        }),
      );
      if (!response.ok) throw new ApiFailure(response.status, undefined, `Returns export failed (${response.status})`);
      if (!response.body) throw new ApiFailure(502, undefined, 'Returns export answered no file');
      const fileName =
        /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'returns.xlsx';
      return { body: response.body, fileName };
    }),
  /** The packing slip as the tenant API streams it; only a PDF is passed on. */
  packingSlip: (context: AppLoadContext, token: string, rmaNumber: string) =>
    withSessionRetry(context, token, async (current) => {
      const response = await context.tenantApi(
        new Request(new URL(rma(rmaNumber, '/packing-slip'), context.tenantApiBase), {
          headers: { accept: 'application/pdf', authorization: `Bearer ${current ?? token}` },
        }),
      );
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { messageCode?: string; message?: string };
        throw new ApiFailure(response.status, body.messageCode, body.message);
      }
      if (!response.body) throw new ApiFailure(502, undefined, 'The packing slip came back empty');
      return { body: response.body, fileName: `packing-slip-${rmaNumber.replace(/[^\w.-]/g, '_')}.pdf` };
    }),
  cancel: (context: AppLoadContext, token: string, rmaNumber: string) =>
    callApi(context, rma(rmaNumber, '/cancel'), {
      method: 'POST',
      token,
      body: {},
      schema: canceled,
    }),
};
