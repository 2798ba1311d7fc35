import type { LoaderFunctionArgs } from '@remix-run/node';
import { orderDocumentDownload } from '~/.server/order-document-download';

/** GET /orders/{orderNumber}/export: the order as a spreadsheet (spec 3 §2.6 Exports, §7 order export). No layout: a file. */
export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  orderDocumentDownload(request, context, params.orderNumber, { kind: 'order' });
