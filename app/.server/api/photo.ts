import type { AppLoadContext } from '@remix-run/node';
import { fileNotFound } from '../returns-files';
import { ApiFailure, withSessionRetry } from './client';

/** A photo the tenant API serves at `path` (a return's, a lot's): streamed, and only as the image type it read from its bytes. */
export const fetchPhoto = (context: AppLoadContext, token: string, path: string) =>
  withSessionRetry(context, token, async (current) => {
    const response = await context.tenantApi(
      new Request(new URL(path, context.tenantApiBase), {
        headers: { accept: 'image/*', authorization: `Bearer ${current ?? token}` },
      }),
    );
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { messageCode?: string; message?: string };
      throw new ApiFailure(response.status, body.messageCode, body.message);
    }
    const type = response.headers.get('content-type') ?? '';
    if (!response.body || !/^image\/(jpeg|png|webp|gif)$/.test(type))
      throw new ApiFailure(502, undefined, 'The photo came back as no image');
    return { body: response.body, type, length: response.headers.get('content-length') };
  });

/** A fetched photo as the portal answers it: its type, never sniffed or run as anything else. */
const photoFileResponse = (photo: Awaited<ReturnType<typeof fetchPhoto>>) =>
  new Response(photo.body, {
    headers: {
      'content-type': photo.type,
      ...(photo.length ? { 'content-length': photo.length } : {}),
      'cache-control': 'private, max-age=3600',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  });

/**
 * A photo route's answer: the photo as fetched; a 404 for one the buyer may not see (another
 * buyer's, another request's or lot's); a 502, logged with `about`, when the tenant API failed. An
 * ended session's sign-out goes on as thrown.
 */
export async function answerPhoto(
  context: AppLoadContext,
  fetched: Promise<Awaited<ReturnType<typeof fetchPhoto>>>,
  about: Record<string, unknown>,
  message: string,
) {
  try {
    return photoFileResponse(await fetched);
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiFailure && error.status === 404) return fileNotFound();
    context.logger.error({ err: error, ...about }, message);
    return new Response('Bad Gateway', {
      status: 502,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
}
