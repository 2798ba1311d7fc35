import type { NextFunction, Request, Response } from 'express';

/**
 * A URL that does not decode (a lone `%`, an encoded surrogate) or carries a NUL is a 400 here,
 * before any router or loader tries to decode it.
 */
export function refuseUndecodableUrls(req: Request, res: Response, next: NextFunction) {
  let decoded: string;
  try {
    decoded = decodeURIComponent(req.originalUrl);
  } catch {
    return res.status(400).type('text/plain').send('Bad request: the address is not valid.');
  }
  if (decoded.includes('\u0000')) return res.status(400).type('text/plain').send('Bad request: the address is not valid.');
  next();
}

/** Errors that carry a client status (a body too large, a malformed header) keep it; the rest are 500s with no detail. */
export function clientErrorStatus(error: unknown): number {
  const status = (error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : 500;
}
