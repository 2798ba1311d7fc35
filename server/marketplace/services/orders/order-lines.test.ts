import { asc, eq, getTableColumns } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { orderLines, orders } from '../../db/schema';
import { seedDemoData } from '../../db/seed';
import { orderLinesOf } from './order-lines';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await seedDemoData(database.db, { items: 60 });
}, 60_000);
afterAll(() => database.close());

describe("an order's lines read as one JSON value", () => {
  it('are the rows a plain select gives, in id order, for every order (and none for an unknown one)', async () => {
    const { db } = database;
    const all = await db.select({ id: orders.id }).from(orders);
    expect(all.length).toBeGreaterThan(5);
    let lines = 0;
    for (const { id } of all) {
      const plain = await db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.id));
      lines += plain.length;
      expect(await orderLinesOf(db, id)).toEqual(plain);
      expect(await db.transaction((tx) => orderLinesOf(tx, id))).toEqual(plain);
    }
    expect(lines).toBeGreaterThan(20);
    expect(await orderLinesOf(db, -1)).toEqual([]);
  });

  it('hold only numbers and text, which JSON gives back as they are', () => {
    const kinds = Object.values(getTableColumns(orderLines)).map((column) => column.dataType);
    expect(new Set(kinds)).toEqual(new Set(['number', 'string']));
  });
});
