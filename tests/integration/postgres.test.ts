import pg from 'pg';
import { asc, eq, isNotNull } from 'drizzle-orm';
import { orderLines, orders, stockEvents, stockItems } from '../../server/marketplace/db/schema';
import { orderLinesOf } from '../../server/marketplace/services/orders/order-lines';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMarketplace, type Marketplace } from '../../server/marketplace/app';
import { openDatabase, type Database } from '../../server/marketplace/db/client';
import { seedDemoData } from '../../server/marketplace/db/seed';
import { DEMO_PASSWORD } from '../../server/marketplace/db/seed/users';
import { createMailer } from '../../server/marketplace/mailer';
import { loadTenantConfig } from '../../server/marketplace/tenant-config';

const url = process.env.TEST_DATABASE_URL;

/** The same migrations, seed and API on a real PostgreSQL server (set up by `npm test` when it can). */
describe.skipIf(!url)('on PostgreSQL', () => {
  let database: Database;
  let marketplace: Marketplace;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(
      'DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; CREATE SCHEMA public;',
    );
    await admin.end();
    database = await openDatabase({ databaseUrl: url });
    await seedDemoData(database.db, { items: 300 });
    marketplace = await createMarketplace({
      database,
      config: loadTenantConfig(),
      mailer: createMailer({ from: 'test@localhost', outboxDir: '/tmp/pg-test-outbox' }),
    });
  });
  afterAll(() => database?.close());

  it('migrates, seeds, signs in and serves a stock page', async () => {
    const call = (path: string, init: RequestInit = {}) =>
      marketplace.fetch(new Request(`http://m/px-api-gateway${path}`, init));
    const signIn = await call('/identity/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'buyer@example.com', password: DEMO_PASSWORD }),
    });
    const { accessToken } = (await signIn.json()) as { accessToken: string };
    const page = await call('/stocklist/items?category=PHONES', {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(page.status).toBe(200);
    const body = (await page.json()) as { groups: unknown[]; totals: { items: number } };
    expect(body.groups.length).toBeGreaterThan(0);
    expect(body.totals.items).toBeGreaterThan(0);
  });

  it('writes a batch of stock changes in order, with its events (the order writer)', async () => {
    const { db } = database;
    const items = await db
      .select()
      .from(stockItems)
      .where(isNotNull(stockItems.listPrice))
      .orderBy(stockItems.id)
      .limit(2);
    const [a, b] = items as [typeof stockItems.$inferSelect, typeof stockItems.$inferSelect];
    const applied = await marketplace.deps.stockChanges.apply(
      [
        {
          participantId: a.participantId,
          itemNumberWarehouse: a.itemNumberWarehouse,
          quantityAvailable: a.quantityAvailable + 5,
        },
        { participantId: b.participantId, itemNumberWarehouse: b.itemNumberWarehouse, listPrice: 123.45 },
        {
          participantId: a.participantId,
          itemNumberWarehouse: a.itemNumberWarehouse,
          quantityAvailable: a.quantityAvailable + 7,
        },
      ],
      'test',
    );
    expect(applied.map((c) => [c.quantityBefore, c.quantityAfter])).toEqual([
      [a.quantityAvailable, a.quantityAvailable + 5],
      [b.quantityAvailable, b.quantityAvailable],
      [a.quantityAvailable + 5, a.quantityAvailable + 7],
    ]);
    const [after] = await db.select().from(stockItems).where(eq(stockItems.id, a.id));
    expect(after!.quantityAvailable).toBe(a.quantityAvailable + 7);
    const [priced] = await db.select().from(stockItems).where(eq(stockItems.id, b.id));
    expect(priced!.listPrice).toBe(123.45);
    expect(await db.select().from(stockEvents).where(eq(stockEvents.actor, 'test'))).toHaveLength(3);
  });

  it("reads an order's lines as one JSON value, as a plain select gives them", async () => {
    const { db } = database;
    const [order] = await db.select({ id: orders.id }).from(orders).limit(1);
    const plain = await db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order!.id))
      .orderBy(asc(orderLines.id));
    expect(plain.length).toBeGreaterThan(0);
    expect(await orderLinesOf(db, order!.id)).toEqual(plain);
  });
});
