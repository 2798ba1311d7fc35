import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { buyerAddresses, stockItems, users, warehouseGroups, warehouses } from '../schema';
import { DEMO_ORDERS_BUYER } from './orders';
import { paymentStatusOf, type LedgerKind, type PaymentAttempt } from '../../../../app/domain/orders/payment-balance';
import { NO_FEES } from '../../../../app/domain/orders/fees';

const sumOf = (entries: { kind: LedgerKind; amount: number }[], kind: LedgerKind) =>
  entries.reduce((sum, e) => (e.kind === kind ? sum + e.amount : sum), 0);

/** Every fulfilment status an order of the past may be in. */
export const ORDER_HISTORY_STATUSES = [
  'ON_HOLD',
  'AWAITING_SHIPPING_QUOTE',
  'UNSHIPPED',
  'PARTIALLY_SHIPPED',
  'SHIPPED',
  'INVOICED',
  'CANCELED',
] as const;
export type OrderHistoryStatus = (typeof ORDER_HISTORY_STATUSES)[number];

/** Payment statuses that go with each fulfilment status, taken in turn. */
const PAYMENTS: Record<OrderHistoryStatus, string[]> = {
  ON_HOLD: ['UNPAID'],
  AWAITING_SHIPPING_QUOTE: ['UNPAID'],
  UNSHIPPED: ['AWAITING_PAYMENT', 'PAID', 'FAILED'],
  PARTIALLY_SHIPPED: ['PAID', 'PARTIALLY_PAID', 'UNPAID'],
  SHIPPED: ['PAID', 'UNPAID', 'PARTIALLY_PAID'],
  INVOICED: ['PAID', 'PARTIALLY_PAID'],
  CANCELED: ['NOTHING_DUE', 'REFUNDED'],
};

/** The ledger rows and payment attempt behind each payment status of the past (a part payment is half the total). */
function paymentHistory(
  paymentStatus: string,
  total: number,
): { entries: { kind: LedgerKind; amount: number }[]; attempt: PaymentAttempt | null } {
  switch (paymentStatus) {
    case 'PAID':
      return { entries: [{ kind: 'PAYMENT', amount: total }], attempt: null };
    case 'PARTIALLY_PAID':
      return { entries: [{ kind: 'PAYMENT', amount: Math.floor(total / 2) }], attempt: null };
    case 'REFUNDED':
      return {
        entries: [
          { kind: 'PAYMENT', amount: total },
          { kind: 'REFUND', amount: total },
        ],
        attempt: null,
      };
    case 'AWAITING_PAYMENT':
      return { entries: [], attempt: 'AWAITING' };
    case 'FAILED':
      return { entries: [], attempt: 'FAILED' };
    default:
      return { entries: [], attempt: null };
  }
}

/** Statuses of the demo buyer's past orders: none an order can still be added to, so the cart's add-to-order choices stay one per warehouse. */
const DEMO_HISTORY_STATUSES: OrderHistoryStatus[] = ['SHIPPED', 'INVOICED', 'PARTIALLY_SHIPPED', 'CANCELED'];
const DEMO_HISTORY_COUNT = 12;

const FREIGHT = 25_00;
const CHUNK = 1_000;
const FIRST_SHOWN = 200;
const PER_WAREHOUSE = 40;
const HOUR = 3_600_000;

export interface OrderHistoryOptions {
  buyerId: number;
  count: number;
  /** The statuses the orders go through in turn; all of them when not given. */
  statuses?: readonly OrderHistoryStatus[];
  linesPerOrder?: number;
  /** The newest order's creation; each older one is 7 hours before the next. */
  now?: Date;
  /** What the numbers carry between SO- and the order's place (SO-{stamp}-{n}); unique per call by default. */
  stamp?: string;
  /** Only these warehouses' items (codes): a test keeps to warehouses whose stock no other test moves. */
  warehouses?: readonly string[];
}

export interface OrderHistoryResult {
  created: number;
  /** The first orders made (at most FIRST_SHOWN): their numbers, references and line descriptions. */
  first: { phonexOrderNumber: string; refOrderNumber: string | null; status: string; descriptions: string[] }[];
}

/**
 * A buyer's past orders in bulk: `count` orders (ten thousand in seconds) in chunks of a thousand,
 * each with lines of priced stock items of its warehouse, shipped and canceled quantities that fit
 * its status, charges in minor units, its buyer's addresses, and a CREATED event. Creation dates
 * step back 7 hours an order; updates come a varying while after, so the two sorts differ.
 */
export async function orderHistory(db: Db, options: OrderHistoryOptions): Promise<OrderHistoryResult> {
  const statuses = options.statuses?.length ? options.statuses : ORDER_HISTORY_STATUSES;
  const linesPerOrder = options.linesPerOrder ?? 3;
  const now = (options.now ?? new Date()).getTime();
  // Up to PER_WAREHOUSE priced items of each warehouse, from the participant that owns it.
  const places: Awaited<ReturnType<typeof itemsOf>>[] = [];
  const itemsOf = (participantId: string, warehouseCode: string) =>
    db
      .select({
        participantId: stockItems.participantId,
        warehouseCode: stockItems.warehouseCode,
        itemNumber: stockItems.itemNumber,
        itemNumberWarehouse: stockItems.itemNumberWarehouse,
        description: stockItems.skuDescription,
        listPrice: stockItems.listPrice,
        incrementSize: stockItems.incrementSize,
      })
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
      .limit(PER_WAREHOUSE);
  const all = await db
    .select({ code: warehouses.code, participantId: warehouseGroups.participantId })
    .from(warehouses)
    .innerJoin(warehouseGroups, eq(warehouseGroups.id, warehouses.groupId))
    .orderBy(asc(warehouses.code));
  for (const w of all) {
    if (options.warehouses && !options.warehouses.includes(w.code)) continue;
    const items = await itemsOf(w.participantId, w.code);
    if (items.length) places.push(items);
  }
  if (!places.length) return { created: 0, first: [] };

  const addresses = await db
    .select()
    .from(buyerAddresses)
    .where(eq(buyerAddresses.buyerId, options.buyerId))
    .orderBy(buyerAddresses.id);
  const shipTo = addresses.find((a) => a.kind === 'SHIPPING');
  const billTo = addresses.find((a) => a.kind === 'BILLING');
  const view = (a: NonNullable<typeof shipTo>) => ({
    id: a.id,
    label: a.label,
    name: a.name,
    contact: a.contact,
    address1: a.address1,
    address2: a.address2,
    city: a.city,
    state: a.state,
    zip: a.zip,
    country: a.country,
    instructions: a.instructions,
  });
  const shippingMethodCode = shipTo?.shippingMethodCodes[0] ?? null;
  const shipping = shipTo
    ? {
        address: { ...view(shipTo), shippingMethodCodes: shipTo.shippingMethodCodes },
        selection: {
          shippingAddressId: shipTo.id,
          shippingMethodCode,
          insured: false,
          insuredAmount: null,
          shippingInstructions: '',
        },
      }
    : null;
  const billing = billTo
    ? { address: view(billTo), selection: { billingAddressId: billTo.id, paymentMethodCode: 'TERMS_NET_30' } }
    : null;

  // Unique across calls made in the same millisecond (tests run side by side).
  const stamp = options.stamp ?? `${now.toString(36).toUpperCase()}${randomBytes(2).toString('hex').toUpperCase()}`;
  const result: OrderHistoryResult = { created: 0, first: [] };
  for (let start = 0; start < options.count; start += CHUNK) {
    const size = Math.min(CHUNK, options.count - start);
    const planned = Array.from({ length: size }, (_, k) => {
      const i = start + k;
      const status = statuses[i % statuses.length]!;
      const payments = PAYMENTS[status];
      const items = places[i % places.length]!;
      const lines = Array.from({ length: Math.min(linesPerOrder, items.length) }, (_, j) => {
        const item = items[(i * 7 + j * 13) % items.length]!;
        const quantity = item.incrementSize * (1 + ((i + j) % 5));
        const shippedQuantity =
          status === 'SHIPPED' || status === 'INVOICED'
            ? quantity
            : status === 'PARTIALLY_SHIPPED' && j === 0
              ? item.incrementSize
              : 0;
        return {
          itemNumberWarehouse: item.itemNumberWarehouse,
          itemNumber: item.itemNumber,
          description: item.description,
          quantity,
          canceledQuantity: status === 'CANCELED' ? quantity : 0,
          shippedQuantity,
          incrementSize: item.incrementSize,
          unitPrice: Math.round(item.listPrice! * 100),
        };
      });
      const placed = lines.reduce((sum, l) => sum + l.quantity * l.unitPrice, 0);
      // A canceled order owes nothing, as when the buyer or the seller cancels; what it was paid was its placed total.
      const canceled = status === 'CANCELED';
      const subtotal = canceled ? 0 : placed;
      const freight = canceled ? 0 : FREIGHT;
      const total = subtotal + freight;
      const payment = paymentHistory(payments[Math.floor(i / statuses.length) % payments.length]!, placed + FREIGHT);
      const ledger = {
        captured: sumOf(payment.entries, 'PAYMENT'),
        refunded: sumOf(payment.entries, 'REFUND'),
        credited: 0,
      };
      const createdAt = new Date(now - (i + 1) * 7 * HOUR);
      const lastUpdateDate = new Date(Math.min(now, createdAt.getTime() + ((i * 37) % 240) * HOUR + 60_000));
      return {
        order: {
          phonexOrderNumber: `SO-${stamp}-${i + 1}`,
          refOrderNumber: i % 4 === 3 ? `PO-${String(70_000 + i)}` : null,
          buyerId: options.buyerId,
          participantId: items[0]!.participantId,
          warehouseCode: items[0]!.warehouseCode,
          status,
          paymentStatus: paymentStatusOf({ status, total, ...NO_FEES }, ledger, payment.attempt),
          amountPaid: ledger.captured - ledger.refunded,
          paymentAttempt: payment.attempt,
          shipping,
          billing,
          paymentMethodCode: billing ? 'TERMS_NET_30' : null,
          subtotal,
          freight,
          total,
          createdAt,
          lastUpdateDate,
        },
        lines,
        ledger: payment.entries,
      };
    });
    // Each chunk is three statements whose rows travel as one JSON value apiece: binding thousands
    // of parameters costs PGlite far more than Postgres reading a JSON text.
    const orderRows = planned.map(({ order: o }) => ({
      ...o,
      createdAt: o.createdAt.toISOString(),
      lastUpdateDate: o.lastUpdateDate.toISOString(),
    }));
    const lineRows = planned.flatMap((p) =>
      p.lines.map((l) => ({ phonexOrderNumber: p.order.phonexOrderNumber, ...l })),
    );
    const made = await db.transaction(async (tx) => {
      const inserted = await tx.execute(sql`
        insert into orders (phonex_order_number, ref_order_number, buyer_id, participant_id, warehouse_code, status, payment_status, amount_paid, payment_attempt,
          shipping, billing, payment_method_code, subtotal, freight, total, created_at, last_update_date)
        select r."phonexOrderNumber", r."refOrderNumber", r."buyerId", r."participantId", r."warehouseCode", r.status, r."paymentStatus", r."amountPaid", r."paymentAttempt",
          r.shipping, r.billing, r."paymentMethodCode", r.subtotal, r.freight, r.total, r."createdAt", r."lastUpdateDate"
        from json_to_recordset(${JSON.stringify(orderRows)}::json) as r("phonexOrderNumber" text, "refOrderNumber" text, "buyerId" int,
          "participantId" text, "warehouseCode" text, status text, "paymentStatus" text, "amountPaid" int, "paymentAttempt" text, shipping jsonb, billing jsonb,
          "paymentMethodCode" text, subtotal int, freight int, total int, "createdAt" timestamptz, "lastUpdateDate" timestamptz)
        returning id`);
      await tx.execute(sql`
        insert into order_lines (order_id, item_number_warehouse, item_number, description, quantity, canceled_quantity, shipped_quantity, increment_size, unit_price)
        select o.id, r."itemNumberWarehouse", r."itemNumber", r.description, r.quantity, r."canceledQuantity", r."shippedQuantity", r."incrementSize", r."unitPrice"
        from json_to_recordset(${JSON.stringify(lineRows)}::json) as r("phonexOrderNumber" text, "itemNumberWarehouse" text, "itemNumber" text,
          description text, quantity int, "canceledQuantity" int, "shippedQuantity" int, "incrementSize" int, "unitPrice" int)
        join orders o on o.phonex_order_number = r."phonexOrderNumber"`);
      const ledgerRows = planned.flatMap((p) =>
        p.ledger.map((e, k) => ({
          phonexOrderNumber: p.order.phonexOrderNumber,
          kind: e.kind,
          amount: e.amount,
          reference: `seed-${p.order.phonexOrderNumber}-${k}`,
        })),
      );
      if (ledgerRows.length) {
        await tx.execute(sql`
          insert into payment_ledger (order_id, kind, amount, provider, reference, actor, at)
          select o.id, r.kind, r.amount, 'seller', r.reference, 'seller', o.last_update_date
          from json_to_recordset(${JSON.stringify(ledgerRows)}::json) as r("phonexOrderNumber" text, kind text, amount int, reference text)
          join orders o on o.phonex_order_number = r."phonexOrderNumber"`);
      }
      await tx.execute(sql`
        insert into order_events (order_id, at, user_id, kind, from_status, to_status, detail)
        select o.id, o.created_at, null, 'CREATED', null, o.status, '{"seeded":true}'::jsonb
        from json_to_recordset(${JSON.stringify(planned.map((p) => ({ phonexOrderNumber: p.order.phonexOrderNumber })))}::json) as r("phonexOrderNumber" text)
        join orders o on o.phonex_order_number = r."phonexOrderNumber"`);
      return inserted.rows.length;
    });
    result.created += made;
    for (const p of planned) {
      if (result.first.length >= FIRST_SHOWN) break;
      result.first.push({
        phonexOrderNumber: p.order.phonexOrderNumber,
        refOrderNumber: p.order.refOrderNumber,
        status: p.order.status,
        descriptions: p.lines.map((l) => l.description),
      });
    }
  }
  // A big history changes the tables' statistics: let the planner know (Postgres' autovacuum would, in time; PGlite has none).
  if (result.created >= 1_000) await db.execute(sql`analyze orders, order_lines`);
  return result;
}

/** The demo buyer's past: a dozen shipped, invoiced, partly shipped and canceled orders with their payment states, for the orders list to show. */
export async function seedOrderHistory(db: Db): Promise<void> {
  const [user] = await db.select({ buyerId: users.buyerId }).from(users).where(eq(users.email, DEMO_ORDERS_BUYER));
  if (!user?.buyerId) return;
  // Older than the on-hold orders of the demo (an hour apart from now), so those stay the newest.
  await orderHistory(db, {
    buyerId: user.buyerId,
    count: DEMO_HISTORY_COUNT,
    statuses: DEMO_HISTORY_STATUSES,
    now: new Date(Date.now() - 24 * HOUR),
  });
}
