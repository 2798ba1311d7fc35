import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { ApiFailure } from '~/.server/api/client';
import { returnsApi } from '~/.server/api/returns';
import { endsSession, requireBuyer, signOutOnForbidden } from '~/.server/auth';
import { requireReturnsAccess } from '~/.server/returns-access';

const RMA = /^RMA-[A-Za-z0-9-]{1,60}$/;
const notFound = () => new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

/** GET /returns/{rmaNumber}/packing-slip: the request's packing slip as a PDF, streamed through, never cached; another buyer's is a 404. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token, user } = await requireBuyer(request, context);
  requireReturnsAccess(user, { file: true });
  const rmaNumber = params.rmaNumber ?? '';
  if (!RMA.test(rmaNumber)) return notFound();
  try {
    const file = await returnsApi.packingSlip(context, token, rmaNumber);
    return new Response(file.body, {
      headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${file.fileName}"`, 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' },
    });
  } catch (error) {
    if (endsSession(error)) return signOutOnForbidden(request, error);
    if (error instanceof ApiFailure && error.status === 404) return notFound();
    context.logger.error({ err: error, rmaNumber }, 'packing slip not available');
    return redirect(`/returns/${rmaNumber}`);
  }
}
