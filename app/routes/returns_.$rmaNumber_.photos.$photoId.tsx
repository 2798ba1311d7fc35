import type { LoaderFunctionArgs } from '@remix-run/node';
import { answerPhoto } from '~/.server/api/photo';
import { returnsApi } from '~/.server/api/returns';
import { requireBuyer } from '~/.server/auth';
import { requireReturnsAccess } from '~/.server/returns-access';
import { fileNotFound, RMA_NUMBER } from '~/.server/returns-files';
import { idTextSchema } from '~/domain/ids';

/**
 * GET /returns/{rmaNumber}/photos/{id}: a photo of a unit of the buyer's own request, streamed
 * through as the image type the tenant API read from its bytes. Another buyer's photo, or a photo
 * of another request, is a 404.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token, user } = await requireBuyer(request, context);
  requireReturnsAccess(user, { file: true });
  const rmaNumber = params.rmaNumber ?? '';
  const photoId = idTextSchema.safeParse(params.photoId ?? '');
  if (!RMA_NUMBER.test(rmaNumber) || !photoId.success) return fileNotFound();
  return answerPhoto(
    context,
    returnsApi.photo(context, token, rmaNumber, photoId.data),
    { rmaNumber },
    'return photo not available',
  );
}
