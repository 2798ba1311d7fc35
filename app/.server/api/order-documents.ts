import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import type { ManifestSummary } from '~/domain/orders/exports';
import { ApiFailure, callApi, withSessionRetry } from './client';

export type { ManifestSummary };

/** GET manifest summary (spec 3 §3): whether the manifest has IMEIs, the invoice numbers, the tracking numbers. */
export const manifestSummarySchema: z.ZodType<ManifestSummary> = z.object({
  imeiAvailable: z.boolean(),
  invoiceNumbers: z.array(z.string().regex(/^[A-Za-z0-9-]{1,40}$/)),
  trackingNumbers: z.array(z.string()),
});

/** A document as the tenant API sent it: its body to stream on, its type and the file name it gave it. */
export interface OrderDocumentFile {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  fileName: string;
}

export type OrderDocumentKind = { kind: 'order' } | { kind: 'manifest' } | { kind: 'invoice'; invoiceNumber: string };

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PDF = 'application/pdf';

function documentPath(orderNumber: string, document: OrderDocumentKind) {
  const base = `/px-api-gateway/orders/${encodeURIComponent(orderNumber)}`;
  switch (document.kind) {
    case 'order':
      return { path: `${base}/export`, type: XLSX, fallback: `order-${orderNumber}.xlsx` };
    case 'manifest':
      return { path: `${base}/manifest`, type: XLSX, fallback: `manifest-${orderNumber}.xlsx` };
    case 'invoice':
      return {
        path: `${base}/invoices/${encodeURIComponent(document.invoiceNumber)}`,
        type: PDF,
        fallback: `invoice-${document.invoiceNumber}.pdf`,
      };
  }
}

async function documentOnce(
  context: AppLoadContext,
  token: string,
  orderNumber: string,
  document: OrderDocumentKind,
): Promise<OrderDocumentFile> {
  const { path, type, fallback } = documentPath(orderNumber, document);
  let response: Response;
  try {
    response = await context.tenantApi(
      new Request(new URL(path, context.tenantApiBase), {
        headers: { accept: type, authorization: `Bearer ${token}` },
      }),
    );
  } catch (error) {
    context.logger.error({ err: error, path }, 'tenant API unreachable');
    throw new ApiFailure(503, undefined, undefined);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { messageCode?: string; message?: string };
    throw new ApiFailure(response.status, body.messageCode, body.message);
  }
  if (!response.body) throw new ApiFailure(502, undefined, 'The document came back empty');
  const fileName = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
  // Only the type this document has is passed on (never one the answer chose, such as HTML).
  return { body: response.body, contentType: type, fileName };
}

/** An order's documents (spec 3 §7): its manifest summary, and the order, manifest and invoice exports as files. */
export const orderDocumentsApi = {
  manifestSummary: (context: AppLoadContext, token: string, orderNumber: string) =>
    callApi(context, `/px-api-gateway/orders/${encodeURIComponent(orderNumber)}/manifest-summary`, {
      token,
      schema: manifestSummarySchema,
    }),

  /** One document of the order, streamed as the tenant API sends it; a 401 refreshes the session once. */
  file: (context: AppLoadContext, token: string, orderNumber: string, document: OrderDocumentKind) =>
    withSessionRetry(context, token, (current) => documentOnce(context, current ?? token, orderNumber, document)),
};

/**
 * What the order details page needs for its Exports block: the manifest summary, or null when it
 * could not be read (spec 3 §8: manifest failures are logged only, and the page shows no manifest
 * or invoices). A 401 or 403 still ends the session as everywhere else (the client throws its answer).
 */
export async function loadOrderExports(
  context: AppLoadContext,
  token: string,
  orderNumber: string,
): Promise<{ manifestSummary: ManifestSummary | null }> {
  try {
    return { manifestSummary: await orderDocumentsApi.manifestSummary(context, token, orderNumber) };
  } catch (error) {
    if (error instanceof Response) throw error;
    context.logger.error({ err: error, orderNumber }, 'manifest summary not available');
    return { manifestSummary: null };
  }
}
