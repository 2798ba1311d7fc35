import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/marketplace/db/client';
import { DEMO_PASSWORD } from '../../server/marketplace/db/seed/users';
import { explainReturnListPage } from '../../server/marketplace/services/returns/return-list';
import { migratedOver } from '../support/migrations-up-to';
import { accessToken, type apiCaller } from './harness';
import { ordering, testMarketplaceOn } from './support/ordering';
import { returning } from './support/returning';

/**
 * What a return request keeps for the returns list (migration 0021_return_list_keys): whatever
 * writes a request or its units, its unit count is how many units it holds and its search text is
 * its RMA number, its order's number and its units' IMEIs; the migration fills both for the
 * requests made before it. On PGlite, and on PostgreSQL when TEST_DATABASE_URL names a server.
 */
const adminUrl = process.env.TEST_DATABASE_URL;

/** Requests whose kept count or search text differ from what their units and order say, with both. */
async function drifted(db: Db) {
  const result = await db.execute(sql`
    select r.id, r.rma_number, r.unit_count, s.n, st.buyer_id, st.text as kept_text, s.text
    from return_requests r
    join orders o on o.id = r.order_id
    left join return_search_texts st on st.request_id = r.id
    left join lateral (
      select count(u.id)::int as n,
        lower(r.rma_number) || E'\\n' || lower(o.phonex_order_number)
          || coalesce(E'\\n' || string_agg(u.imei, E'\\n' order by u.id) filter (where u.imei is not null), '') as text
      from return_units u where u.request_id = r.id) s on true
    where (r.unit_count, st.buyer_id, st.text) is distinct from (s.n, r.buyer_id, s.text)`);
  return result.rows;
}

async function keptCount(db: Db, rmaNumber: string) {
  const result = await db.execute<{ unit_count: number }>(
    sql`select unit_count from return_requests where rma_number = ${rmaNumber}`,
  );
  return result.rows[0]!.unit_count;
}

function suite(kind: 'PGlite' | 'PostgreSQL') {
  describe.skipIf(kind === 'PostgreSQL' && !adminUrl)(`the keys of the returns list on ${kind}`, () => {
    const started = testMarketplaceOn(kind, adminUrl, 'return_list_keys', { items: 120 });
    const call: ReturnType<typeof apiCaller> = (...args) => started().call(...args);
    const api = ordering(started, `list-keys-${kind.toLowerCase()}`);
    const { newReturnsBuyer, shippedOrder, request } = returning(call, api);
    const db = () => started().harness.database.db;

    it('follow a request made, canceled, approved with a unit rejected, received and credited, and the list sorts and searches on them', async () => {
      const token = await newReturnsBuyer();
      const a = await shippedOrder(token, 2, 20);
      const b = await shippedOrder(token, 3, 21);
      const canceled = (await request(token, a.n, [{ imei: a.imeis[0]! }, { imei: a.imeis[1]! }])).body
        .rmaNumber as string;
      expect(await keptCount(db(), canceled)).toBe(2);
      expect((await call('POST', `/returns/${canceled}/cancel`, { token })).status).toBe(200);
      expect(await keptCount(db(), canceled)).toBe(2);
      // The units free again, a request of one of them.
      const single = (await request(token, a.n, [{ imei: a.imeis[1]! }])).body.rmaNumber as string;
      const credited = (
        await request(
          token,
          b.n,
          b.imeis.map((imei) => ({ imei })),
        )
      ).body.rmaNumber as string;
      expect(await keptCount(db(), credited)).toBe(3);
      expect(
        (
          await call('POST', `/admin/returns/${credited}/approve`, {
            body: { instructions: 'Dock 4', rejectUnits: [{ unit: b.imeis[2], reason: 'Fine' }] },
          })
        ).status,
      ).toBe(200);
      expect((await call('POST', `/admin/returns/${credited}/receive`, { body: {} })).status).toBe(200);
      expect((await call('POST', `/admin/returns/${credited}/credit`, { body: {} })).status).toBe(200);
      expect(await keptCount(db(), credited)).toBe(3);
      expect(await keptCount(db(), single)).toBe(1);
      expect(await drifted(db())).toEqual([]);

      const list = async (query: string) =>
        (await call('GET', `/returns?${query}`, { token })).body as {
          total: number;
          rows: { rmaNumber: string; units: number; status: string }[];
        };
      expect((await list('sort=units&dir=desc')).rows.map((r) => [r.rmaNumber, r.units])).toEqual([
        [credited, 3],
        [canceled, 2],
        [single, 1],
      ]);
      expect((await list('sort=units&dir=asc&pageSize=2&page=2')).rows.map((r) => r.rmaNumber)).toEqual([credited]);
      expect((await list('sort=credit&dir=desc')).rows[0]!.rmaNumber).toBe(credited);
      // A whole IMEI, a piece of one, an RMA number in another case, an order number.
      expect((await list(`search=${b.imeis[2]}`)).rows.map((r) => r.rmaNumber)).toEqual([credited]);
      expect((await list(`search=${a.imeis[1]!.slice(2, 12)}`)).rows.map((r) => r.rmaNumber)).toEqual([
        single,
        canceled,
      ]);
      expect((await list(`search=${credited.toLowerCase()}`)).total).toBe(1);
      expect((await list(`search=${a.n}`)).rows.map((r) => r.rmaNumber)).toEqual([single, canceled]);
      // A search past its last page still counts its matches; a line break matches nothing.
      expect(await list(`search=${a.n}&page=3`)).toMatchObject({ total: 2, rows: [] });
      expect((await list(`search=${encodeURIComponent(`${credited}\n${b.n}`)}`)).total).toBe(0);
    });

    it('follow units inserted, deleted, moved and given another IMEI by any statement, and a request or an order renamed', async () => {
      const token = await newReturnsBuyer();
      const a = await shippedOrder(token, 2, 22);
      const first = (await request(token, a.n, [{ imei: a.imeis[0]! }])).body.rmaNumber as string;
      const second = (await request(token, a.n, [{ imei: a.imeis[1]! }])).body.rmaNumber as string;
      const ids = await db().execute<{ id: number; order_id: number }>(
        sql`select id, order_id from return_requests where rma_number in (${first}, ${second}) order by id`,
      );
      const [one, two] = ids.rows as [{ id: number; order_id: number }, { id: number; order_id: number }];
      await db()
        .execute(sql`insert into return_units (request_id, order_id, item_number_warehouse, unit_key, imei, reason_code, state, unit_price)
        values (${one.id}, ${one.order_id}, 'X', 'X#1', null, 'DOA', 'CANCELED', 1), (${one.id}, ${one.order_id}, 'X', '359999999999991', '359999999999991', 'DOA', 'CANCELED', 1),
               (${two.id}, ${two.order_id}, 'X', '359999999999992', '359999999999992', 'DOA', 'CANCELED', 1)`);
      expect([await keptCount(db(), first), await keptCount(db(), second)]).toEqual([3, 2]);
      expect(await drifted(db())).toEqual([]);
      await db().execute(sql`update return_units set request_id = ${two.id} where imei = '359999999999991'`);
      await db().execute(sql`update return_units set imei = '359999999999993' where imei = '359999999999992'`);
      expect([await keptCount(db(), first), await keptCount(db(), second)]).toEqual([2, 3]);
      expect(await drifted(db())).toEqual([]);
      await db().execute(sql`delete from return_units where item_number_warehouse = 'X'`);
      expect([await keptCount(db(), first), await keptCount(db(), second)]).toEqual([1, 1]);
      await db().execute(sql`update return_requests set rma_number = ${`${first}-B`} where id = ${one.id}`);
      await db().execute(sql`update orders set phonex_order_number = ${`${a.n}-B`} where id = ${one.order_id}`);
      expect(await drifted(db())).toEqual([]);
      expect((await call('GET', `/returns?search=${a.n}-b`, { token })).body.total).toBe(2);
    });

    it('hold for a bulk history of 1,000 requests, whose pages sorted on units and credit read the indexes', async () => {
      const email = `list-keys-history-${kind.toLowerCase()}@example.com`;
      await call('POST', '/admin/users', {
        body: { email, password: DEMO_PASSWORD, authorities: ['CAN_BUY_ONLINE', 'CAN_VIEW_RETURNS'] },
      });
      expect(
        (await call('POST', '/admin/order-history', { body: { email, count: 50, statuses: ['SHIPPED'] } })).status,
      ).toBe(201);
      expect((await call('POST', '/admin/returns/history', { body: { email, count: 1000 } })).status).toBe(201);
      expect(await drifted(db())).toEqual([]);
      await db().execute(sql`analyze return_requests`);
      await db().execute(sql`analyze return_search_texts`);
      const token = await accessToken(call, email, DEMO_PASSWORD);
      const page = (await call('GET', '/returns?sort=units&dir=desc&page=20', { token })).body;
      expect(page.total).toBe(1000);
      expect(page.rows.map((r: { units: number }) => r.units)).toEqual(
        [...page.rows.map((r: { units: number }) => r.units)].sort((x, y) => y - x),
      );
      const [user] = await db()
        .execute<{ buyer_id: number }>(sql`select buyer_id from users where email = ${email}`)
        .then((r) => r.rows);
      for (const [sort, index] of [
        ['units', 'return_requests_buyer_units_idx'],
        ['credit', 'return_requests_buyer_credit_idx'],
      ] as const) {
        const plan = await explainReturnListPage(db(), user!.buyer_id, { sort, dir: 'desc', page: 20 });
        expect(plan, plan).toContain(index);
        expect(plan, plan).not.toMatch(/Seq Scan on return_units|Sort Key: r\./);
      }
      const searched = await explainReturnListPage(db(), user!.buyer_id, { search: '350000000' });
      expect(searched, searched).toContain('return_search_texts');
      expect(searched, searched).not.toMatch(/on return_units/);
    }, 120_000);
  });
}

suite('PGlite');
suite('PostgreSQL');

/** Requests made on a database as migration 0020 left it (no unit count, no search texts). */
const BEFORE = `
  insert into participants (id, name) values ('p', 'P');
  insert into warehouse_groups (id, participant_id, name) values ('g', 'p', 'G');
  insert into warehouses (code, label, group_id) values ('W', 'W', 'g');
  insert into buyers (id, name) values (1, 'B');
  insert into orders (id, phonex_order_number, buyer_id, participant_id, warehouse_code, status, idempotency_key) values (1, 'SO-OLD-1', 1, 'p', 'W', 'SHIPPED', 'k1'), (2, 'SO-OLD-2', 1, 'p', 'W', 'SHIPPED', 'k2');
  insert into return_requests (id, rma_number, buyer_id, order_id, status, idempotency_key, created_by) values (1, 'RMA-OLD-1', 1, 1, 'REQUESTED', 'r1', 1), (2, 'RMA-OLD-2', 1, 2, 'CREDITED', 'r2', 1), (3, 'RMA-OLD-3', 1, 2, 'CANCELED', 'r3', 1);
  insert into return_units (request_id, order_id, item_number_warehouse, unit_key, imei, reason_code, state, unit_price) values
    (1, 1, 'A', '351111111111111', '351111111111111', 'DOA', 'REQUESTED', 100),
    (1, 1, 'A', '351111111111112', '351111111111112', 'DOA', 'REQUESTED', 100),
    (2, 2, 'B', 'B#1', null, 'DOA', 'CREDITED', 100),
    (2, 2, 'C', '352222222222221', '352222222222221', 'DOA', 'CREDITED', 100),
    (2, 2, 'C', '352222222222222', '352222222222222', 'DOA', 'REJECTED', 100);`;

describe('migration 0021 on a database with requests', () => {
  const expectBackfilled = async (db: Db) => {
    const counts = await db.execute<{ rma_number: string; unit_count: number }>(
      sql`select rma_number, unit_count from return_requests order by id`,
    );
    expect(counts.rows.map((r) => [r.rma_number, r.unit_count])).toEqual([
      ['RMA-OLD-1', 2],
      ['RMA-OLD-2', 3],
      ['RMA-OLD-3', 0],
    ]);
    const texts = await db.execute<{ text: string }>(sql`select text from return_search_texts order by request_id`);
    expect(texts.rows.map((r) => r.text)).toEqual([
      'rma-old-1\nso-old-1\n351111111111111\n351111111111112',
      'rma-old-2\nso-old-2\n352222222222221\n352222222222222',
      'rma-old-3\nso-old-2',
    ]);
    expect(await drifted(db)).toEqual([]);
  };

  for (const kind of ['PGlite', 'PostgreSQL'] as const)
    it.skipIf(kind === 'PostgreSQL' && !adminUrl)(
      `counts and indexes them on ${kind}`,
      () =>
        migratedOver(
          kind,
          { last: '0020_marketplace_texts', before: BEFORE, adminUrl, name: 'return_list_backfill' },
          expectBackfilled,
        ),
      60_000,
    );
});
