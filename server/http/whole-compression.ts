import zlib from 'node:zlib';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';

/** The compression middleware's threshold: smaller bodies go as they are. */
const SMALLEST = 1024;
/** Larger bodies go through the middleware's stream, so one response never holds the thread long. */
const LARGEST = 1024 * 1024;
/**
 * The highest of zlib's quick levels (1-3 take the first match found, not the longest): the 50 KB
 * stock page gzips in 0.11 ms instead of 0.30 ms at the default level 6, to 8.7 KB instead of 8.2 KB,
 * in a loop of its own. In the server each call's zlib state is fresh memory: scripts/serve.sh keeps
 * it from going back to the system between pages (decision 010).
 */
const GZIP_LEVEL = 3;
const COMPRESSIBLE = /^\s*(text\/|application\/(json|javascript|xml)|[a-z]+\/[a-z0-9.+-]*\+(json|xml))/i;

/**
 * The bytes to send for a page or answer the process holds whole as a string, with their length:
 * gzipped in one call on this thread when the client takes gzip, else its UTF-8 (another encoding
 * the client asks for is left to the compression middleware, which drops the length when it
 * encodes). Through the middleware's stream the same body went to the thread pool in pieces and
 * came back through the event loop for each: about 1 ms more on a 50 KB stock page, 0.3 ms on a
 * bare one. As bytes, the string is also encoded once, not measured and encoded again by the
 * middleware and by Node's HTTP writer.
 */
export function wholeBody(req: ExpressRequest, res: ExpressResponse, text: string): Buffer | string {
  if (res.statusCode === 204 || res.statusCode === 304) return text;
  const bytes = Buffer.from(text, 'utf8');
  if (gzips(req, res, bytes)) {
    const gzipped = zlib.gzipSync(bytes, { level: GZIP_LEVEL });
    res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Content-Length', gzipped.length);
    return gzipped;
  }
  res.setHeader('Content-Length', bytes.length);
  return bytes;
}

function gzips(req: ExpressRequest, res: ExpressResponse, bytes: Buffer): boolean {
  if (req.method === 'HEAD' || res.getHeader('Content-Encoding') !== undefined) return false;
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(res.getHeader('Cache-Control') ?? ''))) return false;
  if (!COMPRESSIBLE.test(String(res.getHeader('Content-Type') ?? ''))) return false;
  res.vary('Accept-Encoding');
  return bytes.length >= SMALLEST && bytes.length <= LARGEST && req.acceptsEncodings('gzip', 'identity') === 'gzip';
}
