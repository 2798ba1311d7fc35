import net from 'node:net';
import type { NextFunction, Request, Response } from 'express';
import onHeaders from 'on-headers';
import { cookieValue } from '../../app/domain/cookie-header';
import { DEVICE_COOKIE, DEVICE_HEADER, type DeviceTokens } from './device-tokens';
import { memoryLimitStore, type LimitEntry, type LimitStore } from './limit-store';

/**
 * Limits on what can be guessed at: sign-in, new password and password reset, both the portal's
 * forms and the tenant API's identity calls.
 *
 * - Per client address (`req.ip`, which follows X-Forwarded-For only from the proxies TRUST_PROXY
 *   names; IPv6 by /64): `perAddress` attempts in 5 minutes.
 * - Per account (the e-mail, trimmed and case-folded): after `perAccount` failed attempts, each next
 *   attempt has to wait longer (30 s, doubling, at most an hour) after the last one; a success
 *   clears it. Every attempt counts as a failure until it has succeeded, so parallel guesses do not
 *   slip through while the first are still being checked.
 * - Per device: an attempt that presents a device token for its account (./device-tokens: the
 *   `__device` cookie or the X-Device-Token header, given after an earlier success) is counted by
 *   the same rule against that device instead of the account, so strangers who hold the account
 *   back do not hold back its owner's browser; a device that fails too often waits in turn. A
 *   success on a sign-in or a reset gives (or renews) the token: a cookie to the portal's forms, the
 *   X-Device-Token header to the tenant API.
 *
 * Requests are classified by their normal path (see ./paths), case-folded and without trailing
 * slashes, and every method but GET, HEAD and OPTIONS counts (Remix runs actions for PUT, PATCH and
 * DELETE too). The body of a limited request is read here once (bounded) and handed on unchanged:
 * to Remix through `res.locals.body`, to the tenant API through `req.rawBody`.
 *
 * The counts live in a store (./limit-store): this process's memory, or the database that every
 * replica shares (./postgres-limit-store). An attempt's outcome is settled when its answer goes out;
 * in the database that lands a moment after the client has the answer.
 */

const ADDRESS_WINDOW_MS = 5 * 60 * 1000;
const ACCOUNT_FIRST_WAIT_MS = 30 * 1000;
const ACCOUNT_LONGEST_WAIT_MS = 60 * 60 * 1000;
/** Failures older than this are forgotten. */
const ACCOUNT_MEMORY_MS = 24 * 60 * 60 * 1000;
const MAX_BODY_BYTES = 64 * 1024;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Which guessable call a request is, by its normal path. */
export type AuthCall =
  'portal-sign-in' | 'portal-reset' | 'api-sign-in' | 'api-forgot-password' | 'api-reset-password' | 'api-identity';

export function authCallOf(normalPath: string): AuthCall | null {
  const path = normalPath.toLowerCase().replace(/\/+$/, '') || '/';
  if (path === '/') return 'portal-sign-in';
  if (path === '/reset-password') return 'portal-reset';
  if (path === '/px-api-gateway/identity/sign-in') return 'api-sign-in';
  if (path === '/px-api-gateway/identity/forgot-password') return 'api-forgot-password';
  if (path === '/px-api-gateway/identity/reset-password') return 'api-reset-password';
  if (path === '/px-api-gateway/identity' || path.startsWith('/px-api-gateway/identity/')) return 'api-identity';
  return null;
}

/** An account's key: the e-mail as the identity service would find it, whatever its spelling. */
export function accountKey(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase();
}

/** A client's key: its address, or its /64 for IPv6 (one host easily holds a whole /64). */
export function addressKey(ip: string | undefined): string {
  const address = (ip ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  if (net.isIPv6(address)) {
    const [head = '', tail = ''] = address.split('::');
    const left = head ? head.split(':') : [];
    const right = tail ? tail.split(':') : [];
    const full = address.includes('::')
      ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
      : left;
    return `${full
      .slice(0, 4)
      .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
      .join(':')}::/64`;
  }
  return address || 'unknown';
}

/** The wait an account owes after this many failures: none for the free ones, then doubling. */
function accountDelay(failures: number, freeFailures: number): number {
  if (failures < freeFailures) return 0;
  return Math.min(ACCOUNT_FIRST_WAIT_MS * 2 ** Math.min(failures - freeFailures, 20), ACCOUNT_LONGEST_WAIT_MS);
}

/**
 * An account's entry: `count` failures, `until` when its next attempt may come, `expiresAt` a day
 * after its last attempt (so the last attempt is `expiresAt` less that day).
 */
function accountEntry(failures: number, last: number, freeFailures: number): LimitEntry {
  return { count: failures, until: last + accountDelay(failures, freeFailures), expiresAt: last + ACCOUNT_MEMORY_MS };
}

/** The failures of one account (`account:<key>`) or one device on an account (`device:<id>`). */
class FailureLimit {
  constructor(
    private readonly store: LimitStore,
    private readonly freeFailures: number,
  ) {}

  /**
   * An attempt starts unless the account or device must still wait: answers that wait in ms, or 0
   * once the attempt counts as a failure until it is known to have succeeded.
   */
  async begin(key: string, now: number): Promise<number> {
    let wait = 0;
    await this.store.update(key, now, (entry) => {
      wait = entry ? Math.max(0, entry.until - now) : 0;
      return wait > 0 ? entry : accountEntry((entry?.count ?? 0) + 1, now, this.freeFailures);
    });
    return wait;
  }

  succeeded(key: string, now: number) {
    return this.store.update(key, now, () => null);
  }

  /** The attempt could not be decided (the server failed): it does not count. */
  undecided(key: string, now: number) {
    return this.store.update(
      key,
      now,
      (entry) =>
        entry && accountEntry(Math.max(0, entry.count - 1), entry.expiresAt - ACCOUNT_MEMORY_MS, this.freeFailures),
    );
  }
}

declare module 'express-serve-static-core' {
  interface Locals {
    /** The request body, already read by the limits; the Remix handler builds its request from it. */
    body?: Buffer;
  }
}

export interface AuthLimitOptions {
  /** Attempts per client address in 5 minutes. */
  perAddress: number;
  /** Failed attempts per account before each next one has to wait. */
  perAccount: number;
  /** Where the counts live: this process by default; the shared database when replicas share one. */
  store?: LimitStore;
  /** A count that could not be settled after the answer went out (the store failed). */
  onStoreError?: (error: unknown) => void;
  /** Device tokens (signed with the session secret); without them every attempt counts on its account. */
  devices?: DeviceTokens;
}

export function authLimits(options: AuthLimitOptions) {
  const store = options.store ?? memoryLimitStore();
  const failures = new FailureLimit(store, options.perAccount);
  const devices = options.devices;
  const reportError = options.onStoreError ?? (() => {});

  return async function authLimit(req: Request, res: Response, next: NextFunction) {
    if (SAFE_METHODS.has(req.method)) return next();
    const call = authCallOf(res.locals.normalPath ?? req.path);
    if (!call) return next();
    const now = Date.now();
    let window: LimitEntry;
    try {
      window = await store.hit(`address:${addressKey(req.ip)}`, ADDRESS_WINDOW_MS, now);
    } catch (error) {
      return next(error);
    }
    if (window.count > options.perAddress) return tooMany(res, call, window.until - now);
    if (call === 'api-identity') return next();

    let body: Buffer;
    try {
      body = await readBody(req);
    } catch (error) {
      if (error instanceof TooLarge) return res.status(413).type('text/plain').send('Request body too large.');
      return next(error);
    }
    res.locals.body = body;
    (req as Request & { rawBody?: Buffer }).rawBody = body;

    const { emails, decides } = await readAttempt(call, req.get('content-type'), body);
    const keys = [...new Set(emails.map(accountKey))].filter(Boolean);
    const presented = devices
      ? devices.read([cookieValue(req.get('cookie'), DEVICE_COOKIE), req.get(DEVICE_HEADER)], now)
      : [];
    // Each account's attempts count on the device the request presents for it, else on the account.
    const limitKeys = keys.map((key) => {
      const device = devices?.deviceFor(presented, key);
      return device ? `device:${device}` : `account:${key}`;
    });
    // One step per key, so a request naming two of which one must wait counts on the other.
    const waits: number[] = [];
    try {
      for (const key of limitKeys) waits.push(await failures.begin(key, now));
    } catch (error) {
      return next(error);
    }
    const accountWait = Math.max(0, ...waits);
    if (accountWait > 0) return tooMany(res, call, accountWait);
    if (devices && keys.length === 1 && GIVES_DEVICE_TOKEN.has(call)) {
      onHeaders(res, () => {
        if (decides(res.statusCode) !== 'success') return;
        const token = devices.issue(presented, keys[0]!, Date.now());
        if (call.startsWith('api-')) res.setHeader(DEVICE_HEADER, token);
        else appendCookie(res, devices.cookie(token));
      });
    }
    if (limitKeys.length) {
      res.on('finish', () => {
        const outcome = decides(res.statusCode);
        const settled = Date.now();
        for (const key of limitKeys) {
          if (outcome === 'success') failures.succeeded(key, settled).catch(reportError);
          else if (outcome === 'undecided') failures.undecided(key, settled).catch(reportError);
        }
      });
    }
    next();
  };
}

type Outcome = 'success' | 'failure' | 'undecided';

/** The calls whose success proves the password or the e-mailed code (a code request proves nothing). */
const GIVES_DEVICE_TOKEN = new Set<AuthCall>(['portal-sign-in', 'portal-reset', 'api-sign-in', 'api-reset-password']);

function appendCookie(res: Response, line: string) {
  const current = res.getHeader('set-cookie');
  const lines = current === undefined ? [] : Array.isArray(current) ? current : [String(current)];
  res.setHeader('set-cookie', [...lines, line]);
}

/**
 * The e-mails an attempt names, read as the route reads them (Remix: the request's formData, every
 * value of `email`; the tenant API: the JSON body's `email`), and how its status tells the outcome.
 */
async function readAttempt(
  call: AuthCall,
  contentType: string | undefined,
  body: Buffer,
): Promise<{ emails: string[]; decides: (status: number) => Outcome }> {
  const byStatus = (status: number): Outcome => (status >= 500 ? 'undecided' : status < 400 ? 'success' : 'failure');
  const always = (status: number): Outcome => (status >= 500 ? 'undecided' : 'failure');
  if (call === 'portal-sign-in' || call === 'portal-reset') {
    let form: FormData;
    try {
      form = await new Request('http://portal/', {
        method: 'POST',
        headers: contentType ? { 'content-type': contentType } : {},
        body: new Uint8Array(body),
      }).formData();
    } catch {
      // not a form: the route cannot read it either
      return { emails: [], decides: always };
    }
    const emails = form.getAll('email').filter((v): v is string => typeof v === 'string');
    const intent = form.get('intent');
    if (call === 'portal-reset' && intent === 'send-code') return { emails, decides: always };
    return { emails, decides: byStatus };
  }
  let json: unknown;
  try {
    json = await new Response(new Uint8Array(body)).json();
  } catch {
    return { emails: [], decides: always };
  }
  const email = json && typeof json === 'object' && 'email' in json ? (json as { email: unknown }).email : undefined;
  const emails = typeof email === 'string' ? [email] : [];
  return { emails, decides: call === 'api-forgot-password' ? always : byStatus };
}

class TooLarge extends Error {}

function readBody(req: Request): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.get('content-length'));
    if (declared > MAX_BODY_BYTES) return reject(new TooLarge());
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.removeAllListeners('data');
        req.resume();
        reject(new TooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

function tooMany(res: Response, call: AuthCall, waitMs: number) {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  res.status(429).set('Retry-After', String(seconds));
  const message = 'Too many attempts. Please wait a few minutes and try again.';
  if (call.startsWith('api-'))
    return res.json({
      statusCode: 429,
      messageCode: 'tooManyRequests',
      message,
      params: { retryAfterSeconds: seconds },
    });
  return res.type('text/plain').send(message);
}
