import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/marketplace/db/client';
import { DEMO_PASSWORD } from '../../server/marketplace/db/seed/users';
import { accessToken, type apiCaller } from './harness';
import { ordering, testMarketplaceOn } from './support/ordering';

/**
 * A buyer's kept number of orders (migration 0022_buyer_order_counts), which the orders list gives as
 * its total: whatever statement adds, removes or moves orders, it is the count of the buyer's rows.
 * On PGlite, and on PostgreSQL when TEST_DATABASE_URL names a server.
 */
const adminUrl = process.env.TEST_DATABASE_URL;

/** Buyers whose kept count differs from their orders, with both. */
async function drifted(db: Db) {
  const result = await db.execute(sql`
    select b.id, b.order_count, count(o.id)::int as n from buyers b left join orders o on o.buyer_id = b.id
    group by b.id having b.order_count <> count(o.id)`);
  return result.rows;
}

const buyerIdOf = async (db: Db, email: string) =>
  (await db.execute<{ buyer_id: number }>(sql`select buyer_id from users where email = ${email}`)).rows[0]!.buyer_id;

function suite(kind: 'PGlite' | 'PostgreSQL') {
  describe.skipIf(kind === 'PostgreSQL' && !adminUrl)(`a buyer's kept order count on ${kind}`, () => {
    const started = testMarketplaceOn(kind, adminUrl, 'buyer_order_counts', { items: 120 });
    const call: ReturnType<typeof apiCaller> = (...args) => started().call(...args);
    const db = () => started().harness.database.db;
    const api = ordering(started, `order-count-${kind.toLowerCase()}`);

    it('holds for the seeded buyers, a bulk history, a checkout, orders deleted and an order moved to another buyer; the list gives it', async () => {
      expect(await drifted(db())).toEqual([]);
      const email = `order-count-history-${kind.toLowerCase()}@example.com`;
      await call('POST', '/admin/users', { body: { email, password: DEMO_PASSWORD, authorities: ['CAN_BUY_ONLINE'] } });
      expect((await call('POST', '/admin/order-history', { body: { email, count: 40 } })).status).toBe(201);
      const token = await accessToken(call, email, DEMO_PASSWORD);
      const total = async (t: string) => (await call('GET', '/orders', { token: t })).body.total as number;
      expect(await total(token)).toBe(40);

      const other = await api.newBuyer();
      await api.placed(other, 1, 3);
      expect(await total(other)).toBe(1);
      expect(await drifted(db())).toEqual([]);

      const buyer = await buyerIdOf(db(), email);
      await db().execute(
        sql`delete from orders where id in (select id from orders where buyer_id = ${buyer} order by id limit 5)`,
      );
      expect(await total(token)).toBe(35);
      await db().execute(
        sql`update orders set buyer_id = ${buyer} where id = (select id from orders where buyer_id <> ${buyer} order by id desc limit 1)`,
      );
      expect(await total(token)).toBe(36);
      expect(await total(other)).toBe(0);
      expect(await drifted(db())).toEqual([]);
    });
  });
}

suite('PGlite');
suite('PostgreSQL');
