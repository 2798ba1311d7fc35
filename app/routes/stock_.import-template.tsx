import type { LoaderFunctionArgs } from '@remix-run/node';
import { offerImportApi } from '~/.server/api/offer-import';
import { endsSession, requireBuyer, signOutOnForbidden } from '~/.server/auth';
import { redirectWithToast } from '~/.server/toast';

/** The bulk offer import template (the upload dialog's link): the tenant API's file, streamed through. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token } = await requireBuyer(request, context);
  try {
    const file = await offerImportApi.template(context, token);
    return new Response(file.body, {
      headers: {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-disposition': `attachment; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"`,
        'cache-control': 'private, no-store',
      },
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (endsSession(error)) return signOutOnForbidden(request, error);
    context.logger.error({ err: error }, 'import template failed');
    return redirectWithToast('/stock?dialog=import', { type: 'error', key: 'import.failed' });
  }
}
