import {
  createReadableStreamFromReadable,
  createRequestHandler as createRemixHandler,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type ServerBuild,
} from '@remix-run/node';
import { requestHost } from './security';
import { takeText } from './string-bodies';
import { wholeBody } from './whole-compression';
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express';

/**
 * The Remix request handler for Express, as @remix-run/express makes it, with three differences: a
 * body that the limits have already read (`res.locals.body`) is handed to Remix as it was sent,
 * instead of the request stream, which is spent by then; a header of the response replaces the one
 * the middleware set, instead of being sent beside it; and a cookie the request's loaders and actions
 * left in its context (the buyer's session, saved once: decision 042) goes with the answer.
 */
export function remixHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
  /** A cookie the request's loaders and actions left in its context to send with the answer, once they are done. */
  setCookies?: (context: AppLoadContext) => Promise<string | null>;
}) {
  const handle = createRemixHandler(options.build, options.mode);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const request = remixRequest(req, res);
      const context = options.getLoadContext(req, res);
      const response = await handle(request, context);
      // Every loader and action has finished once Remix answers (a page streams only its render).
      const cookie = await options.setCookies?.(context);
      await sendRemixResponse(res, response, cookie ?? null);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * The request's headers, but X-Forwarded-Host: Remix compares it (else Host) with the Origin of an
 * action and answers a mismatch with a 500. It gets the host refuseCrossOrigin accepted instead, or none.
 */
function remixHeaders(requestHeaders: ExpressRequest['headers'], checkedHost: string | undefined): Headers {
  const headers = new Headers();
  for (const [key, values] of Object.entries(requestHeaders)) {
    if (!values || key === 'x-forwarded-host') continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  if (checkedHost) headers.set('x-forwarded-host', checkedHost);
  return headers;
}

function remixRequest(req: ExpressRequest, res: ExpressResponse): Request {
  // req.hostname honours the trusted proxies; the port comes from the same header (requestHost).
  const [, hostPort] = requestHost(req)?.split(':') ?? [];
  const port = Number.parseInt(hostPort ?? '', 10);
  const url = new URL(
    `${req.protocol}://${req.hostname}${Number.isSafeInteger(port) && port ? `:${port}` : ''}${req.originalUrl}`,
  );
  let controller: AbortController | null = new AbortController();
  const init: RequestInit & { duplex?: 'half' } = {
    method: req.method,
    headers: remixHeaders(req.headers, res.locals.checkedHost),
    signal: controller.signal,
  };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    const read = res.locals.body;
    init.body = read ? new Uint8Array(read) : createReadableStreamFromReadable(req);
    if (!read) init.duplex = 'half';
  }
  // Abort loaders and actions once the response can no longer be written (close without finish).
  res.on('finish', () => (controller = null));
  res.on('close', () => controller?.abort());
  return new Request(url.href, init);
}

async function sendRemixResponse(res: ExpressResponse, response: Response, cookie: string | null) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  // A header the route's response names is its own: it replaces what the middleware set before (a
  // return photo's CSP and nosniff, not the page's beside them). Set-Cookie lines add up.
  for (const [key, value] of response.headers.entries()) {
    if (key === 'set-cookie') res.append(key, value);
    else res.setHeader(key, value);
  }
  if (cookie) res.append('set-cookie', cookie);
  if (response.headers.get('Content-Type')?.match(/text\/event-stream/i)) res.flushHeaders();
  const text = takeText(response);
  if (text !== null) res.end(wholeBody(res.req, res, text));
  else if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}
