import { eq } from 'drizzle-orm';
import { orderDrafts, orderLines, orders } from '../../server/marketplace/db/schema';
import { submitOrder } from '../integration/harness';
import {
  callerOf,
  freshBuyer,
  NONE,
  quantitiesNow,
  stockMismatches,
  stockOf,
  WHOLE,
  type FaultScenario,
} from './kill-mid-flight';

/** Lines of the order whose pending changes are saved. */
const LINES = Number(process.env.FAULT_ORDER_LINES ?? 30);

interface Save {
  token: string;
  orderNumber: string;
  version: number;
  /** Per item: the quantity ordered, the quantity once saved (0: removed) and the stock before the save. */
  lines: Map<string, { ordered: number; saved: number; before: number }>;
}

/**
 * An order on hold of LINES lines of two increments each; on its details page every line is brought
 * down to one increment and the last one removed (pending changes), then SAVE is what is killed.
 */
export const orderSave: FaultScenario<Save> = {
  name: 'order save',
  async prepare(server) {
    const { token } = await freshBuyer(server);
    const call = callerOf(server);
    const items = (await stockOf(server, 'DAL', 20)).slice(0, LINES);
    const { orderNumber } = await submitOrder(
      call,
      token,
      items.map((i) => ({ inw: i.itemNumberWarehouse, listPrice: i.listPrice, quantity: 2 * i.incrementSize })),
      { readyToRelease: false, warehouse: 'DAL' },
    );
    const details = (await call('GET', `/orders/${orderNumber}`, { token })).body;
    const placed = details.salesOrder.items as {
      id: number;
      itemNumberWarehouse: string;
      orderedQuantity: number;
      incrementSize: number;
    }[];
    const last = placed.at(-1)!;
    for (const line of placed) {
      const change =
        line === last
          ? { kind: 'remove', lineId: line.id }
          : { kind: 'line', lineId: line.id, quantity: String(line.incrementSize) };
      const changed = await call('PUT', `/orders/${orderNumber}/draft`, { token, body: { change } });
      if (changed.status !== 200) throw new Error(`change answered ${changed.status}: ${JSON.stringify(changed.body)}`);
    }
    // An item the order emptied is not among those in stock: it has none.
    const stock = new Map((await stockOf(server, 'DAL', 1)).map((i) => [i.itemNumberWarehouse, i.quantityAvailable]));
    const lines = new Map(
      placed.map((l) => [
        l.itemNumberWarehouse,
        {
          ordered: l.orderedQuantity,
          saved: l === last ? 0 : l.incrementSize,
          before: stock.get(l.itemNumberWarehouse) ?? 0,
        },
      ]),
    );
    return { token, orderNumber, version: details.salesOrder.version as number, lines };
  },
  async fire(server, { token, orderNumber, version }) {
    const response = await fetch(`${server.url}/px-api-gateway/orders/${orderNumber}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ version, action: 'SAVE' }),
    });
    return response.status === 200;
  },
  async inspect(db, { orderNumber, version, lines }) {
    const [order] = await db.select().from(orders).where(eq(orders.phonexOrderNumber, orderNumber));
    const written = await db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    const drafts = await db
      .select({ orderId: orderDrafts.orderId })
      .from(orderDrafts)
      .where(eq(orderDrafts.orderId, order!.id));
    const now = await quantitiesNow(db, [...lines.keys()]);
    const linesAre = (quantity: (l: { ordered: number; saved: number }) => number) =>
      [...lines].every(
        ([inw, l]) => (written.find((w) => w.itemNumberWarehouse === inw)?.quantity ?? 0) === quantity(l),
      ) && written.length === [...lines.values()].filter((l) => quantity(l) > 0).length;
    if (order!.version === version) {
      const moved = stockMismatches(now, new Map([...lines].map(([inw, l]) => [inw, l.before])));
      if (!linesAre((l) => l.ordered) || moved.length || drafts.length !== 1)
        return {
          half: `not saved, but ${moved.length} items moved, lines ${linesAre((l) => l.ordered) ? 'as ordered' : 'changed'}, ${drafts.length} drafts`,
        };
      return NONE;
    }
    if (order!.version !== version + 1) return { half: `version ${order!.version} after a save of version ${version}` };
    const unmoved = stockMismatches(now, new Map([...lines].map(([inw, l]) => [inw, l.before + l.ordered - l.saved])));
    if (!linesAre((l) => l.saved) || unmoved.length || drafts.length)
      return {
        half: `saved as version ${order!.version}, but ${unmoved.length} items not given back (${unmoved.slice(0, 2).join(', ')}), lines ${linesAre((l) => l.saved) ? 'saved' : 'not saved'}, ${drafts.length} drafts`,
      };
    return WHOLE;
  },
};
