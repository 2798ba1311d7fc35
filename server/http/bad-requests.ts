import type { Socket } from 'node:net';
import type { NextFunction, Request, Response } from 'express';
import onHeaders from 'on-headers';

/**
 * A 400 for a request target no layer may read. Under the tenant API it is the API's JSON error body
 * (docs/tenant-api.md promises JSON errors; the marketplace's own `refuseBadPaths` answers the same).
 */
export function refuseTarget(req: Request, res: Response, message: string) {
  if (req.originalUrl.startsWith('/px-api-gateway/'))
    return res.status(400).json({ statusCode: 400, messageCode: 'badPath', message, params: {} });
  return res.status(400).type('text/plain').send(message);
}

/**
 * A URL that does not decode (a lone `%`, an encoded surrogate) or carries a NUL is a 400 here,
 * before any router or loader tries to decode it.
 */
export function refuseUndecodableUrls(req: Request, res: Response, next: NextFunction) {
  if (decodesCleanly(req.originalUrl)) return next();
  refuseTarget(req, res, 'Bad request: the address is not valid.');
}

function decodesCleanly(url: string): boolean {
  try {
    return !decodeURIComponent(url).includes('\u0000');
  } catch {
    return false;
  }
}

/**
 * Remix's data requests from before single fetch (`?_data=<route id>`), which no page of ours makes
 * any more (a navigation asks `/path.data`). Remix 2 still serves them, but it runs the action, answers
 * an empty 200 for what an action returns with data(), and logs each as an error: a 400 here instead.
 */
export function refuseLegacyDataRequests(req: Request, res: Response, next: NextFunction) {
  const query = req.originalUrl.indexOf('?');
  if (query < 0 || !new URLSearchParams(req.originalUrl.slice(query)).has('_data')) return next();
  refuseTarget(req, res, 'Bad request: data is asked for at the page address ending in .data.');
}

/** Errors that carry a client status (a body too large, a malformed header) keep it; the rest are 500s with no detail. */
export function clientErrorStatus(error: unknown): number {
  const status =
    (error as { status?: unknown; statusCode?: unknown } | null)?.status ??
    (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : 500;
}

/** How long, and how much, a refused body is still read and dropped after the answer, before the connection is cut. */
const LINGER_MS = 2_000;
const LINGER_BYTES = 64 * 1024 * 1024;

/**
 * An answer that goes out before the request's body was read (a 413, a refusal or a redirect that
 * did not need it) closes the connection: the rest of the body would otherwise be read as the next
 * request, or the connection dropped under a client told to keep it. After the answer the socket
 * closes its sending side and drops what the client still sends, for a short while (a "lingering
 * close"), so that the client reads the answer before the connection ends instead of a reset.
 */
export function closeWhenBodyUnread(req: Request, res: Response, next: NextFunction) {
  onHeaders(res, () => {
    if (req.complete && res.statusCode !== 413) return;
    res.setHeader('Connection', 'close');
    lingerOnClose(req);
  });
  next();
}

function lingerOnClose(req: Request) {
  const socket = req.socket as Socket & { lingering?: true };
  if (socket.lingering) return;
  socket.lingering = true;
  // Node ends a `Connection: close` response with destroySoon(), which closes the socket with the
  // unread body still queued: the kernel answers that with a reset, and the client may lose the answer.
  socket.destroySoon = function destroySoon() {
    if (this.writable) this.end();
    const cut = () => this.destroy();
    const timer = setTimeout(cut, LINGER_MS);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
    if (req.complete) return void (this.writableFinished ? cut() : this.once('finish', cut));
    // Whoever was reading the body (a stream nobody reads any more) is let go; the rest is dropped.
    let dropped = 0;
    req.removeAllListeners('data');
    req.on('data', (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > LINGER_BYTES) cut();
    });
    req.once('end', cut);
    req.once('error', cut);
    req.resume();
  };
}
