import { randomBytes, scrypt, timingSafeEqual, createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { defaultHashingQueue } from './hashing-queue';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/** scrypt's cost as log2 of N. 15 by default: N=2^15 with r=8 needs 32 MiB and about a tenth of a second of a core per hash. */
export const DEFAULT_PASSWORD_HASH_COST = 15;
/** The lowest cost a server takes (PASSWORD_HASH_COST): N=2^10, what the test servers use (decision 049). */
export const LOWEST_PASSWORD_HASH_COST = 10;
export const HIGHEST_PASSWORD_HASH_COST = 20;
const PARAMS = { N: 2 ** DEFAULT_PASSWORD_HASH_COST, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 32;

/**
 * The cost new hashes are made with, from the server's PASSWORD_HASH_COST. A stored hash names its
 * own cost, so hashes made at another cost still verify; only new ones (and the unknown user's
 * stand-in) change.
 */
export function usePasswordHashCost(cost: number) {
  if (!Number.isInteger(cost) || cost < LOWEST_PASSWORD_HASH_COST || cost > HIGHEST_PASSWORD_HASH_COST)
    throw new RangeError(
      `a password hash cost is an integer from ${LOWEST_PASSWORD_HASH_COST} to ${HIGHEST_PASSWORD_HASH_COST}: ${cost}`,
    );
  if (PARAMS.N === 2 ** cost) return;
  PARAMS.N = 2 ** cost;
  unknownUserHash = undefined;
}

/** Every hash waits its turn here (see ./hashing-queue); a full line throws HashingBusyError. */
export const hashingQueue = defaultHashingQueue();

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await hashingQueue.run(() => scryptAsync(password.normalize('NFKC'), salt, KEY_LENGTH, PARAMS));
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await hashingQueue.run(() =>
    scryptAsync(password.normalize('NFKC'), Buffer.from(salt, 'base64'), expected.length, {
      N: Number(n),
      r: Number(r),
      p: Number(p),
      maxmem: PARAMS.maxmem,
    }),
  );
  return timingSafeEqual(expected, actual);
}

let unknownUserHash: Promise<string> | undefined;

/**
 * What a sign-in of an unknown address is checked against, so that it takes as long as one of a known
 * address: a hash of a random password at the current cost, made once. It never matches.
 */
export function unknownUserPasswordHash(): Promise<string> {
  unknownUserHash ??= hashPassword(randomToken());
  return unknownUserHash;
}

/** For tokens and codes that are stored: a fast hash suffices since they are long and random or short-lived. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
