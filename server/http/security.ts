import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

/** A fresh CSP nonce per request, for the scripts and styles the server renders. */
export function cspNonce(_req: Request, res: Response, next: NextFunction) {
  res.locals.cspNonce = randomBytes(16).toString('base64');
  next();
}

export const securityHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: true,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`],
      'style-src': ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`],
      'img-src': ["'self'", 'data:', 'https:'],
      'frame-src': ["'self'", 'https:'],
      'connect-src': ["'self'", ...(process.env.NODE_ENV === 'production' ? [] : ['ws:'])],
      'form-action': ["'self'"],
      'frame-ancestors': ["'self'"],
      'upgrade-insecure-requests': null,
    },
  },
  crossOriginEmbedderPolicy: false,
  // 'no-referrer' would make browsers send `Origin: null` on same-site form posts.
  referrerPolicy: { policy: 'same-origin' },
  strictTransportSecurity: process.env.SECURE_COOKIES === 'true',
});

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests from another site: the browser's Sec-Fetch-Site, or else the
 * Origin header, must name this host. Non-browser API clients send neither and use bearer tokens.
 */
export function refuseCrossOrigin(req: Request, res: Response, next: NextFunction) {
  if (SAFE_METHODS.has(req.method)) return next();
  const site = req.get('sec-fetch-site');
  if (site) return site === 'same-origin' || site === 'none' ? next() : refuse(res);
  const origin = req.get('origin');
  if (origin === undefined) return next();
  try {
    if (origin !== 'null' && new URL(origin).host === req.get('host')) return next();
  } catch {
    // an unparsable Origin is refused below
  }
  return refuse(res);
}

function refuse(res: Response) {
  res.status(403).type('text/plain').send('Cross-origin requests are not allowed.');
}
