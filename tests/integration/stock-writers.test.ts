import { and, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/marketplace/db/client';
import { stockEvents, stockItems } from '../../server/marketplace/db/schema';
import { seedDemoData } from '../../server/marketplace/db/seed';
import { createStockChanges } from '../../server/marketplace/services/stock/stock-changes';
import { scratchPostgres } from '../support/scratch-postgres';

const adminUrl = process.env.TEST_DATABASE_URL;

/** Orders on two replicas take units of the same item at the same moment (each replica its own pool). */
describe.skipIf(!adminUrl)('stock written by two replicas at once', () => {
  const databases: Database[] = [];
  let scratch: Awaited<ReturnType<typeof scratchPostgres>>;

  beforeAll(async () => {
    scratch = await scratchPostgres(adminUrl!, 'stock_writers');
    const databaseUrl = scratch.url;
    databases.push(...(await Promise.all([openDatabase({ databaseUrl }), openDatabase({ databaseUrl })])));
    await seedDemoData(databases[0]!.db, { items: 50 });
  });
  afterAll(async () => {
    await Promise.all(databases.map((d) => d.close()));
    await scratch?.drop();
  });

  it("takes every order's units: no count written over by another's", async () => {
    const { db } = databases[0]!;
    const [item] = await db
      .select()
      .from(stockItems)
      .where(and(eq(stockItems.participantId, 'acme'), gte(stockItems.quantityAvailable, 100)))
      .limit(1);
    const writers = databases.map((d) =>
      createStockChanges(d.db, (error) => {
        throw error;
      }),
    );
    const orders = 40;
    await Promise.all(
      Array.from({ length: orders }, (_, i) =>
        writers[i % 2]!.apply(
          [{ participantId: 'acme', itemNumberWarehouse: item!.itemNumberWarehouse, quantityDelta: -1 }],
          'order',
        ),
      ),
    );
    const [after] = await db.select().from(stockItems).where(eq(stockItems.id, item!.id));
    expect(after!.quantityAvailable).toBe(item!.quantityAvailable - orders);
    const events = await db
      .select()
      .from(stockEvents)
      .where(eq(stockEvents.itemNumberWarehouse, item!.itemNumberWarehouse));
    expect(events.filter((e) => e.actor === 'order')).toHaveLength(orders);
  });
});
