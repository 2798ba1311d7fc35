import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/marketplace/db/client';
import { stockItems } from '../../server/marketplace/db/schema';
import { seedDemoData } from '../../server/marketplace/db/seed';
import { bumpStockRevision, createStockService } from '../../server/marketplace/services/stock/stock';
import { createStockChanges } from '../../server/marketplace/services/stock/stock-changes';
import { parseStockQuery } from '../../app/domain/stock/query';

/**
 * A new revision's snapshot is made from the one before and the items its stock events name. To
 * tell that from a full reload, one item is written behind the service's back (no event): only a
 * full reload sees it.
 */
describe('the stock snapshot across revisions', () => {
  let database: Database;
  const participantId = 'acme';

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await seedDemoData(database.db, { items: 60 });
  });
  afterAll(() => database.close());

  async function twoItems() {
    const rows = await database.db
      .select()
      .from(stockItems)
      .where(eq(stockItems.participantId, participantId))
      .orderBy(asc(stockItems.id))
      .limit(2);
    return rows.map((r) => r.itemNumberWarehouse) as [string, string];
  }

  const quietly = (key: string, quantity: number) =>
    database.db
      .update(stockItems)
      .set({ quantityAvailable: quantity })
      .where(and(eq(stockItems.participantId, participantId), eq(stockItems.itemNumberWarehouse, key)));

  it('takes only the changed items of the revisions it missed, and leaves the earlier snapshot whole', async () => {
    const stock = createStockService(database.db);
    const changes = createStockChanges(database.db, (error) => {
      throw error;
    });
    const [changed, untouched] = await twoItems();
    const before = await stock.snapshot(participantId);
    const quantityBefore = before.byKey.get(changed)!.quantityAvailable;
    const untouchedBefore = before.byKey.get(untouched)!.quantityAvailable;

    await quietly(untouched, untouchedBefore + 7);
    await changes.apply(
      [{ participantId, itemNumberWarehouse: changed, quantityAvailable: quantityBefore + 3 }],
      'test',
    );
    await changes.apply([{ participantId, itemNumberWarehouse: changed, listPrice: 12.5 }], 'test');
    const after = await stock.snapshot(participantId);

    expect(after.revision).toBe(before.revision + 2);
    expect(after.byKey.get(changed)).toMatchObject({ quantityAvailable: quantityBefore + 3, listPrice: 12.5 });
    expect(after.byKey.get(untouched)!.quantityAvailable).toBe(untouchedBefore);
    expect(after.items.map((i) => i.itemNumberWarehouse)).toEqual(before.items.map((i) => i.itemNumberWarehouse));
    expect(before.byKey.get(changed)!.quantityAvailable).toBe(quantityBefore);
  });

  it('loads everything again when a revision moved without stock events', async () => {
    const stock = createStockService(database.db);
    const [, untouched] = await twoItems();
    const before = await stock.snapshot(participantId);
    await quietly(untouched, before.byKey.get(untouched)!.quantityAvailable + 1);
    await bumpStockRevision(database.db, participantId);

    const after = await stock.snapshot(participantId);
    expect(after.byKey.get(untouched)!.quantityAvailable).toBe(before.byKey.get(untouched)!.quantityAvailable + 1);
  });

  it('loads everything again when an item named by an event is new to the snapshot', async () => {
    const stock = createStockService(database.db);
    const [changed, untouched] = await twoItems();
    const before = await stock.snapshot(participantId);
    const [{ id: _id, ...model }] = await database.db
      .select()
      .from(stockItems)
      .where(and(eq(stockItems.participantId, participantId), eq(stockItems.itemNumberWarehouse, changed)));
    const [added] = await database.db
      .insert(stockItems)
      .values({
        ...model,
        itemNumber: `${model.itemNumber}-new`,
        itemNumberWarehouse: `${model.itemNumberWarehouse}-new`,
      })
      .returning();
    await quietly(untouched, before.byKey.get(untouched)!.quantityAvailable + 1);
    await createStockChanges(database.db, (error) => {
      throw error;
    }).apply(
      [
        {
          participantId,
          itemNumberWarehouse: added!.itemNumberWarehouse,
          quantityAvailable: added!.quantityAvailable + 1,
        },
      ],
      'test',
    );

    const after = await stock.snapshot(participantId);
    expect(after.items).toHaveLength(before.items.length + 1);
    expect(after.byKey.get(untouched)!.quantityAvailable).toBe(before.byKey.get(untouched)!.quantityAvailable + 1);
  });

  it('keeps one attribute set for the items that repeat it, and keeps different sets apart', async () => {
    const { items } = await createStockService(database.db).snapshot(participantId);
    const bySet = new Map<string, typeof items>();
    for (const item of items) {
      const key = JSON.stringify(item.attributes);
      bySet.set(key, [...(bySet.get(key) ?? []), item]);
    }
    const repeated = [...bySet.values()].filter((same) => same.length > 1);
    expect(repeated.length).toBeGreaterThan(0);
    for (const same of repeated) for (const item of same) expect(item.attributes).toBe(same[0]!.attributes);
    expect(new Set(items.map((item) => item.attributes)).size).toBe(bySet.size);
  });

  it('answers a page asked for again with the same value, and a new one once the revision moves', async () => {
    const stock = createStockService(database.db);
    const query = parseStockQuery(new URLSearchParams());
    const first = await stock.browse(participantId, query, []);
    if ('missing' in first) throw new Error(first.missing);
    const group = first.result.groups[0]!;
    expect(((await stock.browse(participantId, query, [])) as typeof first).result).toBe(first.result);

    // A page with an opened group carries that group's items: it is made for each request, not kept.
    const opened = await stock.browse(participantId, query, [group.groupId]);
    if ('missing' in opened) throw new Error(opened.missing);
    expect(opened.result).not.toBe(first.result);
    const openedAgain = (await stock.browse(participantId, query, [group.groupId])) as typeof opened;
    expect(openedAgain.result).not.toBe(opened.result);
    expect(openedAgain.result).toEqual(opened.result);
    const item = opened.result.groups[0]!.items[0]!;
    expect(item).toBeDefined();

    await createStockChanges(database.db, (error) => {
      throw error;
    }).apply(
      [{ participantId, itemNumberWarehouse: item.itemNumberWarehouse, quantityAvailable: item.quantityAvailable + 5 }],
      'test',
    );
    const after = await stock.browse(participantId, query, [group.groupId]);
    if ('missing' in after) throw new Error(after.missing);
    expect(
      after.result.groups[0]!.items.find((i) => i.itemNumberWarehouse === item.itemNumberWarehouse)!.quantityAvailable,
    ).toBe(item.quantityAvailable + 5);
    const closedAfter = await stock.browse(participantId, query, []);
    if ('missing' in closedAfter) throw new Error(closedAfter.missing);
    expect(closedAfter.result).not.toBe(first.result);
    expect(closedAfter.updatedAt.getTime()).toBeGreaterThanOrEqual(first.updatedAt.getTime());
  });
});
