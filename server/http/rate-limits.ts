import net from 'node:net';
import type { NextFunction, Request, Response } from 'express';

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
 *
 * Requests are classified by their normal path (see ./paths), case-folded and without trailing
 * slashes, and every method but GET, HEAD and OPTIONS counts (Remix runs actions for PUT, PATCH and
 * DELETE too). The body of a limited request is read here once (bounded) and handed on unchanged:
 * to Remix through `res.locals.body`, to the tenant API through `req.rawBody`.
 */

const ADDRESS_WINDOW_MS = 5 * 60 * 1000;
const ACCOUNT_FIRST_WAIT_MS = 30 * 1000;
const ACCOUNT_LONGEST_WAIT_MS = 60 * 60 * 1000;
/** Failures older than this are forgotten. */
const ACCOUNT_MEMORY_MS = 24 * 60 * 60 * 1000;
const MAX_BODY_BYTES = 64 * 1024;
const MAX_ENTRIES = 100_000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Which guessable call a request is, by its normal path. */
export type AuthCall = 'portal-sign-in' | 'portal-reset' | 'api-sign-in' | 'api-forgot-password' | 'api-reset-password' | 'api-identity';

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
    const full = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
    return `${full.slice(0, 4).map((g) => g.toLowerCase().replace(/^0+(?=.)/, '')).join(':')}::/64`;
  }
  return address || 'unknown';
}

class AddressLimit {
  private windows = new Map<string, { count: number; resetAt: number }>();
  constructor(private readonly limit: number) {}

  /** Counts an attempt; the wait in ms when it is over the limit, else 0. */
  hit(key: string, now: number): number {
    let entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.windows.size >= MAX_ENTRIES) this.sweep(now);
      entry = { count: 0, resetAt: now + ADDRESS_WINDOW_MS };
      this.windows.set(key, entry);
    }
    entry.count += 1;
    return entry.count > this.limit ? entry.resetAt - now : 0;
  }

  private sweep(now: number) {
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
    for (const key of this.windows.keys()) {
      if (this.windows.size < MAX_ENTRIES) break;
      this.windows.delete(key);
    }
  }
}

class AccountLimit {
  private accounts = new Map<string, { failures: number; last: number }>();
  constructor(private readonly freeFailures: number) {}

  /** How long this account must still wait before its next attempt, in ms (0: go ahead). */
  wait(key: string, now: number): number {
    const entry = this.accounts.get(key);
    if (!entry) return 0;
    if (now - entry.last > ACCOUNT_MEMORY_MS) {
      this.accounts.delete(key);
      return 0;
    }
    if (entry.failures < this.freeFailures) return 0;
    const delay = Math.min(ACCOUNT_FIRST_WAIT_MS * 2 ** (entry.failures - this.freeFailures), ACCOUNT_LONGEST_WAIT_MS);
    return Math.max(0, entry.last + delay - now);
  }

  /** An attempt starts: it counts as a failure until it is known to have succeeded. */
  begin(key: string, now: number) {
    let entry = this.accounts.get(key);
    if (!entry) {
      if (this.accounts.size >= MAX_ENTRIES) this.sweep(now);
      entry = { failures: 0, last: now };
      this.accounts.set(key, entry);
    }
    entry.failures += 1;
    entry.last = now;
  }

  succeeded(key: string) {
    this.accounts.delete(key);
  }

  /** The attempt could not be decided (the server failed): it does not count. */
  undecided(key: string) {
    const entry = this.accounts.get(key);
    if (entry) entry.failures = Math.max(0, entry.failures - 1);
  }

  private sweep(now: number) {
    for (const [key, entry] of this.accounts) if (now - entry.last > ACCOUNT_MEMORY_MS) this.accounts.delete(key);
    for (const key of this.accounts.keys()) {
      if (this.accounts.size < MAX_ENTRIES) break;
      this.accounts.delete(key);
    }
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
}

export function authLimits(options: AuthLimitOptions) {
  const addresses = new AddressLimit(options.perAddress);
  const accounts = new AccountLimit(options.perAccount);

  return async function authLimit(req: Request, res: Response, next: NextFunction) {
    if (SAFE_METHODS.has(req.method)) return next();
    const call = authCallOf(res.locals.normalPath ?? req.path);
    if (!call) return next();
    const now = Date.now();
    const addressWait = addresses.hit(addressKey(req.ip), now);
    if (addressWait > 0) return tooMany(res, call, addressWait);
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
    const accountWait = Math.max(0, ...keys.map((key) => accounts.wait(key, now)));
    if (accountWait > 0) return tooMany(res, call, accountWait);
    for (const key of keys) accounts.begin(key, now);
    if (keys.length) {
      res.on('finish', () => {
        const outcome = decides(res.statusCode);
        for (const key of keys) {
          if (outcome === 'success') accounts.succeeded(key);
          else if (outcome === 'undecided') accounts.undecided(key);
        }
      });
    }
    next();
  };
}

type Outcome = 'success' | 'failure' | 'undecided';

/**
 * The e-mails an attempt names, read as the route reads them (Remix: the request's formData, every
 * value of `email`; the tenant API: the JSON body's `email`), and how its status tells the outcome.
 */
async function readAttempt(call: AuthCall, contentType: string | undefined, body: Buffer): Promise<{ emails: string[]; decides: (status: number) => Outcome }> {
  const byStatus = (status: number): Outcome => (status >= 500 ? 'undecided' : status < 400 ? 'success' : 'failure');
  const always = (status: number): Outcome => (status >= 500 ? 'undecided' : 'failure');
  if (call === 'portal-sign-in' || call === 'portal-reset') {
    let form: FormData;
    try {
      form = await new Request('http://portal/', { method: 'POST', headers: contentType ? { 'content-type': contentType } : {}, body: new Uint8Array(body) }).formData();
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
  if (call.startsWith('api-')) return res.json({ statusCode: 429, messageCode: 'tooManyRequests', message, params: { retryAfterSeconds: seconds } });
  return res.type('text/plain').send(message);
}
