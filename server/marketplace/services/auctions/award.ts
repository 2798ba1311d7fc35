import { eq } from 'drizzle-orm';
import type { Charges, PricedLine } from '../../../../app/domain/checkout/charges';
import { INTEGRATED_PAYPAL, REQUEST_A_QUOTE, type CheckoutOptions } from '../../../../app/domain/checkout/options';
import {
  EMPTY_SELECTION,
  invalidRows,
  orderSizeOf,
  withoutStale,
  type Selection,
} from '../../../../app/domain/checkout/selection';
import type { OrderSettings } from '../../../../app/domain/orders/settings';
import type { MarketplaceDeps } from '../../context';
import type { Translate } from '../../i18n';
import type { Tx } from '../../db/client';
import { buyerPreferences, orderEvents, orderLines, orders } from '../../db/schema';
import type { CheckoutService } from '../checkout/checkout';
import { choiceColumns, selectionFrom } from '../checkout/checkout';
import { readCatalogueIn } from '../checkout/checkout-catalogue';
import { newOrderLines } from '../orders/order-lines';
import { newOrderNumber } from '../orders/order-numbers';
import { readOrderSettings } from '../orders/order-settings';
import { startPaymentTerms } from '../orders/order-terms';
import { settlePayment } from '../payments/payment-ledger';
import type { LotRow } from './standing';

/**
 * The one line an awarded lot is ordered as: the whole manifest at the winning price, one unit of the
 * manifest's devices, named with their count in the tenant's words.
 */
export const lotLine = (lot: Pick<LotRow, 'id' | 'title' | 'units'>, price: number, t: Translate): PricedLine => ({
  itemNumber: `LOT-${lot.id}`,
  itemNumberWarehouse: `LOT-${lot.id}`,
  description: t('auction.orderLine', { title: lot.title, count: lot.units }),
  quantity: 1,
  unitPrice: price,
  extendedPrice: price,
  devicesPerUnit: Math.max(1, lot.units),
});

/** The order key of a lot's award: a second award of the same lot finds the order the first made. */
export const awardKey = (lotId: number) => `auction-lot-${lotId}`;

export interface PreparedAward {
  buyerId: number;
  lines: PricedLine[];
  selection: Selection;
  /** The preferences are complete for this order: it is placed with them. */
  complete: boolean;
  options: CheckoutOptions;
  charges: Charges;
  settings: OrderSettings;
}

/**
 * An awarded lot becomes an order through checkout's options, charges and payment ledger (spec 3):
 * with the buyer's default shipping and billing preferences when they are complete for this order,
 * released at once (its payment terms start); without them, on hold with no choices, waiting on its
 * page for the buyer's. The reads happen before the transaction (`prepare`), the writes inside it (`place`).
 */
export function createAuctionAward(deps: Pick<MarketplaceDeps, 'db' | 'config' | 't'>, checkout: CheckoutService) {
  const { db } = deps;

  return {
    /** What the order of this lot at this price would be for this buyer: also the bid confirmation's charges. */
    async prepare(buyerId: number, lot: LotRow, price: number): Promise<PreparedAward> {
      const catalogue = await readCatalogueIn(db, deps.config.language);
      const lines = [lotLine(lot, price, deps.t)];
      const size = orderSizeOf(lines);
      const options = await checkout.optionsFor(buyerId, catalogue, size, true);
      const [row] = await db.select().from(buyerPreferences).where(eq(buyerPreferences.buyerId, buyerId));
      const preferred = withoutStale(selectionFrom(row?.selection), options, size);
      const complete = Object.keys(invalidRows(preferred, options, size)).length === 0;
      const selection = complete ? preferred : EMPTY_SELECTION;
      const charges = checkout.chargesOf(catalogue, options, lines, selection, lot.warehouseCode);
      const settings = await readOrderSettings(db);
      return { buyerId, lines, selection, complete, options, charges, settings };
    },

    /** Makes the order inside the closing transaction; answers its id. */
    async place(tx: Tx, lot: LotRow, prepared: PreparedAward, now: Date): Promise<number> {
      const { selection, complete, options, settings } = prepared;
      const payingOnline = complete && selection.paymentMethodCode === INTEGRATED_PAYPAL;
      const status = !complete
        ? 'ON_HOLD'
        : selection.shippingMethodCode === REQUEST_A_QUOTE
          ? 'AWAITING_SHIPPING_QUOTE'
          : payingOnline
            ? 'ON_HOLD'
            : settings.fulfillmentSettings.onReleaseFulfillmentStatusTo;
      const { totalQuantity: _q, ...charges } = prepared.charges;
      const [order] = await tx
        .insert(orders)
        .values({
          phonexOrderNumber: newOrderNumber(),
          buyerId: prepared.buyerId,
          participantId: lot.participantId,
          warehouseCode: lot.warehouseCode,
          idempotencyKey: awardKey(lot.id),
          status,
          ...(complete ? choiceColumns(selection, options) : {}),
          ...charges,
        })
        .returning();
      await tx.insert(orderEvents).values({
        orderId: order!.id,
        userId: null,
        kind: 'CREATED',
        fromStatus: null,
        toStatus: status,
        detail: { auctionLotId: lot.id, withPreferences: complete },
      });
      await tx.insert(orderLines).values(
        newOrderLines(
          order!.id,
          prepared.lines.map((l) => ({ ...l, incrementSize: 1 })),
        ),
      );
      await settlePayment(tx, order!.id, payingOnline ? 'AWAITING' : null);
      if (status === settings.fulfillmentSettings.onReleaseFulfillmentStatusTo)
        await startPaymentTerms(tx, order!, now);
      return order!.id;
    },
  };
}

export type AuctionAward = ReturnType<typeof createAuctionAward>;
