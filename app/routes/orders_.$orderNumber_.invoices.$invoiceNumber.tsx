import type { LoaderFunctionArgs } from '@remix-run/node';
import { orderDocumentDownload } from '~/.server/order-document-download';

/** GET /orders/{orderNumber}/invoices/{invoiceNumber}: one invoice as a PDF (spec 3 §2.6 Exports, §7 invoice export). */
export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  orderDocumentDownload(request, context, params.orderNumber, {
    kind: 'invoice',
    invoiceNumber: params.invoiceNumber ?? '',
  });
