import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/marketplace/db/client';
import { migratedOver } from '../support/migrations-up-to';

/**
 * Migration 0028_order_line_devices: a lot awarded before it gets its manifest's units as the devices
 * of its order line (so the order page's re-pricing counts them); every other line holds one device.
 */
const adminUrl = process.env.TEST_DATABASE_URL;

/** An awarded lot of 57 units with its order, and an order of an ordinary item, as migration 0027 left them. */
const BEFORE = `
  insert into participants (id, name) values ('p', 'P');
  insert into warehouse_groups (id, participant_id, name) values ('g', 'p', 'G');
  insert into warehouses (code, label, group_id) values ('W', 'W', 'g');
  insert into buyers (id, name) values (1, 'B');
  insert into auction_lots (id, title, participant_id, warehouse_code, starting_price, starts_at, ends_at, scheduled_ends_at, status, units)
    values (7, 'Lot', 'p', 'W', 100, now(), now(), now(), 'CLOSED', 57);
  insert into orders (id, phonex_order_number, buyer_id, participant_id, warehouse_code, status, idempotency_key)
    values (1, 'SO-LOT', 1, 'p', 'W', 'UNSHIPPED', 'auction-lot-7'), (2, 'SO-ITEM', 1, 'p', 'W', 'UNSHIPPED', 'k2');
  insert into order_lines (order_id, item_number_warehouse, item_number, description, quantity, unit_price)
    values (1, 'LOT-7', 'LOT-7', 'Lot (57)', 1, 100), (2, 'A', 'A', 'Item', 3, 100);`;

const devices = async (db: Db) =>
  (
    await db.execute<{ item: string; devices: number }>(
      sql`select item_number as item, devices_per_unit as devices from order_lines order by id`,
    )
  ).rows.map((r) => [r.item, r.devices]);

describe('migration 0028 on a database with an awarded lot', () => {
  const EXPECTED = [
    ['LOT-7', 57],
    ['A', 1],
  ];

  // On PostgreSQL when there is one (2 s), else on PGlite (10 s: every migration in WebAssembly); the SQL is the same.
  const kind = adminUrl ? 'PostgreSQL' : 'PGlite';
  it(`gives the lot’s line its devices on ${kind}`, async () => {
    const options = { last: '0027_preorder_cancel_award_mail', before: BEFORE, adminUrl, name: 'order_line_devices' };
    await migratedOver(kind, options, async (db) => expect(await devices(db)).toEqual(EXPECTED));
  }, 60_000);
});
