import type { ChargeTerms } from '../../services/orders/charge-terms';
import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import { computeCharges } from '../../../../app/domain/checkout/charges';
import { EMPTY_SELECTION, type Selection } from '../../../../app/domain/checkout/selection';
import { freightOf, readCatalogueIn, taxRuleFor } from '../../services/checkout/checkout-catalogue';
import type { Db } from '../client';
import {
  buyerAddresses,
  buyerPreferences,
  orderEvents,
  orderLines,
  orders,
  participants,
  stockItems,
  users,
  warehouseGroups,
  warehouses,
} from '../schema';

/** The demo buyer whose preferences and open orders the demo shows. */
export const DEMO_ORDERS_BUYER = 'buyer@example.com';
/** The demo buyer's orders are shipped and paid this way (its saved preferences). */
export const DEMO_METHOD = 'ACME_STANDARD_SHIPPING';
export const DEMO_PAYMENT = 'TERMS_NET_30';

/** The tenant's own warehouses, by code, with their participant: where the demo orders are placed. */
export function ownWarehouses(db: Db) {
  return db
    .select({ participantId: participants.id, warehouseCode: warehouses.code })
    .from(warehouses)
    .innerJoin(warehouseGroups, eq(warehouseGroups.id, warehouses.groupId))
    .innerJoin(participants, eq(participants.id, warehouseGroups.participantId))
    .where(eq(participants.isOwn, true))
    .orderBy(asc(warehouses.code));
}

/**
 * The demo buyer's saved preferences (Main warehouse, ACME Standard Shipping not insured, Head
 * office, Net 30 terms, no services) and one on-hold order per warehouse of the own participant,
 * placed with them, so the add-to-existing-order path has something to add to. A warehouse without
 * priced stock gets no order. A few queries and inserts: it runs on every fresh start and in tests.
 */
export async function seedDemoOrders(db: Db, language: string, terms: ChargeTerms): Promise<void> {
  const [user] = await db
    .select({ id: users.id, buyerId: users.buyerId })
    .from(users)
    .where(eq(users.email, DEMO_ORDERS_BUYER));
  if (!user?.buyerId) return;
  const buyerId = user.buyerId;
  const addresses = await db
    .select()
    .from(buyerAddresses)
    .where(eq(buyerAddresses.buyerId, buyerId))
    .orderBy(buyerAddresses.id);
  const shipTo = addresses.find((a) => a.kind === 'SHIPPING' && a.shippingMethodCodes.includes(DEMO_METHOD));
  const billTo = addresses.find((a) => a.kind === 'BILLING');
  if (!shipTo || !billTo) return;
  const selection: Selection = {
    ...EMPTY_SELECTION,
    shippingAddressId: shipTo.id,
    shippingMethodCode: DEMO_METHOD,
    insured: false,
    billingAddressId: billTo.id,
    paymentMethodCode: DEMO_PAYMENT,
  };
  await db.insert(buyerPreferences).values({ buyerId, selection: selection as unknown as Record<string, unknown> });

  const catalogue = await readCatalogueIn(db, language);
  const method = catalogue.shippingMethods.find((m) => m.code === DEMO_METHOD);
  const payment = catalogue.paymentMethods.find((p) => p.code === DEMO_PAYMENT);
  if (!method || !payment) return;
  const own = await ownWarehouses(db);
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
  const now = Date.now();

  for (const [index, { participantId, warehouseCode }] of own.entries()) {
    const items = await db
      .select()
      .from(stockItems)
      .where(
        and(
          eq(stockItems.participantId, participantId),
          eq(stockItems.warehouseCode, warehouseCode),
          isNotNull(stockItems.listPrice),
          gt(stockItems.quantityAvailable, 0),
        ),
      )
      .orderBy(asc(stockItems.id))
      .limit(2);
    if (!items.length) continue;
    const lines = items.map((item, i) => ({
      itemNumberWarehouse: item.itemNumberWarehouse,
      itemNumber: item.itemNumber,
      description: item.skuDescription,
      quantity: Math.min(item.quantityAvailable, item.incrementSize * (i + 1)),
      incrementSize: item.incrementSize,
      // numeric(12,2) read as a number: to integer minor units once, here.
      unitPrice: Math.round(item.listPrice! * 100),
    }));
    const units = lines.reduce((n, l) => n + l.quantity, 0);
    const taxRule = taxRuleFor(catalogue, shipTo);
    const { totalQuantity: _units, ...charges } = computeCharges({
      lines,
      freight: freightOf(method, catalogue, shipTo.country, units),
      insurance: null,
      freeFreight: terms.freeFreight(
        { subtotal: lines.reduce((n, l) => n + l.quantity * l.unitPrice, 0), shippingMethodCode: method.code },
        new Date(now),
      ),
      services: [],
      tax: taxRule && { ...taxRule, rounding: terms.taxRounding },
      paymentFee: payment.fee,
    });
    // Apart in time, so "newest first" has one answer.
    const at = new Date(now - (index + 1) * 3_600_000);
    const {
      shippingAddressId: _s,
      billingAddressId: _b,
      paymentMethodCode: _p,
      additionalServiceCodes: _a,
      ...shipping
    } = selection;
    const [order] = await db
      .insert(orders)
      .values({
        phonexOrderNumber: `SO-${now.toString(36).toUpperCase()}-DEMO${index + 1}`,
        buyerId,
        participantId,
        warehouseCode,
        status: 'ON_HOLD',
        paymentStatus: 'UNPAID',
        shipping: {
          address: { ...view(shipTo), shippingMethodCodes: shipTo.shippingMethodCodes },
          selection: { shippingAddressId: shipTo.id, ...shipping },
        },
        billing: { address: view(billTo), selection: { billingAddressId: billTo.id, paymentMethodCode: DEMO_PAYMENT } },
        paymentMethodCode: DEMO_PAYMENT,
        additionalServices: [],
        ...charges,
        createdAt: at,
        lastUpdateDate: at,
      })
      .returning({ id: orders.id });
    await db.insert(orderLines).values(lines.map((l) => ({ orderId: order!.id, ...l })));
    await db.insert(orderEvents).values({
      orderId: order!.id,
      at,
      userId: user.id,
      kind: 'CREATED',
      fromStatus: null,
      toStatus: 'ON_HOLD',
      detail: { seeded: true },
    });
  }
}
