import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  DEFAULT_PASSWORD_HASH_COST,
  HIGHEST_PASSWORD_HASH_COST,
  LOWEST_PASSWORD_HASH_COST,
} from '../../server/marketplace/services/identity/passwords';

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => v || undefined)
  .pipe(z.string().url().optional())
  .optional();

/**
 * True in the built server (build/node, what `npm start` and the image run): esbuild defines
 * BUILT_SERVER there. Under tsx (`npm run dev`) it is not defined.
 */
export const builtServer: boolean = typeof BUILT_SERVER !== 'undefined' && BUILT_SERVER === true;

const SUBNET = /^(?:[0-9.]+|[0-9a-f:.]+)(?:\/\d{1,3})?$/i;
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY as Express takes it: unset or 'false' trusts no proxy, a number trusts that many hops,
 * otherwise a comma-separated list of addresses, subnets (CIDR) and the names loopback, linklocal,
 * uniquelocal. ('true', trusting anything that says it is a proxy, is refused: name the hops.)
 */
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    if (!value || value === 'false') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    const bad = entries.find((v) => !PROXY_NAMES.has(v) && !SUBNET.test(v));
    if (bad !== undefined || entries.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: `not a hop count or a list of addresses, subnets, loopback, linklocal or uniquelocal: ${bad ?? value}`,
      });
      return z.NEVER;
    }
    return entries;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default(builtServer ? 'production' : 'development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Default: every interface in production, 127.0.0.1 in development. */
  HOST: z.string().trim().optional(),
  TRUST_PROXY: trustProxy,
  /**
   * The secret the session and other cookies are sealed or signed with; a comma-separated list while
   * one is rotated: the first seals and signs, every one still opens (so sessions survive the change).
   */
  SESSION_SECRET: z
    .string()
    .refine(
      (list) => list.split(',').every((secret) => secret.trim().length >= 32),
      'SESSION_SECRET must be at least 32 characters (each of them, in a comma-separated list)',
    )
    .optional(),
  DATA_DIR: z.string().default('./data'),
  /** Where a copy of a new, migrated PGlite database is kept, so the next empty data directory starts from it (the test suites set it). */
  PGLITE_TEMPLATE_DIR: z.string().trim().min(1).optional(),
  /** The marketplace's admin API token, the same on every replica; without it each keeps one in DATA_DIR. */
  ADMIN_TOKEN: z.string().min(32, 'ADMIN_TOKEN must be at least 32 characters').optional(),
  DATABASE_URL: optionalUrl,
  TENANT_API_URL: optionalUrl,
  TENANT_CONFIG: z.string().default('config/tenants/demo.json'),
  /** Where the marketplace CLI reaches a running portal (replicas on PostgreSQL); by default this machine's PORT. */
  PORTAL_URL: optionalUrl,
  SEED_ITEMS: z.coerce.number().int().min(0).max(200000).default(3000),
  /**
   * Whether an empty database gets the demo catalogue and the demo accounts (whose passwords are in
   * the README): 'auto' does for the embedded PGlite, not for a PostgreSQL of DATABASE_URL.
   */
  DEMO_DATA: z.enum(['auto', 'on', 'off']).default('auto'),
  /** 'off' stops the marketplace's background jobs (automatic offer review, expiry, daily report). */
  MARKETPLACE_JOBS: z.enum(['on', 'off']).default('on'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).max(86400).default(900),
  /**
   * scrypt's cost for new password hashes, as log2 of N, from 10 to 20: 15 by default (32 MiB and about
   * a tenth of a second of a core each). The test servers take 10 (decision 049).
   */
  PASSWORD_HASH_COST: z.coerce
    .number()
    .int()
    .min(LOWEST_PASSWORD_HASH_COST)
    .max(HIGHEST_PASSWORD_HASH_COST)
    .default(DEFAULT_PASSWORD_HASH_COST),
  /** Sign-in and password-reset attempts allowed per client address in 5 minutes. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(100000).default(30),
  /** Failed sign-in and reset attempts per account before each next one has to wait longer. */
  AUTH_ACCOUNT_LIMIT: z.coerce.number().int().min(1).max(100000).default(10),
  /** How long a return request with photos waits for its share of the photo memory budget before a 503. */
  PHOTO_WAIT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /** 'auto': Secure cookies and HSTS when the request came over TLS; 'true': always; 'false': never. */
  SECURE_COOKIES: z.enum(['auto', 'true', 'false']).default('auto'),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().default(587),
  SMTP_SECURE: z.enum(['true', 'false']).default('false'),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  MAIL_FROM: z.string().default('Buyer Portal <no-reply@localhost>'),
  /** /metrics on the public port answers only to `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(32, 'METRICS_TOKEN must be at least 32 characters').optional(),
  /** /metrics on a listener of its own (METRICS_HOST, loopback by default), without a token. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().trim().default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** INTEGRATED_PAYPAL's provider: the embedded sandbox, or PayPal's Orders v2 API with the settings below. */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'paypal']).default('sandbox'),
  PAYPAL_API_BASE: z.string().url().default('https://api-m.sandbox.paypal.com'),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  /** The portal's public address (https://…), where a payment provider sends the buyer back. */
  PUBLIC_URL: optionalUrl,
});

export type Env = Omit<z.infer<typeof envSchema>, 'HOST'> & {
  SESSION_SECRET: string;
  /** SESSION_SECRET's list, newest first. */
  SESSION_SECRETS: [string, ...string[]];
  HOST: string;
};

let cached: Env | undefined;

/**
 * Reads and checks the environment once; a bad value stops the start with a message naming it. Another
 * source than the process's (a check of a configuration) is read each time and never kept.
 */
export function getEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const own = source === process.env;
  if (own && cached) return cached;
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n  ');
    throw new Error(`Invalid environment:\n  ${problems}`);
  }
  const env = parsed.data;
  const embeddedDemo = !env.TENANT_API_URL && !env.DATABASE_URL;
  let secret = env.SESSION_SECRET;
  if (!secret) {
    if (env.NODE_ENV === 'production' && !embeddedDemo) {
      throw new Error('Invalid environment:\n  SESSION_SECRET is required in production');
    }
    secret = keptSecret(env.DATA_DIR);
  }
  if (env.PAYMENT_PROVIDER === 'paypal' && !(env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET && env.PUBLIC_URL)) {
    throw new Error(
      'Invalid environment:\n  PAYMENT_PROVIDER=paypal needs PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PUBLIC_URL',
    );
  }
  const host = env.HOST || (env.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1');
  const [newest, ...older] = secret.split(',').map((s) => s.trim());
  const checked: Env = { ...env, SESSION_SECRET: secret, SESSION_SECRETS: [newest!, ...older], HOST: host };
  if (own) cached = checked;
  return checked;
}

/** Creates the data directory readable by its owner only (0700); an existing one is left as it is. */
export function ensureDataDir(dataDir: string) {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
}

/**
 * A secret kept in a file: read it, or create it with `make`. The file is the owner's only (0600),
 * also when it already existed with a looser mode.
 */
export function keptSecretFile(file: string, make: () => string): string {
  let value: string;
  try {
    value = fs.readFileSync(file, 'utf8').trim();
  } catch {
    ensureDataDir(path.dirname(file));
    value = make();
    fs.writeFileSync(file, value, { mode: 0o600 });
  }
  try {
    if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  } catch (error) {
    throw new Error(`${file} is readable by others and cannot be made owner-only: ${(error as Error).message}`);
  }
  return value;
}

/** The embedded demo keeps a generated session secret in the data directory across restarts. */
function keptSecret(dataDir: string): string {
  return keptSecretFile(path.join(dataDir, 'session-secret'), () => randomBytes(32).toString('base64url'));
}
