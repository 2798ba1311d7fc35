import type { LoaderFunctionArgs } from '@remix-run/node';
import { auctionsApi } from '~/.server/api/auctions';
import { answerPhoto } from '~/.server/api/photo';
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
  return answerPhoto(
    context,
    auctionsApi.photo(context, token, lotId.data, photoId.data),
    { lotId: lotId.data },
    'lot photo not available',
  );
}
