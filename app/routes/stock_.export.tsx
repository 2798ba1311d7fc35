import type { LoaderFunctionArgs } from '@remix-run/node';
import { stockApi } from '~/.server/api/stock';
import { requireBuyer } from '~/.server/auth';
import { participantsInView } from '~/.server/network-view';
import { spreadsheetResponse } from '~/.server/spreadsheet-response';
import { redirectWithToast } from '~/.server/toast';
import { parseStockQuery, stockSearch } from '~/domain/stock/query';
import { participantOfGroup } from '~/domain/stock/warehouse-groups';

/**
 * The EXPORT menu's download (spec 1 §7): 'Export All Items' sends only includeOutOfStock false;
 * the filtered export sends the list's filters, with the participant of the chosen group. The file
 * streams through as the tenant API writes it.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token } = await requireBuyer(request, context);
  const params = new URL(request.url).searchParams;
  const query = parseStockQuery(params);
  try {
    const participants = await participantsInView(context, token);
    const participant = participantOfGroup(participants, query.warehouseGroup);
    const file =
      params.get('scope') === 'filtered' && query.warehouseGroup && participant
        ? await stockApi.exportFile(context, token, participant.pxnParticipantId, {
            includeOutOfStock: query.includeOutOfStock,
            filters: {
              category: query.category,
              warehouseGroup: query.warehouseGroup,
              warehouse: query.warehouses,
              ...query.filters,
            },
            // The buyer's search and sort (issue 37): the file holds what the list shows, in its order.
            ...(query.q ? { q: query.q } : {}),
            ...(query.sort ? { sort: query.sort } : {}),
          })
        : await stockApi.exportFile(context, token, null, { includeOutOfStock: false });
    return spreadsheetResponse(file);
  } catch (error) {
    if (error instanceof Response) throw error;
    context.logger.error({ err: error }, 'stock export failed');
    return redirectWithToast(`/stock?${stockSearch(query)}`, { type: 'error', key: 'stock.exportFailed' });
  }
}
