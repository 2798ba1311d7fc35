import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => v || undefined)
  .pipe(z.string().url().optional())
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  TENANT_API_URL: optionalUrl,
  TENANT_CONFIG: z.string().default('config/tenants/demo.json'),
  SEED_ITEMS: z.coerce.number().int().min(0).max(200000).default(3000),
  /** 'off' stops the marketplace's background jobs (automatic offer review, expiry, daily report). */
  MARKETPLACE_JOBS: z.enum(['on', 'off']).default('on'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).max(86400).default(900),
  /** Sign-in and password-reset attempts allowed per client address in 5 minutes. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(100000).default(30),
  SECURE_COOKIES: z.enum(['true', 'false']).optional(),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().default(587),
  SMTP_SECURE: z.enum(['true', 'false']).default('false'),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  MAIL_FROM: z.string().default('Buyer Portal <no-reply@localhost>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof envSchema> & { SESSION_SECRET: string };

let cached: Env | undefined;

/** Reads and checks the environment once; a bad value stops the start with a message naming it. */
export function getEnv(source: NodeJS.ProcessEnv = process.env): Env {
  if (cached) return cached;
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
  cached = { ...env, SESSION_SECRET: secret };
  return cached;
}

/** The embedded demo keeps a generated session secret in the data directory across restarts. */
function keptSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
