import { and, asc, eq, gte, isNotNull } from 'drizzle-orm';
import { EMPTY_SELECTION } from '../../../../app/domain/checkout/selection';
import { readCatalogueIn } from '../../services/checkout/checkout-catalogue';
import type { ChargeTerms } from '../../services/orders/charge-terms';
import { chargesAfterChange, createOrderFulfilment, type Actor } from '../../services/orders/order-fulfilment';
import { createStockChanges, currentStock } from '../../services/stock/stock-changes';
import type { Db } from '../client';
import { buyerAddresses, orderEvents, orderLines, orders, stockItems, users } from '../schema';
import { DEMO_ORDERS_BUYER, DEMO_METHOD as METHOD, DEMO_PAYMENT as PAYMENT, ownWarehouses } from './orders';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const SELLER: Actor = { userId: null, name: 'seller (demo seed)' };

/**
 * The demo buyer's orders that went through the seller's side, made with the fulfilment service so
 * that each has its events: one SHIPPED in two shipments with tracking numbers and IMEIs, one
 * INVOICED with two invoices, one PARTIALLY_SHIPPED, one CANCELED and one PAID awaiting shipment.
 * They were placed days ago in one warehouse of the own participant. A few dozen queries: it runs
 * on every fresh start and in tests.
 */
export async function seedFulfilledOrders(db: Db, language: string, terms: ChargeTerms): Promise<string[]> {
  const [user] = await db
    .select({ id: users.id, buyerId: users.buyerId })
    .from(users)
    .where(eq(users.email, DEMO_ORDERS_BUYER));
  if (!user?.buyerId) return [];
  const buyerId = user.buyerId;
  const addresses = await db
    .select()
    .from(buyerAddresses)
    .where(eq(buyerAddresses.buyerId, buyerId))
    .orderBy(asc(buyerAddresses.id));
  const shipTo = addresses.find((a) => a.kind === 'SHIPPING' && a.shippingMethodCodes.includes(METHOD));
  const billTo = addresses.find((a) => a.kind === 'BILLING');
  if (!shipTo || !billTo) return [];
  const own = await ownWarehouses(db);
  // The first warehouse with three priced items in good supply; the on-hold demo orders took its first two.
  let picked: { participantId: string; warehouseCode: string; items: (typeof stockItems.$inferSelect)[] } | undefined;
  for (const { participantId, warehouseCode } of own) {
    const items = await db
      .select()
      .from(stockItems)
      .where(
        and(
          eq(stockItems.participantId, participantId),
          eq(stockItems.warehouseCode, warehouseCode),
          isNotNull(stockItems.listPrice),
          gte(stockItems.quantityAvailable, 20),
        ),
      )
      .orderBy(asc(stockItems.id))
      .offset(2)
      .limit(3);
    if (items.length === 3) {
      picked = { participantId, warehouseCode, items };
      break;
    }
  }
  if (!picked) return [];
  const { participantId, warehouseCode, items } = picked;

  const catalogue = await readCatalogueIn(db, language);
  const stockChanges = createStockChanges(db, () => {});
  const fulfilment = createOrderFulfilment({ db, stockChanges, reportError: () => {}, terms });
  const view = ({
    id,
    label,
    name,
    contact,
    address1,
    address2,
    city,
    state,
    zip,
    country,
    instructions,
  }: typeof shipTo) => ({ id, label, name, contact, address1, address2, city, state, zip, country, instructions });
  const {
    shippingAddressId: _s,
    billingAddressId: _b,
    paymentMethodCode: _p,
    additionalServiceCodes: _a,
    ...shippingSelection
  } = { ...EMPTY_SELECTION, shippingMethodCode: METHOD, insured: false };
  const now = Date.now();
  const stamp = now.toString(36).toUpperCase();

  /** An order released to UNSHIPPED `daysAgo` days ago, with `units` increments of each of the items it names, its stock taken. */
  async function place(suffix: string, daysAgo: number, units: number[]) {
    const at = new Date(now - daysAgo * DAY);
    const lines = units.map((n, i) => {
      const item = items[i]!;
      return {
        itemNumberWarehouse: item.itemNumberWarehouse,
        itemNumber: item.itemNumber,
        description: item.skuDescription,
        quantity: n * item.incrementSize,
        canceledQuantity: 0,
        incrementSize: item.incrementSize,
        unitPrice: Math.round(item.listPrice! * 100),
      };
    });
    const values = {
      phonexOrderNumber: `SO-${stamp}-${suffix}`,
      buyerId,
      participantId,
      warehouseCode,
      status: 'UNSHIPPED',
      paymentStatus: 'UNPAID',
      shipping: {
        address: { ...view(shipTo!), shippingMethodCodes: shipTo!.shippingMethodCodes },
        selection: { shippingAddressId: shipTo!.id, ...shippingSelection },
      },
      billing: { address: view(billTo!), selection: { billingAddressId: billTo!.id, paymentMethodCode: PAYMENT } },
      paymentMethodCode: PAYMENT,
      additionalServices: [] as string[],
      freight: 0,
      freightUndefined: false,
      createdAt: at,
      lastUpdateDate: at,
    };
    const charges = chargesAfterChange(catalogue, terms, values as unknown as typeof orders.$inferSelect, lines);
    const [order] = await db
      .insert(orders)
      .values({ ...values, ...charges })
      .returning({ id: orders.id });
    await db.insert(orderLines).values(lines.map(({ canceledQuantity: _c, ...l }) => ({ orderId: order!.id, ...l })));
    await db.insert(orderEvents).values({
      orderId: order!.id,
      at,
      userId: user!.id,
      kind: 'CREATED',
      fromStatus: null,
      toStatus: 'UNSHIPPED',
      detail: { seeded: true, readyToRelease: true },
    });
    const stock = await currentStock(
      db,
      participantId,
      lines.map((l) => l.itemNumberWarehouse),
    );
    await stockChanges.apply(
      lines.map((l) => ({
        participantId,
        itemNumberWarehouse: l.itemNumberWarehouse,
        quantityAvailable: Math.max(0, stock.get(l.itemNumberWarehouse)!.quantityAvailable - l.quantity),
      })),
      'order',
    );
    return { number: values.phonexOrderNumber, at: at.getTime(), lines };
  }
  const totalOf = async (phonexOrderNumber: string) =>
    (await db.select({ total: orders.total }).from(orders).where(eq(orders.phonexOrderNumber, phonexOrderNumber)))[0]!
      .total;
  const later = (order: { at: number }, hours: number) => ({ actor: SELLER, at: new Date(order.at + hours * HOUR) });

  const shipped = await place('SHIP', 12, [2, 1]);
  await fulfilment.ship(shipped.number, {
    trackingNumber: `1Z${stamp}A1`,
    lines: [{ itemNumberWarehouse: shipped.lines[0]!.itemNumberWarehouse, quantity: shipped.lines[0]!.quantity }],
    generateImeis: true,
    ...later(shipped, 30),
  });
  await fulfilment.ship(shipped.number, { trackingNumber: `1Z${stamp}A2`, generateImeis: true, ...later(shipped, 54) });

  const invoiced = await place('INVC', 10, [1, 2, 1]);
  await fulfilment.ship(invoiced.number, {
    trackingNumber: `1Z${stamp}B1`,
    generateImeis: true,
    ...later(invoiced, 24),
  });
  await fulfilment.invoice(invoiced.number, {
    lines: [{ itemNumberWarehouse: invoiced.lines[0]!.itemNumberWarehouse, quantity: invoiced.lines[0]!.quantity }],
    ...later(invoiced, 26),
  });
  await fulfilment.invoice(invoiced.number, later(invoiced, 28));
  const invoicedTotal = await totalOf(invoiced.number);
  await fulfilment.recordPayment(invoiced.number, {
    amount: Math.floor(invoicedTotal / 2),
    reference: `WIRE-${stamp}-1`,
    ...later(invoiced, 60),
  });

  const partial = await place('PART', 6, [2, 1]);
  await fulfilment.ship(partial.number, {
    trackingNumber: `1Z${stamp}C1`,
    lines: [{ itemNumberWarehouse: partial.lines[0]!.itemNumberWarehouse, quantity: items[0]!.incrementSize }],
    generateImeis: true,
    ...later(partial, 20),
  });

  const canceled = await place('CANC', 4, [1, 1]);
  await fulfilment.cancelLines(canceled.number, later(canceled, 3));

  const paid = await place('PAID', 2, [1]);
  await fulfilment.recordPayment(paid.number, { reference: `WIRE-${stamp}-2`, ...later(paid, 5) });

  return [shipped.number, invoiced.number, partial.number, canceled.number, paid.number];
}
