import type { LoaderFunctionArgs } from '@remix-run/node';
import { returnsApi } from '~/.server/api/returns';
import { requireBuyer } from '~/.server/auth';
import { requireReturnsAccess } from '~/.server/returns-access';
import { spreadsheetResponse } from '~/.server/spreadsheet-response';
import { redirectWithToast } from '~/.server/toast';
import { parseReturnListQuery, returnsHref } from '~/domain/returns/list-query';

/** The returns list's Export: every request its search matches, in its order, as xlsx streamed through; a failure goes back to the list with a message. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireBuyer(request, context);
  requireReturnsAccess(user, { file: true });
  const query = { ...parseReturnListQuery(new URL(request.url).searchParams), page: 1 };
  try {
    return spreadsheetResponse(await returnsApi.exportFile(context, token, query));
  } catch (error) {
    if (error instanceof Response) throw error;
    context.logger.error({ err: error }, 'returns export failed');
    return redirectWithToast(returnsHref(query), { type: 'error', key: 'returns.list.exportFailed' });
  }
}
