import type { AppLoadContext } from '@remix-run/node';
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
export const photoFileResponse = (photo: Awaited<ReturnType<typeof fetchPhoto>>) =>
  new Response(photo.body, {
    headers: {
      'content-type': photo.type,
      ...(photo.length ? { 'content-length': photo.length } : {}),
      'cache-control': 'private, max-age=3600',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  });
