import { redirect, type AppLoadContext } from '@remix-run/node';
import { ApiFailure } from './api/client';
import { orderDocumentsApi, type OrderDocumentKind } from './api/order-documents';
import { requireBuyer } from './auth';
import { ORDER_NUMBER } from '~/domain/checkout/payment';

/** Invoice numbers take what order numbers take: letters, digits and dashes. */
export const INVOICE_NUMBER = ORDER_NUMBER;

const notFound = () =>
  new Response('Not Found', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });

/**
 * One of an order's documents (the order or manifest spreadsheet, an invoice PDF) as a download
 * streamed through from the tenant API, never cached. An order or invoice that is not the buyer's
 * (or does not exist, or a manifest with no IMEI) is a 404; any other failure is logged only
 * (spec 3 §8) and the buyer is back on the order's page.
 */
export async function orderDocumentDownload(
  request: Request,
  context: AppLoadContext,
  orderNumber: string | undefined,
  document: OrderDocumentKind,
): Promise<Response> {
  const { token } = await requireBuyer(request, context);
  if (
    !orderNumber ||
    !ORDER_NUMBER.test(orderNumber) ||
    (document.kind === 'invoice' && !INVOICE_NUMBER.test(document.invoiceNumber))
  )
    return notFound();
  try {
    const file = await orderDocumentsApi.file(context, token, orderNumber, document);
    return new Response(file.body, {
      headers: {
        'content-type': file.contentType,
        'content-disposition': `attachment; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"`,
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      },
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiFailure && error.status === 404) return notFound();
    context.logger.error({ err: error, orderNumber, document: document.kind }, 'order document not available');
    return redirect(`/orders/${orderNumber}`);
  }
}
