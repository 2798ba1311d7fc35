import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestMarketplace } from './harness';

/**
 * What an order keeps for the orders list (migration 0015_order_line_sums): whatever writes an
 * order or its lines, its sums are what its lines add up to, and its search text is its number,
 * reference and descriptions.
 */
let harness: Awaited<ReturnType<typeof startTestMarketplace>>;
const db = () => harness.database.db;

/** Orders whose kept sums differ from their lines', with both. */
async function drifted() {
  const result = await db().execute<{ id: number }>(sql`
    select o.id, o.ordered_quantity, o.shipped_units, o.live_units, o.shipped_percent, st.buyer_id, st.text as kept_text, s.*
    from orders o
    left join order_search_texts st on st.order_id = o.id
    left join lateral (
      select coalesce(sum(l.quantity), 0)::int as ordered, coalesce(sum(l.shipped_quantity), 0)::int as shipped,
        coalesce(sum(l.quantity - l.canceled_quantity), 0)::int as live,
        coalesce(100 * sum(l.shipped_quantity)::float8 / nullif(sum(l.quantity - l.canceled_quantity), 0), 0) as percent,
        lower(o.phonex_order_number) || E'\\n' || lower(coalesce(o.ref_order_number, ''))
          || coalesce(E'\\n' || string_agg(lower(l.description), E'\\n' order by l.id), '') as text
      from order_lines l where l.order_id = o.id) s on true
    where (o.ordered_quantity, o.shipped_units, o.live_units, o.shipped_percent, st.buyer_id, st.text)
      is distinct from (s.ordered, s.shipped, s.live, s.percent, o.buyer_id, s.text)`);
  return result.rows;
}

async function aLine() {
  const result = await db().execute<{ id: number; order_id: number }>(
    sql`select id, order_id from order_lines order by id limit 1`,
  );
  return result.rows[0]!;
}

describe('the line sums kept on each order', () => {
  beforeAll(async () => {
    harness = await startTestMarketplace();
  }, 120_000);
  afterAll(() => harness.close());

  it('hold for the demo orders (seeded shipped, partly shipped and canceled lines)', async () => {
    const counted = await db().execute<{ n: number }>(
      sql`select count(*)::int as n from orders where ordered_quantity > 0 and shipped_units > 0`,
    );
    expect(counted.rows[0]!.n).toBeGreaterThan(0);
    expect(await drifted()).toEqual([]);
  });

  it('follow a line shipped, canceled, resized, described anew, moved, removed and added, and an order given a reference', async () => {
    const line = await aLine();
    await db().execute(sql`update order_lines set shipped_quantity = 1 where id = ${line.id}`);
    await db().execute(
      sql`update order_lines set canceled_quantity = canceled_quantity + 1, quantity = quantity + 3 where id = ${line.id}`,
    );
    expect(await drifted()).toEqual([]);
    await db().execute(sql`update order_lines set description = 'A Renamed Device' where id = ${line.id}`);
    const other = await db().execute<{ id: number }>(
      sql`select id from orders where id <> ${line.order_id} order by id limit 1`,
    );
    await db().execute(sql`update order_lines set order_id = ${other.rows[0]!.id} where id = ${line.id}`);
    expect(await drifted()).toEqual([]);
    await db().execute(sql`delete from order_lines where id = ${line.id}`);
    await db()
      .execute(sql`insert into order_lines (order_id, item_number_warehouse, item_number, description, quantity, unit_price)
      select id, 'X-1', 'X', 'Another Device', 2, 100 from orders order by id limit 3`);
    expect(await drifted()).toEqual([]);
    await db().execute(sql`update orders set ref_order_number = 'PO-Renamed-7' where id = ${other.rows[0]!.id}`);
    expect(await drifted()).toEqual([]);
  });
});
