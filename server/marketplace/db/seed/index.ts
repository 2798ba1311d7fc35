import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { users } from '../schema';
import { seedCatalogue } from './demo-catalogue';
import { seedFulfilledOrders } from './fulfilled-orders';
import { seedOrderHistory } from './order-history';
import { seedDemoOrders } from './orders';
import { seedDemoOrderTerms } from './order-terms';
import { seedUsers } from './users';

export { DEMO_ACCOUNTS } from './users';

export async function isSeeded(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return (row?.n ?? 0) > 0;
}

/** Fills an empty database with the demo catalogue, the demo accounts and the demo buyer's preferences, on-hold orders and orders the seller shipped, invoiced, canceled or was paid for. */
/** Fills an empty database with the demo catalogue, the demo accounts and the demo buyer's preferences, on-hold orders and past orders. */
export async function seedDemoData(db: Db, options: { items: number; seed?: number; language?: string }) {
  const summary = await seedCatalogue(db, options);
  await seedUsers(db);
  await seedDemoOrders(db);
  await seedFulfilledOrders(db);
  await seedDemoOrderTerms(db);
  await seedOrderHistory(db);
  return summary;
}
