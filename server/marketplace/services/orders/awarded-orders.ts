import type { PricedLine } from '../../../../app/domain/checkout/charges';
import { EMPTY_SELECTION, invalidRows, orderSizeOf, withoutStale } from '../../../../app/domain/checkout/selection';
import type { MarketplaceDeps } from '../../context';
import type { Tx } from '../../db/client';
import { orderEvents, orderLines, orders } from '../../db/schema';
import { choiceColumns, placedStatus, type CheckoutService } from '../checkout/checkout';
import { readCatalogueIn } from '../checkout/checkout-catalogue';
import { INTEGRATED_PAYPAL } from '../../../../app/domain/checkout/options';
import { newOrderLines } from './order-lines';
import { newOrderNumber } from './order-numbers';
import { readOrderSettings } from './order-settings';
import { startPaymentTerms } from './order-terms';
import { settlePayment } from '../payments/payment-ledger';

export interface AwardedLine extends PricedLine {
  incrementSize: number;
}

/** An order's columns worked out before its transaction (the catalogue and options are read outside it). */
export interface PreparedOrder {
  buyerId: number;
  warehouseCode: string;
  lines: AwardedLine[];
  /** The buyer's preferences made a whole choice; else the order waits on hold for one. */
  complete: boolean;
  released: boolean;
  payingOnline: boolean;
  columns: Omit<typeof orders.$inferInsert, 'phonexOrderNumber' | 'buyerId' | 'participantId' | 'warehouseCode'>;
}

/**
 * Orders the marketplace makes for a buyer who is not at a checkout (spec 3 §2.4: "orders created
 * when auctions and pre-orders are awarded"): the buyer's default shipping and billing preferences,
 * charged by the checkout's own rules, released as a checkout releases; without complete
 * preferences the order waits on hold on its page for the buyer's choices.
 */
export function createAwardedOrders(deps: Pick<MarketplaceDeps, 'db' | 'config'>, checkout: CheckoutService) {
  const { db } = deps;
  return {
    async prepare(buyerId: number, warehouseCode: string, lines: AwardedLine[]): Promise<PreparedOrder> {
      const size = orderSizeOf(lines);
      const catalogue = await readCatalogueIn(db, deps.config.language);
      const options = await checkout.optionsFor(buyerId, catalogue, size);
      const preferred = withoutStale(await checkout.preferredSelection(buyerId), options, size);
      const complete = Object.keys(invalidRows(preferred, options, size)).length === 0;
      const selection = complete ? preferred : EMPTY_SELECTION;
      const { totalQuantity: _q, ...charges } = checkout.chargesOf(catalogue, options, lines, selection, warehouseCode);
      const settings = await readOrderSettings(db);
      const status = complete ? placedStatus(selection, true, settings) : 'ON_HOLD';
      return {
        buyerId,
        warehouseCode,
        lines,
        complete,
        released: status === settings.fulfillmentSettings.onReleaseFulfillmentStatusTo,
        payingOnline: complete && selection.paymentMethodCode === INTEGRATED_PAYPAL,
        columns: { status, ...(complete ? choiceColumns(selection, options) : {}), ...charges },
      };
    },

    /** Writes a prepared order in the caller's transaction; `key` makes it once (orders.idempotency_key is unique). */
    async insert(
      tx: Tx,
      prepared: PreparedOrder,
      { participantId, key, detail }: { participantId: string; key: string; detail: Record<string, unknown> },
    ) {
      const [order] = (await tx
        .insert(orders)
        .values({
          phonexOrderNumber: newOrderNumber(),
          buyerId: prepared.buyerId,
          participantId,
          warehouseCode: prepared.warehouseCode,
          idempotencyKey: key,
          ...prepared.columns,
        })
        .returning()) as [typeof orders.$inferSelect];
      await tx.insert(orderEvents).values({
        orderId: order.id,
        userId: null,
        kind: 'CREATED',
        fromStatus: null,
        toStatus: order.status,
        detail: { ...detail, preferences: prepared.complete },
      });
      await tx.insert(orderLines).values(newOrderLines(order.id, prepared.lines));
      await settlePayment(tx, order.id, prepared.payingOnline ? 'AWAITING' : null);
      // Released now: the time to pay starts, as for an order released at checkout.
      if (prepared.released) await startPaymentTerms(tx, order, new Date());
      return order;
    },
  };
}
