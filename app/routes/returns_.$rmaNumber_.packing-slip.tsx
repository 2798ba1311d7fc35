import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { ApiFailure } from '~/.server/api/client';
import { returnsApi } from '~/.server/api/returns';
import { requireBuyer } from '~/.server/auth';
import { requireReturnsAccess } from '~/.server/returns-access';
import { fileNotFound, RMA_NUMBER } from '~/.server/returns-files';

/** GET /returns/{rmaNumber}/packing-slip: the request's packing slip as a PDF, streamed through, never cached; another buyer's is a 404. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token, user } = await requireBuyer(request, context);
  requireReturnsAccess(user, { file: true });
  const rmaNumber = params.rmaNumber ?? '';
  if (!RMA_NUMBER.test(rmaNumber)) return fileNotFound();
  try {
    const file = await returnsApi.packingSlip(context, token, rmaNumber);
    return new Response(file.body, {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${file.fileName}"`,
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      },
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiFailure && error.status === 404) return fileNotFound();
    context.logger.error({ err: error, rmaNumber }, 'packing slip not available');
    return redirect(`/returns/${rmaNumber}`);
  }
}
