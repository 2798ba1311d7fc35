import { and, eq, inArray } from 'drizzle-orm';
import {
  buyAgainOutcome,
  goesToCart,
  linesByItem,
  type BuyAgainOutcome,
} from '../../../../app/domain/orders/buy-again';
import type { OfferStatus } from '../../../../app/domain/offers/status';
import type { MarketplaceDeps, SignedInUser } from '../../context';
import type { Db, Tx } from '../../db/client';
import { offers, type orders, stockItems } from '../../db/schema';
import { buyerIdOf } from '../identity/buyer-guard';
import type { CheckoutService } from '../checkout/checkout';
import { assertCanBuy } from '../offers/offers';
import { orderLinesOf } from './order-lines';
import { warehouseLabelIn } from '../texts/texts';

type Order = typeof orders.$inferSelect;

export interface BuyAgainLine {
  itemNumberWarehouse: string;
  itemNumber: string;
  description: string;
  orderedQuantity: number;
  outcome: BuyAgainOutcome;
}

/**
 * Buy again (issue 37): a past order's lines as they would go to the cart today, and the
 * confirmation that puts them there through the cart's own rules (placeManyWithin: the same checks,
 * transitions and history rows as the buy dialog). Only the buyer's own orders: any other is not found.
 */
export function createBuyAgain(
  deps: Pick<MarketplaceDeps, 'db' | 'offers' | 'config'>,
  checkout: Pick<CheckoutService, 'ownOrder'>,
) {
  const { db } = deps;
  const { language } = deps.config;

  /** Each item of the order with today's stock and the buyer's entry on it, read on `q` (the confirmation's transaction). */
  async function linesOf(q: Db | Tx, user: SignedInUser, order: Order): Promise<BuyAgainLine[]> {
    const lines = linesByItem(await orderLinesOf(q, order.id));
    if (!lines.length) return [];
    const keys = lines.map((l) => l.itemNumberWarehouse);
    // One after the other: `q` may be a transaction, one connection.
    const stock = await q
      .select({
        itemNumberWarehouse: stockItems.itemNumberWarehouse,
        quantityAvailable: stockItems.quantityAvailable,
        listPrice: stockItems.listPrice,
        incrementSize: stockItems.incrementSize,
      })
      .from(stockItems)
      .where(and(eq(stockItems.participantId, order.participantId), inArray(stockItems.itemNumberWarehouse, keys)));
    const entries = await q
      .select({
        itemNumberWarehouse: offers.itemNumberWarehouse,
        status: offers.status,
        offerQuantity: offers.offerQuantity,
      })
      .from(offers)
      .where(
        and(
          eq(offers.buyerId, buyerIdOf(user)),
          eq(offers.participantId, order.participantId),
          inArray(offers.itemNumberWarehouse, keys),
        ),
      );
    const stockOf = new Map(stock.map((s) => [s.itemNumberWarehouse, s]));
    const entryOf = new Map(
      entries.map((e) => [e.itemNumberWarehouse, { status: e.status as OfferStatus, offerQuantity: e.offerQuantity }]),
    );
    return lines.map((line) => ({
      itemNumberWarehouse: line.itemNumberWarehouse,
      itemNumber: line.itemNumber,
      description: line.description,
      orderedQuantity: line.quantity,
      outcome: buyAgainOutcome(
        line.quantity,
        stockOf.get(line.itemNumberWarehouse) ?? null,
        entryOf.get(line.itemNumberWarehouse) ?? null,
      ),
    }));
  }

  async function answer(q: Db | Tx, order: Order, lines: BuyAgainLine[]) {
    // Inside a transaction only its executor may read (docs: PGlite is one connection).
    const warehouse = await warehouseLabelIn(q as Db, order.warehouseCode, language);
    return {
      phonexOrderNumber: order.phonexOrderNumber,
      refOrderNumberOrPhonexOrderNumber: order.refOrderNumber ?? order.phonexOrderNumber,
      warehouse,
      lines,
    };
  }

  return {
    async review(user: SignedInUser, phonexOrderNumber: string) {
      const order = await checkout.ownOrder(user, phonexOrderNumber);
      return answer(db, order, await linesOf(db, user, order));
    },

    /** Puts what is available in the cart, decided again on the stock as it is now; answers the lines as they were decided and how many went. */
    async confirm(user: SignedInUser, phonexOrderNumber: string) {
      await assertCanBuy(db, user);
      return db.transaction(async (tx) => {
        const order = await checkout.ownOrder(user, phonexOrderNumber, tx);
        const lines = await linesOf(tx, user, order);
        const going = lines.flatMap((line) =>
          goesToCart(line.outcome)
            ? [
                {
                  participantId: order.participantId,
                  request: {
                    itemNumberWarehouse: line.itemNumberWarehouse,
                    offerQuantity: line.outcome.quantity,
                    offerPrice: line.outcome.unitPrice,
                  },
                },
              ]
            : [],
        );
        if (going.length)
          await deps.offers.placeManyWithin(tx, user, going, { boughtAgainFrom: order.phonexOrderNumber });
        return { ...(await answer(tx, order, lines)), added: going.length };
      });
    },
  };
}
