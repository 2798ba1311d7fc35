import type { LoaderFunctionArgs } from '@remix-run/node';
import { offerImportApi } from '~/.server/api/offer-import';
import { requireBuyer } from '~/.server/auth';
import { spreadsheetResponse } from '~/.server/spreadsheet-response';
import { redirectWithToast } from '~/.server/toast';

/** The bulk offer import template (the upload dialog's link): the tenant API's file, streamed through. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token } = await requireBuyer(request, context);
  try {
    const file = await offerImportApi.template(context, token);
    return spreadsheetResponse(file);
  } catch (error) {
    if (error instanceof Response) throw error;
    context.logger.error({ err: error }, 'import template failed');
    return redirectWithToast('/stock?dialog=import', { type: 'error', key: 'import.failed' });
  }
}
