import { Hono } from 'hono';
import type { MarketplaceEnv } from '../context';
import type { DocumentFile, OrderDocuments } from '../services/orders/order-documents';

const orderNumber = '/:orderNumber{[A-Za-z0-9-]{1,40}}';
const invoiceNumber = '/:invoiceNumber{[A-Za-z0-9-]{1,40}}';

/** A document as a download that is never cached (it holds the buyer's order). */
const download = (file: DocumentFile) =>
  new Response(new Uint8Array(file.body), {
    headers: {
      'content-type': file.contentType,
      'content-disposition': `attachment; filename="${file.fileName}"`,
      'content-length': String(file.body.length),
      'cache-control': 'private, no-store',
    },
  });

/** An order's documents (spec 3 §7): manifest summary, order export, manifest export, invoice export; the signed-in buyer's orders only. */
export function orderDocumentRoutes(documents: OrderDocuments) {
  return new Hono<MarketplaceEnv>()
    .get(`/orders${orderNumber}/manifest-summary`, async (c) =>
      c.json(await documents.manifestSummary(c.get('user'), c.req.param('orderNumber'))),
    )
    .get(`/orders${orderNumber}/export`, async (c) =>
      download(await documents.orderExport(c.get('user'), c.req.param('orderNumber'))),
    )
    .get(`/orders${orderNumber}/manifest`, async (c) =>
      download(await documents.manifestExport(c.get('user'), c.req.param('orderNumber'))),
    )
    .get(`/orders${orderNumber}/invoices${invoiceNumber}`, async (c) =>
      download(await documents.invoicePdf(c.get('user'), c.req.param('orderNumber'), c.req.param('invoiceNumber'))),
    );
}
