/** A stored photo (a return's, a lot's), as the type its bytes were sniffed as; never run as anything else. */
export const photoResponse = (file: { contentType: string; bytes: Buffer }) =>
  new Response(new Uint8Array(file.bytes), {
    headers: {
      'content-type': file.contentType,
      'content-length': String(file.bytes.length),
      'content-disposition': 'inline',
      'cache-control': 'private, max-age=3600',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  });
