import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { users } from '../schema';
import { chargeTermsOf, PLAIN_CHARGE_TERMS, type ChargeTerms } from '../../services/orders/charge-terms';
import { createTranslator } from '../../i18n';
import type { TenantConfig } from '../../../../app/domain/tenant-config';
import { seedDemoAuctions } from './auctions';
import { seedCatalogue } from './demo-catalogue';
import { seedFulfilledOrders } from './fulfilled-orders';
import { seedOrderHistory } from './order-history';
import { seedDemoOrders } from './orders';
import { seedDemoOrderTerms } from './order-terms';
import { seedDemoPreorders } from './preorders';
import { demoRegionOf } from './regions';
import { seedTexts } from './texts';
import { seedUsers } from './users';

export { DEMO_ACCOUNTS } from './users';

export async function isSeeded(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return (row?.n ?? 0) > 0;
}

/**
 * Fills an empty database with the demo catalogue, the demo accounts and the demo buyer's
 * preferences, on-hold orders and past orders: in the tenant's language, and American or European
 * by its currency (regions.ts).
 */
export async function seedDemoData(
  db: Db,
  options: { items: number; seed?: number; language?: string; currencyCode?: string; chargeTerms?: ChargeTerms },
) {
  const terms = options.chargeTerms ?? PLAIN_CHARGE_TERMS;
  const tenant = { language: options.language ?? 'en', currencyCode: options.currencyCode ?? 'USD' };
  const summary = await seedCatalogue(db, { ...options, region: demoRegionOf(tenant) });
  await seedUsers(db, tenant);
  // Before the orders: they record their tax description in the tenant's language.
  await seedTexts(db, tenant.language);
  await seedDemoOrders(db, tenant.language, terms);
  await seedFulfilledOrders(db, tenant.language, terms);
  await seedDemoOrderTerms(db);
  await seedOrderHistory(db);
  await seedDemoPreorders(db);
  await seedDemoAuctions(db, tenant.language);
  return summary;
}

/**
 * The demo data of a tenant's first start, and of `npm run marketplace -- seed`: in the tenant's
 * language and currency, its orders' charges described in its words.
 */
export function seedTenantDemoData(db: Db, config: TenantConfig, items: number) {
  return seedDemoData(db, {
    items,
    language: config.language,
    currencyCode: config.currencyCode,
    chargeTerms: chargeTermsOf({ t: createTranslator(config).t, config }),
  });
}
