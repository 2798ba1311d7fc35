import type { NextFunction, Request, Response } from 'express';
import { refuseTarget } from './bad-requests';

const UNRESERVED = /%(4[1-9A-F]|5[0-9A]|6[1-9A-F]|7[0-9A]|3[0-9]|2[DE]|5F|7E)/gi;

/**
 * The one spelling of a request path that every layer agrees on: backslashes read as slashes (as
 * WHATWG URLs do), percent-escapes of unreserved characters decoded (`%2e` is `.`, `%73` is `s`),
 * duplicate slashes collapsed and dot segments resolved. Case and trailing slashes are kept: they
 * are part of the name for some routes (item numbers), and the limits fold them themselves.
 */
export function normalPath(rawPath: string): string {
  const decoded = rawPath
    .replace(/\\/g, '/')
    .replace(UNRESERVED, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)));
  const segments = decoded.split('/');
  const out: string[] = [];
  for (let i = 1; i < segments.length; i++) {
    const segment = segments[i]!;
    const last = i === segments.length - 1;
    if (segment === '.' || segment === '..') {
      if (segment === '..') out.pop();
      if (last) out.push('');
      continue;
    }
    if (segment === '' && !last) continue;
    out.push(segment);
  }
  return `/${out.join('/')}`;
}

/** The path of a request target as sent (no query), or null when it is not an origin-form path. */
export function rawPathOf(url: string): string | null {
  if (!url.startsWith('/')) return null;
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

declare module 'express-serve-static-core' {
  interface Locals {
    /** The request's path in its normal spelling (see normalPath). */
    normalPath?: string;
  }
}

/** Works out the normal path once, first thing, for the layers that decide by path (the limits). */
export function notePath(req: Request, res: Response, next: NextFunction) {
  const raw = rawPathOf(req.url);
  if (raw === null) return refuseTarget(req, res, 'Bad request target.');
  res.locals.normalPath = normalPath(raw);
  next();
}

/**
 * Nothing past this point sees a path that is not in its normal spelling: a GET or HEAD is
 * redirected (308) to the normal one, anything else is a 400.
 */
export function requireNormalPath(req: Request, res: Response, next: NextFunction) {
  const raw = rawPathOf(req.url)!;
  const normal = res.locals.normalPath ?? normalPath(raw);
  if (raw === normal) return next();
  if (req.method === 'GET' || req.method === 'HEAD') {
    return res.redirect(308, normal + req.url.slice(raw.length));
  }
  refuseTarget(req, res, 'The request path is not in its normal form.');
}
