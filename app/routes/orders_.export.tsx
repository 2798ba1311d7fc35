import type { LoaderFunctionArgs } from '@remix-run/node';
import { ordersApi } from '~/.server/api/orders';
import { getTenantConfig } from '~/.server/api/settings';
import { requestTimeZone } from '~/.server/time-zone';
import { requireBuyer } from '~/.server/auth';
import { spreadsheetResponse } from '~/.server/spreadsheet-response';
import { redirectWithToast } from '~/.server/toast';
import { ordersHref, parseOrderListQuery } from '~/domain/orders/list-query';

/**
 * The orders list's Export (spec 3 §7 GET orders export): every order the list's search and filters match, in
 * its order, as the tenant API writes the spreadsheet, streamed through. A failure goes back to the
 * list with a message.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token } = await requireBuyer(request, context);
  const query = { ...parseOrderListQuery(new URL(request.url).searchParams), page: 1 };
  try {
    const { timeZone } = await getTenantConfig(context);
    return spreadsheetResponse(await ordersApi.exportFile(context, token, query, requestTimeZone(request, timeZone)));
  } catch (error) {
    if (error instanceof Response) throw error;
    context.logger.error({ err: error }, 'orders export failed');
    return redirectWithToast(ordersHref(query), { type: 'error', key: 'orders.list.exportFailed' });
  }
}
