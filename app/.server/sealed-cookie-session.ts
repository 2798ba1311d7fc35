import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import {
  createCookie,
  createSession,
  type CookieOptions,
  type Session,
  type SessionData,
  type SessionStorage,
} from '@remix-run/node';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A key of its own for the session cookie, derived from a secret (the secret also signs other cookies). */
const keyOf = (secret: string) => Buffer.from(hkdfSync('sha256', secret, '', 'buyer-portal session cookie', 32));

/** The session's data as AES-256-GCM ciphertext: read by nobody without the key, changed by nobody unnoticed. */
export function seal(data: unknown, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(data), 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** The data sealed with any of the secrets (the newest first, the older while they rotate out), or null. */
export function unseal(sealed: string, secrets: readonly string[]): unknown {
  return opened(sealed, secrets)?.data ?? null;
}

/** The data and which of the secrets opened it (0 is the newest), or null. */
function opened(sealed: string, secrets: readonly string[]): { data: unknown; secret: number } | null {
  const [version, payload, extra] = sealed.split('.');
  if (version !== VERSION || !payload || extra !== undefined) return null;
  const bytes = Buffer.from(payload, 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES) return null;
  for (const [index, secret] of secrets.entries()) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      const text = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
      return { data: JSON.parse(text.toString('utf8')), secret: index };
    } catch {
      // another secret's, or tampered with
    }
  }
  return null;
}

/** Session storage that also says whether a session came sealed with a secret being rotated out. */
export interface SealedSessionStorage<Data> extends SessionStorage<Data> {
  /** True when the session's cookie opened with an older secret than the first: it should be sealed again. */
  sealedWithOlderSecret(session: Session<Data>): boolean;
}

/**
 * Remix's cookie session storage with the cookie's value encrypted instead of only signed (decision
 * 034): the base64 of a signed cookie showed the access and refresh tokens and the buyer's profile
 * to anyone who saw the cookie. The first secret seals, every one of them opens, so a secret can be
 * rotated (SESSION_SECRET as a comma-separated list, the new one first). A cookie that does not open
 * reads as no session.
 */
export function createSealedCookieSessionStorage<Data = SessionData>({
  cookie: { name, ...options },
  secrets,
}: {
  cookie: CookieOptions & { name: string };
  secrets: readonly [string, ...string[]];
}): SealedSessionStorage<Data> {
  const cookie = createCookie(name, options);
  const olderSecret = new WeakSet<Session<Data>>();
  return {
    async getSession(cookieHeader, parseOptions) {
      const sealed: unknown = cookieHeader ? await cookie.parse(cookieHeader, parseOptions) : null;
      const open = typeof sealed === 'string' ? opened(sealed, secrets) : null;
      const data = open?.data;
      // What opened is what this storage sealed: Remix's session data, flash keys included.
      const session = createSession<Data, Data>((data && typeof data === 'object' ? data : {}) as Data, '');
      if (open && open.secret > 0) olderSecret.add(session);
      return session;
    },
    sealedWithOlderSecret: (session) => olderSecret.has(session),
    async commitSession(session, serializeOptions) {
      const serialized = await cookie.serialize(seal(session.data, secrets[0]), serializeOptions);
      if (serialized.length > 4096)
        throw new Error(`Cookie length will exceed browser maximum. Length: ${serialized.length}`);
      return serialized;
    },
    async destroySession(_session, serializeOptions) {
      return cookie.serialize('', { ...serializeOptions, maxAge: undefined, expires: new Date(0) });
    },
  };
}
