import type { LoaderFunctionArgs } from '@remix-run/node';
import { orderDocumentDownload } from '~/.server/order-document-download';

/** GET /orders/{orderNumber}/manifest: the shipped units with their IMEIs as a spreadsheet (spec 3 §2.6 Exports, §7 manifest export). */
export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  orderDocumentDownload(request, context, params.orderNumber, { kind: 'manifest' });
