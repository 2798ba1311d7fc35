import type { LoaderFunctionArgs } from '@remix-run/node';
import { ApiFailure } from '~/.server/api/client';
import { auctionsApi } from '~/.server/api/auctions';
import { photoFileResponse } from '~/.server/api/photo';
import { requireAuctionsAccess } from '~/.server/auctions-access';
import { requireBuyer } from '~/.server/auth';
import { fileNotFound } from '~/.server/returns-files';
import { idTextSchema } from '~/domain/ids';

/**
 * GET /auctions/{lot}/photos/{id}: a photo the seller gave of a lot the buyer may see, streamed as
 * the image type the tenant API read from its bytes. A hidden lot's photo, or another lot's, is a 404.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token, user } = await requireBuyer(request, context);
  requireAuctionsAccess(user);
  const lotId = idTextSchema.safeParse(params.lotId ?? '');
  const photoId = idTextSchema.safeParse(params.photoId ?? '');
  if (!lotId.success || !photoId.success) return fileNotFound();
  try {
    return photoFileResponse(await auctionsApi.photo(context, token, lotId.data, photoId.data));
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiFailure && error.status === 404) return fileNotFound();
    context.logger.error({ err: error, lotId: lotId.data }, 'lot photo not available');
    return new Response('Bad Gateway', {
      status: 502,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
}
