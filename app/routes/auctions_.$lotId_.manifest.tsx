import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { ApiFailure } from '~/.server/api/client';
import { auctionsApi } from '~/.server/api/auctions';
import { requireAuctionsAccess } from '~/.server/auctions-access';
import { requireBuyer } from '~/.server/auth';
import { idTextSchema } from '~/domain/ids';

/** GET /auctions/{lot}/manifest: the lot's manifest as a spreadsheet (issue 53); a lot not visible to the buyer is a 404. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token, user } = await requireBuyer(request, context);
  requireAuctionsAccess(user);
  const lotId = idTextSchema.safeParse(params.lotId);
  if (!lotId.success) return new Response('Not Found', { status: 404 });
  try {
    const file = await auctionsApi.manifest(context, token, lotId.data);
    return new Response(file.body, {
      headers: {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-disposition': `attachment; filename="${file.fileName}"`,
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      },
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiFailure && error.status === 404) return new Response('Not Found', { status: 404 });
    context.logger.error({ err: error, lotId: lotId.data }, 'lot manifest not available');
    return redirect(`/auctions/${lotId.data}`);
  }
}
