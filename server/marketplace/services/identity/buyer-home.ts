import { and, desc, eq, gte, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import { ALERTS_MET_WITHIN_MS, HOME_ROWS, orderNeed, paymentDueBy } from '../../../../app/domain/home';
import { accountDueDate, collectionOf, OWING_PAYMENT } from '../../../../app/domain/orders/payment-collection';
import { ADDABLE_ORDER_STATUSES } from '../../../../app/domain/orders/permissions';
import { isPaymentOverdue } from '../../../../app/domain/orders/terms';
import type { MarketplaceDeps, SignedInUser } from '../../context';
import { orders, stockAlerts, stockItems, warehouses } from '../../db/schema';
import { buyerIdOf } from './buyer-guard';
import { readCatalogue } from '../checkout/checkout-catalogue';
import { firstInvoicedSql } from '../orders/order-terms';
import { wordsIn } from '../texts/texts';

/** Orders read to find the ones that need the buyer: the query narrows, orderNeed decides. */
const ORDERS_READ = 4 * HOME_ROWS;

/**
 * The buyer's home (issue 37), the part the cart items do not give: orders that need the buyer
 * (on hold, awaiting payment, with the payment terms' deadline) and the stock alerts met this week.
 */
export function createBuyerHome({ db, config }: Pick<MarketplaceDeps, 'db' | 'config'>) {
  async function ordersNeedingBuyer(buyerId: number) {
    const words = await wordsIn(db, config.language);
    const { paymentMethods } = await readCatalogue(db);
    const invoicedAt = firstInvoicedSql(sql`${orders.id}`);
    const rows = await db
      .select({
        paymentMethodCode: orders.paymentMethodCode,
        invoicedAt,
        phonexOrderNumber: orders.phonexOrderNumber,
        refOrderNumber: orders.refOrderNumber,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        gracePeriodEnd: orders.gracePeriodEnd,
        total: orders.total,
        warehouse: warehouses.label,
        warehouseCode: warehouses.code,
      })
      .from(orders)
      .innerJoin(warehouses, eq(warehouses.code, orders.warehouseCode))
      .where(
        and(
          eq(orders.buyerId, buyerId),
          ne(orders.status, 'CANCELED'),
          or(
            inArray(orders.status, ADDABLE_ORDER_STATUSES),
            inArray(orders.paymentStatus, ['AWAITING_PAYMENT', 'FAILED']),
            isNotNull(orders.gracePeriodEnd),
            // Net terms run from the invoice.
            and(inArray(orders.paymentStatus, OWING_PAYMENT), sql`${invoicedAt} is not null`),
          ),
        ),
      )
      .orderBy(desc(orders.lastUpdateDate), desc(orders.id))
      .limit(ORDERS_READ);
    const now = new Date();
    return rows.flatMap(
      ({ gracePeriodEnd, warehouseCode, warehouse, paymentMethodCode, invoicedAt: invoiced, ...fields }) => {
        const row = { warehouse: words('warehouse', warehouseCode, 'label', warehouse), ...fields };
        const collection = collectionOf(paymentMethods, paymentMethodCode);
        const source = {
          gracePeriodEnd,
          paidBeforeShipping: collection.paidBeforeShipping,
          accountDueDate: accountDueDate(collection, invoiced ? new Date(invoiced) : null),
          ...row,
        };
        const need = orderNeed(source, now);
        // The deadline shows with an order awaiting payment: the grace period's end, or the due date on
        // account, and whether it has passed (the page then says overdue, not "pay by" a past date).
        const due = need === 'awaitingPayment' ? paymentDueBy(source) : null;
        const paymentOverdue = isPaymentOverdue(due, now);
        return need
          ? [{ need, paymentDueBy: due === null ? null : new Date(due).toISOString(), paymentOverdue, ...row }]
          : [];
      },
    );
  }

  async function alertsMet(buyerId: number, now: Date) {
    const words = await wordsIn(db, config.language);
    const rows = await db
      .select({
        itemNumberWarehouse: stockAlerts.itemNumberWarehouse,
        itemNumber: stockItems.itemNumber,
        description: stockItems.skuDescription,
        quantityAvailable: stockItems.quantityAvailable,
        warehouse: warehouses.label,
        warehouseCode: warehouses.code,
        metAt: stockAlerts.lastNotifiedAt,
      })
      .from(stockAlerts)
      .innerJoin(
        stockItems,
        and(
          eq(stockItems.participantId, stockAlerts.participantId),
          eq(stockItems.itemNumberWarehouse, stockAlerts.itemNumberWarehouse),
        ),
      )
      .innerJoin(warehouses, eq(warehouses.code, stockItems.warehouseCode))
      .where(
        and(
          eq(stockAlerts.buyerId, buyerId),
          gte(stockAlerts.lastNotifiedAt, new Date(now.getTime() - ALERTS_MET_WITHIN_MS)),
        ),
      )
      .orderBy(desc(stockAlerts.lastNotifiedAt))
      .limit(HOME_ROWS);
    return rows.map(({ warehouseCode, warehouse, metAt, ...row }) => ({
      warehouse: words('warehouse', warehouseCode, 'label', warehouse),
      metAt: metAt!.toISOString(),
      ...row,
    }));
  }

  return {
    async read(user: SignedInUser, now = new Date()) {
      const buyerId = buyerIdOf(user);
      return {
        orders: (await ordersNeedingBuyer(buyerId)).slice(0, HOME_ROWS),
        alertsMet: await alertsMet(buyerId, now),
      };
    },
  };
}
