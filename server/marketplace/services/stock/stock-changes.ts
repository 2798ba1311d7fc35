import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { stockEvents, stockItems } from '../../db/schema';
import { bumpStockRevision } from './stock';

/** A seller's new quantity and/or list price for one item. */
export interface StockChange {
  participantId: string;
  itemNumberWarehouse: string;
  quantityAvailable?: number;
  /** Units taken (negative) or given back (positive), counted from the quantity at the time of the write; never below 0. */
  quantityDelta?: number;
  listPrice?: number;
}

export interface AppliedStockChange {
  participantId: string;
  itemNumberWarehouse: string;
  quantityBefore: number;
  quantityAfter: number;
  priceBefore: number | null;
  priceAfter: number | null;
}

/** Reacts to stock that moved (offers, alerts). Runs after the change is committed. */
export type StockChangeListener = (changes: AppliedStockChange[]) => Promise<void>;

/**
 * The one way stock quantities and list prices change: it records a stock event per change, bumps
 * the participants' stock revisions and then tells every listener what moved.
 */
export function createStockChanges(db: Db, reportError: (error: unknown) => void) {
  const listeners: StockChangeListener[] = [];

  async function writeWithin(tx: Tx, changes: StockChange[], actor: string): Promise<AppliedStockChange[]> {
    // One read and one write for the whole batch (an order of 200 lines is one change of 200 items).
    const keyOf = (c: { participantId: string; itemNumberWarehouse: string }) =>
      `${c.participantId}\u0000${c.itemNumberWarehouse}`;
    const wanted = [...new Set(changes.map((c) => c.participantId))];
    const rows = wanted.length
      ? await tx
          .select({
            participantId: stockItems.participantId,
            itemNumberWarehouse: stockItems.itemNumberWarehouse,
            quantity: stockItems.quantityAvailable,
            price: stockItems.listPrice,
          })
          .from(stockItems)
          .where(
            and(
              inArray(stockItems.participantId, wanted),
              inArray(stockItems.itemNumberWarehouse, [...new Set(changes.map((c) => c.itemNumberWarehouse))]),
            ),
          )
          // Locked, always in the same order (two writers wait, never deadlock): on PostgreSQL another
          // replica's order of the same item waits here instead of writing over this one's count.
          .orderBy(stockItems.id)
          .for('update')
      : [];
    const current = new Map(rows.map((r) => [keyOf(r), { quantity: r.quantity, price: r.price }]));
    const done: AppliedStockChange[] = [];
    // Changes apply in order: a second change of the same item starts from the first one's result.
    for (const change of changes) {
      const before = current.get(keyOf(change));
      if (!before) continue;
      const quantityAfter = change.quantityAvailable ?? Math.max(0, before.quantity + (change.quantityDelta ?? 0));
      const priceAfter = change.listPrice ?? before.price;
      if (quantityAfter === before.quantity && priceAfter === before.price) continue;
      current.set(keyOf(change), { quantity: quantityAfter, price: priceAfter });
      done.push({
        participantId: change.participantId,
        itemNumberWarehouse: change.itemNumberWarehouse,
        quantityBefore: before.quantity,
        quantityAfter,
        priceBefore: before.price,
        priceAfter,
      });
    }
    if (!done.length) return done;
    const final = new Map(done.map((d) => [keyOf(d), d]));
    const values = sql.join(
      [...final.values()].map(
        (d) =>
          sql`(${d.participantId}, ${d.itemNumberWarehouse}, ${d.quantityAfter}::integer, ${d.priceAfter}::numeric)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      UPDATE ${stockItems} SET quantity_available = v.quantity, list_price = v.price, updated_at = now()
      FROM (VALUES ${values}) AS v(participant_id, item_number_warehouse, quantity, price)
      WHERE ${stockItems.participantId} = v.participant_id AND ${stockItems.itemNumberWarehouse} = v.item_number_warehouse`);
    const revisions = new Map<string, number | undefined>();
    for (const participantId of new Set(done.map((d) => d.participantId)))
      revisions.set(participantId, await bumpStockRevision(tx, participantId));
    await tx
      .insert(stockEvents)
      .values(done.map((event) => ({ ...event, actor, revision: revisions.get(event.participantId) })));
    return done;
  }

  /** Tells every listener what moved (after the commit); a listener's failure is reported, not thrown. */
  async function announce(applied: AppliedStockChange[]) {
    if (!applied.length) return;
    for (const listener of listeners) {
      try {
        await listener(applied);
      } catch (error) {
        reportError(error);
      }
    }
  }

  return {
    onChange(listener: StockChangeListener) {
      listeners.push(listener);
    },

    /**
     * Writes the changes inside the caller's transaction, so that an order and the stock it takes
     * commit together (a process killed between two transactions would leave an order whose stock
     * was never taken). The caller announces what moved once its transaction is committed.
     */
    within: writeWithin,
    announce,

    async apply(changes: StockChange[], actor: string): Promise<AppliedStockChange[]> {
      const applied = await db.transaction((tx) => writeWithin(tx, changes, actor));
      await announce(applied);
      return applied;
    },
  };
}

export type StockChanges = ReturnType<typeof createStockChanges>;

/** The current quantity and list price of some items of one participant. */
export async function currentStock(db: Db, participantId: string, itemNumberWarehouses: string[]) {
  if (!itemNumberWarehouses.length) return new Map<string, typeof stockItems.$inferSelect>();
  const rows = await db
    .select()
    .from(stockItems)
    .where(
      and(eq(stockItems.participantId, participantId), inArray(stockItems.itemNumberWarehouse, itemNumberWarehouses)),
    );
  return new Map(rows.map((r) => [r.itemNumberWarehouse, r]));
}
