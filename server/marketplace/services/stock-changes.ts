import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { stockEvents, stockItems } from '../db/schema';
import { bumpStockRevision } from './stock';

/** A seller's new quantity and/or list price for one item. */
export interface StockChange {
  participantId: string;
  itemNumberWarehouse: string;
  quantityAvailable?: number;
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

  return {
    onChange(listener: StockChangeListener) {
      listeners.push(listener);
    },

    async apply(changes: StockChange[], actor: string): Promise<AppliedStockChange[]> {
      const applied = await db.transaction(async (tx) => {
        const done: AppliedStockChange[] = [];
        const participantsTouched = new Set<string>();
        for (const change of changes) {
          const [current] = await tx
            .select({ quantity: stockItems.quantityAvailable, price: stockItems.listPrice })
            .from(stockItems)
            .where(and(eq(stockItems.participantId, change.participantId), eq(stockItems.itemNumberWarehouse, change.itemNumberWarehouse)));
          if (!current) continue;
          const quantityAfter = change.quantityAvailable ?? current.quantity;
          const priceAfter = change.listPrice ?? current.price;
          if (quantityAfter === current.quantity && priceAfter === current.price) continue;
          await tx
            .update(stockItems)
            .set({ quantityAvailable: quantityAfter, listPrice: priceAfter, updatedAt: new Date() })
            .where(and(eq(stockItems.participantId, change.participantId), eq(stockItems.itemNumberWarehouse, change.itemNumberWarehouse)));
          const event = {
            participantId: change.participantId,
            itemNumberWarehouse: change.itemNumberWarehouse,
            quantityBefore: current.quantity,
            quantityAfter,
            priceBefore: current.price,
            priceAfter,
          };
          await tx.insert(stockEvents).values({ ...event, actor });
          done.push(event);
          participantsTouched.add(change.participantId);
        }
        for (const participantId of participantsTouched) await bumpStockRevision(tx, participantId);
        return done;
      });
      for (const listener of listeners) {
        try {
          if (applied.length) await listener(applied);
        } catch (error) {
          reportError(error);
        }
      }
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
    .where(and(eq(stockItems.participantId, participantId), inArray(stockItems.itemNumberWarehouse, itemNumberWarehouses)));
  return new Map(rows.map((r) => [r.itemNumberWarehouse, r]));
}
