import { getTableColumns, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { jsonRows } from '../../db/json-rows';
import { orderLines } from '../../db/schema';

export type OrderLine = typeof orderLines.$inferSelect;

/**
 * An order's lines in id order, as one JSON value (db/json-rows.ts): a 500-line order took 6 to
 * 10 ms a read field by field, 2.6 ms so. Every column of a line is a number or text, which JSON
 * gives back as they are (order-lines.test.ts fails if a column of another kind is added).
 */
export function orderLinesOf(db: Db | Tx, orderId: number): Promise<OrderLine[]> {
  return jsonRows<OrderLine>(
    db,
    getTableColumns(orderLines),
    sql`from ${orderLines} where ${orderLines.orderId} = ${orderId}`,
    'id',
  );
}

/** The rows of an order's new lines: the item, the units ordered, the item's increment, the devices a unit holds (1 unless said) and the unit price in minor units. */
export const newOrderLines = (
  orderId: number,
  lines: readonly (Pick<
    OrderLine,
    'itemNumberWarehouse' | 'itemNumber' | 'description' | 'quantity' | 'incrementSize' | 'unitPrice'
  > & { devicesPerUnit?: number })[],
) =>
  lines.map((l) => ({
    orderId,
    itemNumberWarehouse: l.itemNumberWarehouse,
    itemNumber: l.itemNumber,
    description: l.description,
    quantity: l.quantity,
    incrementSize: l.incrementSize,
    devicesPerUnit: l.devicesPerUnit ?? 1,
    unitPrice: l.unitPrice,
  }));
