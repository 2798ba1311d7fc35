import path from 'node:path';
import { randomToken, usePasswordHashCost } from './services/identity/passwords';
import type { Logger } from 'pino';
import { ensureDataDir, keptSecretFile, type Env } from '../../app/.server/env';
import { createMarketplace, type Marketplace, type MarketplaceOptions } from './app';
import { openDatabase, type Database } from './db/client';
import { DEMO_ACCOUNTS, isSeeded, seedTenantDemoData } from './db/seed';
import type { DemoAccount } from './db/seed/users';
import { createMailer } from './mailer';
import { loadTenantConfig } from './tenant-config';

export interface EmbeddedMarketplace {
  marketplace: Marketplace;
  database: Database;
  demoAccounts: DemoAccount[];
  close(): Promise<void>;
}

/** Opens (and on first start creates, migrates and seeds) the database, then builds the tenant API. */
export async function startEmbeddedMarketplace(
  env: Env,
  logger: Logger,
  onJobRun?: MarketplaceOptions['onJobRun'],
): Promise<EmbeddedMarketplace> {
  usePasswordHashCost(env.PASSWORD_HASH_COST);
  const config = loadTenantConfig(env.TENANT_CONFIG);
  ensureDataDir(env.DATA_DIR);
  const database = await openDatabase({
    dataDir: path.join(env.DATA_DIR, 'pglite'),
    databaseUrl: env.DATABASE_URL,
    templateDir: env.PGLITE_TEMPLATE_DIR,
    onIdleError: (error) => logger.warn({ err: error }, 'idle database connection closed'),
  });
  const demoData = env.DEMO_DATA === 'auto' ? !env.DATABASE_URL : env.DEMO_DATA === 'on';
  await database.exclusive(async () => {
    if (!demoData || (await isSeeded(database.db))) return;
    const started = Date.now();
    const summary = await seedTenantDemoData(database.db, config, env.SEED_ITEMS);
    logger.info({ ...summary, ms: Date.now() - started }, 'demo data created');
  });
  const mailer = createMailer({
    from: env.MAIL_FROM,
    outboxDir: path.join(env.DATA_DIR, 'outbox'),
    smtp: env.SMTP_HOST
      ? {
          host: env.SMTP_HOST,
          port: env.SMTP_PORT,
          secure: env.SMTP_SECURE === 'true',
          user: env.SMTP_USER,
          password: env.SMTP_PASSWORD,
        }
      : undefined,
  });
  const marketplace = await createMarketplace({
    database,
    config,
    mailer,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    adminToken: env.ADMIN_TOKEN ?? keptAdminToken(env.DATA_DIR),
    payPal:
      env.PAYMENT_PROVIDER === 'paypal'
        ? {
            apiBase: env.PAYPAL_API_BASE,
            clientId: env.PAYPAL_CLIENT_ID!,
            clientSecret: env.PAYPAL_CLIENT_SECRET!,
            publicUrl: env.PUBLIC_URL!,
          }
        : undefined,
    publicUrl: env.PUBLIC_URL,
    onError: (error, where) => logger.error({ err: error, where }, 'marketplace error'),
    onJobRun,
  });
  if (env.MARKETPLACE_JOBS !== 'off') marketplace.startJobs();
  return {
    marketplace,
    database,
    demoAccounts: demoData ? DEMO_ACCOUNTS : [],
    close: async () => {
      await marketplace.stopJobs();
      await database.close();
    },
  };
}

/** The admin token lives in the data directory, readable only by whoever can read the database. */
export function keptAdminToken(dataDir: string): string {
  return keptSecretFile(path.join(dataDir, 'admin-token'), () => randomToken(32));
}
