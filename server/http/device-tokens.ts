import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Device tokens (OWASP's "device cookies"): after a browser or API client proves it knows an
 * account's password (a sign-in, or a password reset with the e-mailed code), it gets a signed token
 * naming that account and a random device id. Its later attempts on that account are counted against
 * its own device id, not the account's shared counter that strangers fill (./rate-limits).
 *
 * A token is `payload.signature`: the payload is base64url JSON of up to MAX_ACCOUNTS entries (a
 * browser several buyers share keeps one per account, newest last), the signature an HMAC-SHA256 of
 * it under the session secret. Accounts are named by an HMAC of their key, so a shared machine's
 * cookie does not show who signs in on it.
 */

export const DEVICE_COOKIE = '__device';
/** How a client that keeps no cookies (the tenant API's) presents and receives its token. */
export const DEVICE_HEADER = 'x-device-token';
const LIFETIME_MS = 180 * 24 * 60 * 60 * 1000;
const MAX_ACCOUNTS = 5;
const MAX_TOKEN_LENGTH = 2048;

interface DeviceEntry {
  /** The account's tag (an HMAC of its key). */
  a: string;
  /** The device id its attempts are counted by. */
  d: string;
  /** When it was issued or last renewed, ms since the epoch. */
  t: number;
}

export type DeviceTokens = ReturnType<typeof deviceTokens>;

export function deviceTokens(secret: string) {
  const mac = (purpose: string, value: string) =>
    createHmac('sha256', secret).update(`${purpose}\0${value}`).digest('base64url');
  const accountTag = (accountKey: string) => mac('device-account', accountKey).slice(0, 22);

  function verified(token: string): DeviceEntry[] {
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined) return [];
    const expected = Buffer.from(mac('device-token', payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return [];
    try {
      const entries: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      return Array.isArray(entries) ? entries.filter(isEntry) : [];
    } catch {
      return [];
    }
  }

  return {
    /** The entries of the tokens a request presents (cookie and header), well signed and unexpired. */
    read(tokens: (string | undefined)[], now: number): DeviceEntry[] {
      return tokens
        .filter((token): token is string => !!token && token.length <= MAX_TOKEN_LENGTH)
        .flatMap(verified)
        .filter((entry) => entry.t <= now && now - entry.t < LIFETIME_MS);
    },

    /** The device id the presented entries hold for this account, or null: a stranger to it. */
    deviceFor(entries: DeviceEntry[], accountKey: string): string | null {
      const tag = accountTag(accountKey);
      return entries.findLast((entry) => entry.a === tag)?.d ?? null;
    },

    /**
     * A token for the presented entries plus this account: its entry keeps its device id (and its
     * count) and is renewed; a new account gets a new id; the oldest beyond MAX_ACCOUNTS go.
     */
    issue(entries: DeviceEntry[], accountKey: string, now: number): string {
      const tag = accountTag(accountKey);
      const device = entries.findLast((entry) => entry.a === tag)?.d ?? randomBytes(16).toString('base64url');
      const others = entries.filter((entry) => entry.a !== tag);
      const kept = [...others.slice(-(MAX_ACCOUNTS - 1)), { a: tag, d: device, t: now }];
      const payload = Buffer.from(JSON.stringify(kept)).toString('base64url');
      return `${payload}.${mac('device-token', payload)}`;
    },

    /** The Set-Cookie line of a token (Secure is added by ./security's secureCookies like every cookie's). */
    cookie(token: string): string {
      return `${DEVICE_COOKIE}=${token}; Path=/; Max-Age=${LIFETIME_MS / 1000}; HttpOnly; SameSite=Lax`;
    },
  };
}

function isEntry(value: unknown): value is DeviceEntry {
  if (!value || typeof value !== 'object') return false;
  const { a, d, t } = value as Record<string, unknown>;
  return (
    typeof a === 'string' &&
    typeof d === 'string' &&
    /^[\w-]{16,64}$/.test(d) &&
    typeof t === 'number' &&
    Number.isFinite(t)
  );
}
