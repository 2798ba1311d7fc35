import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import onHeaders from 'on-headers';
import type { ContentSources } from '../../app/domain/content-sources';

/** A fresh CSP nonce per request, for the scripts and styles the server renders. */
export function cspNonce(_req: Request, res: Response, next: NextFunction) {
  res.locals.cspNonce = randomBytes(16).toString('base64');
  next();
}

export interface SecurityOptions {
  /** The Vite dev server's hot-reload websocket (`npm run dev` only). */
  dev: boolean;
  /** SECURE_COOKIES: 'true' always Secure, 'false' never, 'auto' when the request came over TLS. */
  secureCookies: 'auto' | 'true' | 'false';
  /** Other sites a form may lead to (a payment provider's approve page after a redirect). */
  formActionOrigins?: string[];
}

/** Whether this request is one the site answers over TLS (req.secure honours only trusted proxies). */
export function isSecureRequest(req: Request, options: Pick<SecurityOptions, 'secureCookies'>): boolean {
  if (options.secureCookies === 'true') return true;
  if (options.secureCookies === 'false') return false;
  return req.secure;
}

declare module 'express-serve-static-core' {
  interface Locals {
    /** The other sites the tenant's pages may load images, fonts and frames from (tenantContentSources). */
    contentSources?: ContentSources;
  }
}

const NO_SOURCES: ContentSources = { img: [], font: [], frame: [] };

/**
 * Reads the hosts the tenant's configuration names (kept with the configuration) for the CSP below;
 * when the configuration cannot be read, none: the pages load images, fonts and frames from this
 * site only.
 */
export function tenantContentSources(load: () => Promise<ContentSources>) {
  return async function contentSourcesOf(_req: Request, res: Response, next: NextFunction) {
    res.locals.contentSources = await load().catch(() => NO_SOURCES);
    next();
  };
}

/** A directive's list: this site's own sources, then the tenant's hosts of that kind. */
const sourcesOf =
  (kind: keyof ContentSources, own: string[]) =>
  (_req: unknown, res: unknown): string =>
    [...own, ...((res as Response).locals.contentSources?.[kind] ?? [])].join(' ');

/**
 * The browser features no page here uses, off for the page and anything it frames (OWASP's Secure
 * Headers list). The payment provider's page opens in its own window, so `payment` is off too.
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'sync-xhr=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

export function securityHeaders(options: SecurityOptions) {
  const nonce = (_req: unknown, res: unknown) => `'nonce-${(res as Response).locals.cspNonce}'`;
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        // 'strict-dynamic': browsers that know it trust only nonce'd scripts (and what they load),
        // whatever else is listed; 'self' remains for those that do not.
        'script-src': ["'self'", nonce, "'strict-dynamic'"],
        'style-src': ["'self'", nonce],
        // The tenant's own hosts, not every https site (tenantContentSources).
        'img-src': [sourcesOf('img', ["'self'", 'data:'])],
        'font-src': [sourcesOf('font', ["'self'", 'data:'])],
        'frame-src': [sourcesOf('frame', ["'self'"])],
        'connect-src': ["'self'", ...(options.dev ? ['ws:'] : [])],
        'form-action': ["'self'", ...(options.formActionOrigins ?? [])],
        'frame-ancestors': ["'self'"],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // 'no-referrer' would make browsers send `Origin: null` on same-site form posts.
    referrerPolicy: { policy: 'same-origin' },
    // sent below, and only over TLS
    strictTransportSecurity: false,
  });
  return function security(req: Request, res: Response, next: NextFunction) {
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    if (isSecureRequest(req, options))
      res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    headers(req, res, next);
  };
}

/**
 * Every cookie of a request that came over TLS is Secure, whoever set it (the portal's session and
 * toast cookies, the tenant API's): `; Secure` is added to each Set-Cookie that lacks it.
 */
export function secureCookies(options: Pick<SecurityOptions, 'secureCookies'>) {
  return function secureCookieHeaders(req: Request, res: Response, next: NextFunction) {
    if (isSecureRequest(req, options)) {
      onHeaders(res, () => {
        const current = res.getHeader('set-cookie');
        if (current === undefined) return;
        const lines = Array.isArray(current) ? current : [String(current)];
        res.setHeader(
          'set-cookie',
          lines.map((line) => (/;\s*secure\s*(;|$)/i.test(line) ? line : `${line}; Secure`)),
        );
      });
    }
    next();
  };
}

/**
 * Pages, data and API answers are never stored by browsers or shared caches (a signed-in page must
 * not come back from the cache after sign-out, or to the next user of the machine). Mounted after
 * the static files, which keep their own caching; a response that sets its own Cache-Control keeps it.
 */
export function noStore(_req: Request, res: Response, next: NextFunction) {
  onHeaders(res, () => {
    if (!res.getHeader('cache-control')) res.setHeader('Cache-Control', 'no-store');
  });
  next();
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What the browser says a request came from. */
export interface RequestSource {
  /** Sec-Fetch-Site. */
  site: string | undefined;
  /** Origin. */
  origin: string | undefined;
}

/**
 * Whether a state-changing request may come from where it says: each header a browser sent must
 * name this origin by itself (Sec-Fetch-Site same-origin, or none for what the user did directly;
 * an Origin of this scheme and host, nothing more). One header cannot vouch for the other, so a
 * same-origin Sec-Fetch-Site beside a foreign Origin is refused. Clients that send neither (the
 * tenant API's, with bearer tokens) are let through.
 */
export function isSameOriginRequest(
  { site, origin }: RequestSource,
  self: { scheme: string; host: string | undefined },
): boolean {
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  if (origin === undefined) return true;
  if (!self.host) return false;
  try {
    // Compared as text with this site's origin as browsers write it: "null", a path or a port
    // written out where it is the default are not this origin.
    return origin === new URL(`${self.scheme}//${self.host}`).origin;
  } catch {
    // an unparsable Host
    return false;
  }
}

/**
 * The host the client addressed: X-Forwarded-Host (its first value, as Express's req.hostname reads
 * it) when the request came through a proxy TRUST_PROXY names, else the Host header. A client's own
 * X-Forwarded-Host is not believed.
 */
export function requestHost(req: Request): string | undefined {
  const forwarded = req.get('x-forwarded-host');
  const trust = req.app.get('trust proxy fn') as (address: string | undefined, hop: number) => boolean;
  if (forwarded && trust(req.socket.remoteAddress, 0)) return forwarded.split(',')[0]!.trim() || undefined;
  return req.get('host');
}

declare module 'express-serve-static-core' {
  interface Locals {
    /** The host a state-changing request was checked against (refuseCrossOrigin), as URLs write it. */
    checkedHost?: string;
  }
}

/**
 * Refuses state-changing requests from another site (see isSameOriginRequest), compared with the
 * host the client addressed (requestHost). The scheme is the request's, as trusted proxies report
 * it; https when SECURE_COOKIES=true. The host a request passed with is kept for Remix, whose own
 * check compares the Origin with X-Forwarded-Host or Host as sent and throws (a 500) when they differ.
 */
export function refuseCrossOrigin(options: Pick<SecurityOptions, 'secureCookies'>) {
  return function crossOrigin(req: Request, res: Response, next: NextFunction) {
    if (SAFE_METHODS.has(req.method)) return next();
    const scheme = options.secureCookies === 'true' ? 'https:' : `${req.protocol}:`;
    const source = { site: req.get('sec-fetch-site'), origin: req.get('origin') };
    const host = requestHost(req);
    if (!isSameOriginRequest(source, { scheme, host })) return refuse(res);
    if (source.origin !== undefined) res.locals.checkedHost = new URL(source.origin).host;
    return next();
  };
}

function refuse(res: Response) {
  res.status(403).type('text/plain').send('Cross-origin requests are not allowed.');
}
