import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { IMPORT_COMMENTS, IMPORT_REASONS, IMPORT_SOURCES } from '~/domain/offers/import';
import { OFFER_STATUSES } from '~/domain/offers/status';
import { ApiFailure, callApi, withSessionRetry } from './client';

const BASE = '/px-api-gateway/stocklist/offer/bulk-offer-import';

const entry = z.object({
  line: z.number(),
  itemNumberWarehouse: z.string(),
  itemNumber: z.string(),
  warehouse: z.string(),
  description: z.string(),
  groupName: z.string(),
  groupItemName: z.string(),
  availableQuantity: z.number(),
  listPrice: z.number(),
  offerQuantity: z.number(),
  offerPrice: z.number(),
  comments: z.array(z.enum(IMPORT_COMMENTS)),
});

export const importReviewSchema = z.object({
  batchId: z.number(),
  fileName: z.string(),
  /** A tenant API without the quick order pad answers spreadsheet imports only. */
  source: z.enum(IMPORT_SOURCES).default('file'),
  createdAt: z.string(),
  expiresAt: z.string(),
  invalidOffers: z.array(
    z.object({
      line: z.number(),
      itemNumber: z.string(),
      warehouse: z.string(),
      description: z.string(),
      offerQuantity: z.string(),
      offerPrice: z.string(),
      reason: z.enum(IMPORT_REASONS),
      reasonParams: z.record(z.string(), z.union([z.string(), z.number()])),
    }),
  ),
  conflictOffers: z.array(
    entry.extend({
      existing: z.object({ offerStatus: z.enum(OFFER_STATUSES), offerQuantity: z.number(), offerPrice: z.number() }),
    }),
  ),
  validOffersMap: z.record(z.string(), z.array(entry)),
  counts: z.object({ invalid: z.number(), conflicts: z.number(), valid: z.number() }),
});
export type ImportReview = z.infer<typeof importReviewSchema>;
export const importUploadedSchema = z.object({ batchId: z.number(), rows: z.number() });
export const importAcceptedSchema = z.object({ submitted: z.number() });
export const importTextSchema = z.object({ text: z.string() });

async function failureOf(response: Response): Promise<ApiFailure> {
  const body = (await response.json().catch(() => ({}))) as {
    messageCode?: string;
    message?: string;
    params?: Record<string, string | number>;
  };
  return new ApiFailure(
    body && typeof body === 'object' && 'statusCode' in body
      ? Number((body as { statusCode: unknown }).statusCode) || response.status
      : response.status,
    body.messageCode,
    body.message,
    body.params ?? {},
  );
}

/** The bulk offer import calls of spec 1 §7. */
export const offerImportApi = {
  /** POST bulk-offer-import: the file as a multipart upload, with the file-name header. */
  upload(context: AppLoadContext, token: string, file: File) {
    return withSessionRetry(context, token, async (current) => {
      const form = new FormData();
      form.append('file', file, file.name);
      const response = await context.tenantApi(
        new Request(new URL(BASE, context.tenantApiBase), {
          method: 'POST',
          headers: {
            accept: 'application/json',
            authorization: `Bearer ${current ?? token}`,
            'file-name': encodeURIComponent(file.name.slice(0, 200)),
          },
          body: form,
        }),
      );
      if (!response.ok) throw await failureOf(response);
      return importUploadedSchema.parse(await response.json());
    });
  },

  /** POST bulk-offer-import/text: the quick order pad's lines, read by the marketplace into the import's rows. */
  uploadText: (context: AppLoadContext, token: string, text: string) =>
    callApi(context, `${BASE}/text`, { method: 'POST', token, body: { text }, schema: importUploadedSchema }),

  /** GET bulk-offer-import/text: the quick order import's lines as kept (a 404 when the import is a file's, or none). */
  keptText: (context: AppLoadContext, token: string) =>
    callApi(context, `${BASE}/text`, { token, schema: importTextSchema }),

  review: (context: AppLoadContext, token: string) => callApi(context, BASE, { token, schema: importReviewSchema }),

  /** DELETE bulk-offer-import/{itemNumberWarehouse}. */
  remove: (context: AppLoadContext, token: string, itemNumberWarehouse: string) =>
    callApi(context, `${BASE}/${encodeURIComponent(itemNumberWarehouse)}`, {
      method: 'DELETE',
      token,
      schema: z.unknown(),
    }),

  cancel: (context: AppLoadContext, token: string) =>
    callApi(context, `${BASE}/cancel`, { method: 'POST', token, schema: z.unknown() }),

  accept: (context: AppLoadContext, token: string, batchId: number, expected: number) =>
    callApi(context, `${BASE}/accept`, {
      method: 'POST',
      token,
      body: { batchId, expected },
      schema: importAcceptedSchema,
    }),

  /** The template as the tenant API streams it, with its file name. */
  template(context: AppLoadContext, token: string) {
    return withSessionRetry(context, token, async (current) => {
      const response = await context.tenantApi(
        new Request(new URL(`${BASE}/template`, context.tenantApiBase), {
          headers: {
            accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            authorization: `Bearer ${current ?? token}`,
          },
        }),
      );
      if (!response.ok || !response.body) throw await failureOf(response);
      const fileName =
        /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
        'offer-import-template.xlsx';
      return { body: response.body, fileName };
    });
  },
};
