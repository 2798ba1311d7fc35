import { asc, eq } from 'drizzle-orm';
import { computeCharges, devicesIn, NO_CHARGES, type Charges } from '../../../../app/domain/checkout/charges';
import type { ChargeTerms } from './charge-terms';
import { chargesSum, chargesToInvoice } from '../../../../app/domain/orders/invoice';
import { feesOf, withFees } from '../../../../app/domain/orders/fees';
import type { MarketplaceDeps } from '../../context';
import type { Tx } from '../../db/client';
import { orderEvents, orderInvoices, orderLines, orders, orderShipments } from '../../db/schema';
import { orderLinesOf } from './order-lines';
import { ApiError, notFound } from '../../errors';
import { freightOf, orderTaxRule, readCatalogue, type CheckoutCatalogue } from '../checkout/checkout-catalogue';
import { isValidImei, randomImei } from '../returns/imei';
import { ledgerEntryError, type LedgerKind } from '../../../../app/domain/orders/payment-balance';
import { balanceOfOrder, ledgerOf, recordLedgerEntry, settlePayment } from '../payments/payment-ledger';
import { SELLER_PROVIDER } from '../../../../app/domain/orders/payment-history';

/**
 * The seller's side of an order (spec 3 §4 "server-side transitions", issue 13): ship units with a
 * tracking number and their IMEIs, invoice what was shipped, cancel units, record a payment or a refund,
 * or set the fulfilment status outright for a demo. Each change is one transaction that locks the
 * order, moves its version, stamps lastUpdateDate and writes an order event; a move the order
 * cannot make is refused with a message that says why, and changes nothing.
 */

export const FULFILMENT_STATUSES = [
  'ON_HOLD',
  'AWAITING_SHIPPING_QUOTE',
  'UNSHIPPED',
  'PARTIALLY_SHIPPED',
  'SHIPPED',
  'INVOICED',
  'CANCELED',
] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

/** Statuses of an order the buyer has not released: the seller does not ship it yet. */
const NOT_RELEASED: readonly string[] = ['ON_HOLD', 'AWAITING_SHIPPING_QUOTE'];

/** Who made a change: a user of the marketplace, or nobody (the seller through the CLI or the admin API) with a name for the record. */
export interface Actor {
  userId: number | null;
  name: string;
}
export const SELLER: Actor = { userId: null, name: 'seller' };

export interface LineQuantity {
  itemNumberWarehouse: string;
  quantity: number;
}
export interface ShipmentLine extends LineQuantity {
  /** One per unit shipped; none for goods without serial numbers. */
  imeis?: string[];
}

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;
type InvoiceRow = typeof orderInvoices.$inferSelect;

const refused = (status: 400 | 404 | 409, messageCode: string, message: string) =>
  new ApiError(status, messageCode, message);

/** Units of a line neither canceled nor shipped yet. */
export const remainingOf = (line: Pick<LineRow, 'quantity' | 'canceledQuantity' | 'shippedQuantity'>) =>
  line.quantity - line.canceledQuantity - line.shippedQuantity;

/** Units of each line already invoiced, by itemNumberWarehouse. */
export function invoicedByLine(invoices: Pick<InvoiceRow, 'lines'>[]): Map<string, number> {
  const invoiced = new Map<string, number>();
  for (const invoice of invoices)
    for (const line of invoice.lines)
      invoiced.set(line.itemNumberWarehouse, (invoiced.get(line.itemNumberWarehouse) ?? 0) + line.quantity);
  return invoiced;
}

/**
 * Where an order's lines leave its fulfilment status: every unit canceled is CANCELED; nothing left
 * to ship with something shipped is SHIPPED, or INVOICED once every shipped unit is invoiced; some
 * shipped and some left is PARTIALLY_SHIPPED; nothing shipped keeps the status it had.
 */
export function statusFromLines(
  current: string,
  lines: Pick<LineRow, 'itemNumberWarehouse' | 'quantity' | 'canceledQuantity' | 'shippedQuantity'>[],
  invoiced: Map<string, number>,
): string {
  const ordered = lines.reduce((n, l) => n + l.quantity - l.canceledQuantity, 0);
  const shipped = lines.reduce((n, l) => n + l.shippedQuantity, 0);
  const remaining = lines.reduce((n, l) => n + remainingOf(l), 0);
  if (lines.length && ordered === 0) return 'CANCELED';
  if (shipped === 0) return current;
  if (remaining > 0) return 'PARTIALLY_SHIPPED';
  const allInvoiced = lines.every((l) => (invoiced.get(l.itemNumberWarehouse) ?? 0) >= l.shippedQuantity);
  return allInvoiced ? 'INVOICED' : 'SHIPPED';
}

/**
 * An order's charges again after its quantities changed, the way checkout charged it: freight of its
 * method for the units still ordered (a quoted or bill-my-account freight is kept as it was), the
 * insurance it chose, its services, tax and payment fee. An order with every unit canceled owes nothing.
 */
export function chargesAfterChange(
  catalogue: CheckoutCatalogue,
  terms: ChargeTerms,
  order: OrderRow,
  lines: (Pick<LineRow, 'quantity' | 'canceledQuantity' | 'unitPrice'> & Partial<Pick<LineRow, 'devicesPerUnit'>>)[],
): Omit<Charges, 'totalQuantity'> {
  const live = lines
    .map((l) => ({
      quantity: l.quantity - l.canceledQuantity,
      unitPrice: l.unitPrice,
      devicesPerUnit: l.devicesPerUnit,
    }))
    .filter((l) => l.quantity > 0);
  const units = devicesIn(live);
  if (units === 0) return NO_CHARGES;
  const selection = (order.shipping?.selection ?? {}) as {
    shippingMethodCode?: string | null;
    insured?: boolean | null;
    insuredAmount?: number | null;
  };
  const address = (order.shipping?.address ?? null) as { country: string; state: string } | null;
  const method = catalogue.shippingMethods.find((m) => m.code === selection.shippingMethodCode);
  const priced = method?.freight && address ? freightOf(method, catalogue, address.country, units) : null;
  const insured =
    priced !== null &&
    method?.insuranceAvailable &&
    selection.insured &&
    selection.insuredAmount &&
    selection.insuredAmount > 0;
  const taxRule = orderTaxRule(catalogue, method, order.warehouseCode, address);
  const subtotal = live.reduce((n, l) => n + l.quantity * l.unitPrice, 0);
  const { totalQuantity: _units, ...charges } = computeCharges({
    lines: live,
    // A freight the method cannot price again (a quote, the buyer's own account) stays what it was.
    freight: priced ?? (order.freightUndefined ? null : order.freight),
    insurance: insured ? { insuredAmount: selection.insuredAmount!, rate: catalogue.insuranceRate } : null,
    // The promotions as they were when the order was placed: a change keeps what the order earned while it still earns it.
    freeFreight: terms.freeFreight({ subtotal, shippingMethodCode: method?.code }, order.createdAt),
    services: catalogue.additionalServices.filter((s) => order.additionalServices.includes(s.code)).map((s) => s.fee),
    tax: taxRule && { ...taxRule, rounding: terms.taxRounding },
    paymentFee: catalogue.paymentMethods.find((p) => p.code === order.paymentMethodCode)?.fee ?? null,
  });
  // The order keeps the tax description it was placed with (in the tenant's language of that day) while it is taxed by the same rule.
  return charges.taxDescription && order.taxDescription
    ? { ...charges, taxDescription: order.taxDescription }
    : charges;
}

/** The next invoice number of an order: INV-, the order number without its SO- prefix, and a count. Letters, digits and dashes only (it is a path segment). */
export const invoiceNumberFor = (phonexOrderNumber: string, count: number) =>
  `INV-${phonexOrderNumber.replace(/^SO-/, '')}-${count}`.replace(/[^A-Za-z0-9-]/g, '').slice(0, 40);

/** Several lines of a request naming the same item: refused, so that "how many" has one answer. */
function once<T extends { itemNumberWarehouse: string }>(lines: T[]): T[] {
  const seen = new Set<string>();
  for (const line of lines) {
    if (seen.has(line.itemNumberWarehouse))
      throw refused(400, 'lineTwice', `${line.itemNumberWarehouse} is listed more than once.`);
    seen.add(line.itemNumberWarehouse);
  }
  return lines;
}

function lineOf(order: OrderRow, lines: LineRow[], itemNumberWarehouse: string): LineRow {
  const line = lines.find((l) => l.itemNumberWarehouse === itemNumberWarehouse);
  if (!line) throw refused(400, 'unknownLine', `Order ${order.phonexOrderNumber} has no line ${itemNumberWarehouse}.`);
  return line;
}

function notCanceled(order: OrderRow) {
  if (order.status === 'CANCELED')
    throw refused(409, 'orderCanceled', `Order ${order.phonexOrderNumber} is canceled: it cannot be changed.`);
}

export function createOrderFulfilment(
  deps: Pick<MarketplaceDeps, 'db' | 'stockChanges' | 'reportError'> & { terms: ChargeTerms },
) {
  const { db, terms } = deps;

  /**
   * One change of an order: in a transaction that holds the order's row, reads it with its lines and
   * invoices, lets `work` refuse or write, then moves version and lastUpdateDate and records the event.
   */
  async function change<R>(
    phonexOrderNumber: string,
    actor: Actor,
    at: Date,
    work: (
      tx: Tx,
      order: OrderRow,
      lines: LineRow[],
      invoices: InvoiceRow[],
    ) => Promise<{
      set?: Partial<OrderRow>;
      kind: string;
      from: string | null;
      to: string | null;
      detail: Record<string, unknown>;
      result: R;
    }>,
  ): Promise<{ order: OrderRow; result: R }> {
    return db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(orders)
        .where(eq(orders.phonexOrderNumber, phonexOrderNumber))
        .for('update');
      if (!order) throw notFound('Order');
      const lines = await orderLinesOf(tx, order.id);
      const invoices = await tx
        .select()
        .from(orderInvoices)
        .where(eq(orderInvoices.orderId, order.id))
        .orderBy(asc(orderInvoices.id));
      const done = await work(tx, order, lines, invoices);
      await tx
        .update(orders)
        .set({ ...done.set, version: order.version + 1, lastUpdateDate: at })
        .where(eq(orders.id, order.id));
      // Charges and status may have moved, or the ledger grown: what is paid and owed follows.
      const updated = await settlePayment(tx, order.id);
      await tx.insert(orderEvents).values({
        orderId: order.id,
        at,
        userId: actor.userId,
        kind: done.kind,
        fromStatus: done.from,
        toStatus: done.to,
        detail: { ...done.detail, actor: actor.name },
      });
      return { order: updated, result: done.result };
    });
  }

  /** One row more in an order's ledger, refused when it would refund more than was paid or pay what is not owed. */
  function ledgerChange(
    phonexOrderNumber: string,
    kind: LedgerKind,
    input: { amount?: number; reference?: string; actor?: Actor; at?: Date },
  ) {
    const actor = input.actor ?? SELLER;
    const at = input.at ?? new Date();
    return change(phonexOrderNumber, actor, at, async (tx, order) => {
      const balance = await balanceOfOrder(tx, order);
      const amount = input.amount ?? (kind === 'PAYMENT' ? balance.balanceDue : balance.creditDue || balance.paid);
      if (input.amount === undefined && amount === 0)
        throw refused(
          409,
          kind === 'PAYMENT' ? 'nothingOwed' : 'nothingPaid',
          kind === 'PAYMENT'
            ? `Order ${order.phonexOrderNumber} owes nothing.`
            : `Order ${order.phonexOrderNumber} has nothing paid to refund.`,
        );
      const error = ledgerEntryError(kind, amount, balance);
      if (error === 'amount')
        throw refused(400, 'invalidAmount', 'The amount must be a whole number of minor units above 0.');
      if (error === 'refundExceedsPaid')
        throw refused(
          409,
          'refundExceedsPaid',
          `Order ${order.phonexOrderNumber} has ${balance.paid} paid: a refund of ${amount} is more than that.`,
        );
      const reference = input.reference ?? `${kind.toLowerCase()}-${order.phonexOrderNumber}-${at.getTime()}`;
      if (
        !(await recordLedgerEntry(tx, {
          orderId: order.id,
          kind,
          amount,
          provider: SELLER_PROVIDER,
          reference,
          userId: actor.userId,
          actor: actor.name,
          at,
        }))
      ) {
        throw refused(
          409,
          'duplicateReference',
          `Order ${order.phonexOrderNumber} already has a ${kind.toLowerCase()} with reference ${reference}.`,
        );
      }
      const settled = await settlePayment(tx, order.id);
      return {
        kind,
        from: order.paymentStatus,
        to: settled.paymentStatus,
        detail: { amount, reference, paidBefore: balance.paid },
        result: { amount, reference },
      };
    });
  }

  return {
    /**
     * Ships units of an order's lines under one tracking number: the lines named (all that remain when
     * none are), each with one IMEI per unit when given (or made up with generateImeis).
     */
    async ship(
      phonexOrderNumber: string,
      input: { trackingNumber: string; lines?: ShipmentLine[]; generateImeis?: boolean; actor?: Actor; at?: Date },
    ) {
      const at = input.at ?? new Date();
      return change(phonexOrderNumber, input.actor ?? SELLER, at, async (tx, order, lines, invoices) => {
        notCanceled(order);
        if (NOT_RELEASED.includes(order.status))
          throw refused(
            409,
            'orderNotReleased',
            `Order ${order.phonexOrderNumber} is ${order.status}: it ships once it is released.`,
          );
        const wanted: ShipmentLine[] = input.lines
          ? once(input.lines)
          : lines
              .filter((l) => remainingOf(l) > 0)
              .map((l) => ({ itemNumberWarehouse: l.itemNumberWarehouse, quantity: remainingOf(l) }));
        if (!wanted.length)
          throw refused(409, 'nothingToShip', `Order ${order.phonexOrderNumber} has nothing left to ship.`);
        const earlier = new Set(
          (
            await tx
              .select({ lines: orderShipments.lines })
              .from(orderShipments)
              .where(eq(orderShipments.orderId, order.id))
          ).flatMap((s) => s.lines.flatMap((l) => l.imeis)),
        );
        const seen = new Set<string>();
        const shipped = wanted.map((w) => {
          const line = lineOf(order, lines, w.itemNumberWarehouse);
          const left = remainingOf(line);
          if (w.quantity > left) {
            throw refused(
              409,
              'overShipped',
              `Cannot ship ${w.quantity} of ${line.itemNumberWarehouse}: ${line.quantity} ordered, ${line.canceledQuantity} canceled, ${line.shippedQuantity} shipped, so ${left} can ship.`,
            );
          }
          const imeis = w.imeis ?? (input.generateImeis ? Array.from({ length: w.quantity }, randomImei) : []);
          if (imeis.length && imeis.length !== w.quantity) {
            throw refused(
              400,
              'imeiCount',
              `${line.itemNumberWarehouse}: ${w.quantity} units ship but ${imeis.length} IMEIs were given; give one IMEI per unit.`,
            );
          }
          for (const imei of imeis) {
            if (!isValidImei(imei))
              throw refused(400, 'invalidImei', `${imei} is not an IMEI (15 digits ending with the Luhn check digit).`);
            if (seen.has(imei) || earlier.has(imei))
              throw refused(
                409,
                'imeiShipped',
                `IMEI ${imei} is already on a shipment of order ${order.phonexOrderNumber}.`,
              );
            seen.add(imei);
          }
          return { line, quantity: w.quantity, imeis };
        });
        for (const { line, quantity } of shipped) {
          line.shippedQuantity += quantity;
          await tx.update(orderLines).set({ shippedQuantity: line.shippedQuantity }).where(eq(orderLines.id, line.id));
        }
        const shipmentLines = shipped.map(({ line, quantity, imeis }) => ({
          itemNumberWarehouse: line.itemNumberWarehouse,
          quantity,
          imeis,
        }));
        const [shipment] = await tx
          .insert(orderShipments)
          .values({ orderId: order.id, trackingNumber: input.trackingNumber, shippedAt: at, lines: shipmentLines })
          .returning();
        const status = statusFromLines(order.status, lines, invoicedByLine(invoices));
        return {
          set: { status },
          kind: 'SHIPPED',
          from: order.status,
          to: status,
          detail: {
            trackingNumber: input.trackingNumber,
            lines: shipmentLines.map(({ itemNumberWarehouse, quantity }) => ({ itemNumberWarehouse, quantity })),
            imeis: shipmentLines.reduce((n, l) => n + l.imeis.length, 0),
          },
          result: { shipmentId: shipment!.id, trackingNumber: input.trackingNumber, lines: shipmentLines },
        };
      });
    },

    /**
     * Invoices shipped units not invoiced yet: the lines named, or all of them. The first invoice of an
     * order also carries its freight, services, tax and payment fee, so that the invoices of a
     * fully invoiced order add up to its total.
     */
    async invoice(phonexOrderNumber: string, input: { lines?: LineQuantity[]; actor?: Actor; at?: Date } = {}) {
      const at = input.at ?? new Date();
      return change(phonexOrderNumber, input.actor ?? SELLER, at, async (tx, order, lines, invoices) => {
        notCanceled(order);
        if (!lines.some((l) => l.shippedQuantity > 0))
          throw refused(409, 'nothingShipped', `Order ${order.phonexOrderNumber} has nothing shipped to invoice.`);
        const invoiced = invoicedByLine(invoices);
        const open = (l: LineRow) => l.shippedQuantity - (invoiced.get(l.itemNumberWarehouse) ?? 0);
        const wanted = input.lines
          ? once(input.lines)
          : lines
              .filter((l) => open(l) > 0)
              .map((l) => ({ itemNumberWarehouse: l.itemNumberWarehouse, quantity: open(l) }));
        if (!wanted.length)
          throw refused(
            409,
            'nothingToInvoice',
            `Everything shipped on order ${order.phonexOrderNumber} is invoiced already.`,
          );
        const invoiceLines = wanted.map((w) => {
          const line = lineOf(order, lines, w.itemNumberWarehouse);
          if (w.quantity > open(line)) {
            throw refused(
              409,
              'overInvoiced',
              `Cannot invoice ${w.quantity} of ${line.itemNumberWarehouse}: ${line.shippedQuantity} shipped, ${invoiced.get(line.itemNumberWarehouse) ?? 0} invoiced, so ${open(line)} can be invoiced.`,
            );
          }
          return {
            itemNumberWarehouse: line.itemNumberWarehouse,
            itemNumber: line.itemNumber,
            description: line.description,
            quantity: w.quantity,
            unitPrice: line.unitPrice,
          };
        });
        const goods = invoiceLines.reduce((n, l) => n + l.quantity * l.unitPrice, 0);
        const charges = chargesToInvoice(order, invoices.length);
        const amount = goods + chargesSum(charges);
        const invoiceNumber = invoiceNumberFor(order.phonexOrderNumber, invoices.length + 1);
        await tx
          .insert(orderInvoices)
          .values({ orderId: order.id, invoiceNumber, invoicedAt: at, amount, lines: invoiceLines, charges });
        for (const l of invoiceLines)
          invoiced.set(l.itemNumberWarehouse, (invoiced.get(l.itemNumberWarehouse) ?? 0) + l.quantity);
        const status = statusFromLines(order.status, lines, invoiced);
        return {
          set: { status },
          kind: 'INVOICED',
          from: order.status,
          to: status,
          detail: {
            invoiceNumber,
            amount,
            lines: invoiceLines.map(({ itemNumberWarehouse, quantity }) => ({ itemNumberWarehouse, quantity })),
          },
          result: { invoiceNumber, amount, lines: invoiceLines },
        };
      });
    },

    /**
     * Cancels units not shipped yet: the lines named, or everything that remains. The stock takes the
     * units back and the order's charges are worked out again; an order with no unit left is CANCELED.
     */
    async cancelLines(phonexOrderNumber: string, input: { lines?: LineQuantity[]; actor?: Actor; at?: Date } = {}) {
      const at = input.at ?? new Date();
      const catalogue = await readCatalogue(db);
      const done = await change(phonexOrderNumber, input.actor ?? SELLER, at, async (tx, order, lines, invoices) => {
        notCanceled(order);
        const wanted = input.lines
          ? once(input.lines)
          : lines
              .filter((l) => remainingOf(l) > 0)
              .map((l) => ({ itemNumberWarehouse: l.itemNumberWarehouse, quantity: remainingOf(l) }));
        if (!wanted.length)
          throw refused(
            409,
            'nothingToCancel',
            `Order ${order.phonexOrderNumber} has nothing left to cancel: every unit is shipped or canceled.`,
          );
        const canceled = wanted.map((w) => {
          const line = lineOf(order, lines, w.itemNumberWarehouse);
          const left = remainingOf(line);
          if (w.quantity > left) {
            throw refused(
              409,
              'overCanceled',
              `Cannot cancel ${w.quantity} of ${line.itemNumberWarehouse}: ${line.quantity} ordered, ${line.canceledQuantity} canceled, ${line.shippedQuantity} shipped, so ${left} can be canceled.`,
            );
          }
          return { line, quantity: w.quantity };
        });
        for (const { line, quantity } of canceled) {
          line.canceledQuantity += quantity;
          await tx
            .update(orderLines)
            .set({ canceledQuantity: line.canceledQuantity })
            .where(eq(orderLines.id, line.id));
        }
        // The fees charged on the order stay charged: the seller's cancel adds none.
        const charges = withFees(chargesAfterChange(catalogue, terms, order, lines), feesOf(order));
        const status = statusFromLines(order.status, lines, invoicedByLine(invoices));
        const returned = canceled.map(({ line, quantity }) => ({
          itemNumberWarehouse: line.itemNumberWarehouse,
          quantity,
        }));
        // The canceled units are free again in the same transaction as the cancel: a process killed
        // after the commit cannot leave them taken.
        const freed = await deps.stockChanges.within(
          tx,
          returned.map((l) => ({
            participantId: order.participantId,
            itemNumberWarehouse: l.itemNumberWarehouse,
            quantityDelta: l.quantity,
          })),
          'order canceled',
        );
        return {
          set: { ...charges, status },
          kind: 'LINES_CANCELED',
          from: order.status,
          to: status,
          detail: { lines: returned, totalBefore: order.total, totalAfter: charges.total },
          result: { returned, freed },
        };
      });
      await deps.stockChanges.announce(done.result.freed);
      return { order: done.order, result: { lines: done.result.returned } };
    },

    /**
     * Records a payment the seller received outside the integrated provider (a wire, terms, cash on
     * delivery): a ledger row of `amount` minor units, the balance still owed when none is given.
     */
    async recordPayment(
      phonexOrderNumber: string,
      input: { amount?: number; reference?: string; actor?: Actor; at?: Date } = {},
    ) {
      return ledgerChange(phonexOrderNumber, 'PAYMENT', input);
    },

    /** Records money the seller gave back: a ledger row of `amount` minor units, the credit owed (or else everything paid) when none is given. */
    async refund(
      phonexOrderNumber: string,
      input: { amount?: number; reference?: string; actor?: Actor; at?: Date } = {},
    ) {
      return ledgerChange(phonexOrderNumber, 'REFUND', input);
    },

    /**
     * Sets the fulfilment status outright (for demos; shipments and invoices are not made up). A
     * canceled order stays canceled, and canceling goes through cancelLines, which returns the stock.
     */
    async setStatus(phonexOrderNumber: string, status: FulfilmentStatus, input: { actor?: Actor; at?: Date } = {}) {
      return change(phonexOrderNumber, input.actor ?? SELLER, input.at ?? new Date(), async (_tx, order) => {
        notCanceled(order);
        if (status === 'CANCELED')
          throw refused(
            409,
            'cancelWithLines',
            `Cancel order ${order.phonexOrderNumber} by canceling its lines (orders cancel-lines): that returns the stock and works out the total again.`,
          );
        if (order.status === status)
          throw refused(409, 'unchanged', `Order ${order.phonexOrderNumber} is ${status} already.`);
        return { set: { status }, kind: 'STATUS_SET', from: order.status, to: status, detail: {}, result: null };
      });
    },

    /** An order as the seller sees it: its lines with invoiced units, shipments, invoices and events. */
    async details(phonexOrderNumber: string) {
      const [order] = await db.select().from(orders).where(eq(orders.phonexOrderNumber, phonexOrderNumber));
      if (!order) throw notFound('Order');
      const [lines, shipments, invoices, events] = [
        await orderLinesOf(db, order.id),
        await db
          .select()
          .from(orderShipments)
          .where(eq(orderShipments.orderId, order.id))
          .orderBy(asc(orderShipments.id)),
        await db.select().from(orderInvoices).where(eq(orderInvoices.orderId, order.id)).orderBy(asc(orderInvoices.id)),
        await db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(asc(orderEvents.id)),
      ];
      const ledger = await ledgerOf(db, order.id);
      const invoiced = invoicedByLine(invoices);
      return {
        order,
        lines: lines.map((l) => ({
          ...l,
          invoicedQuantity: invoiced.get(l.itemNumberWarehouse) ?? 0,
          remainingQuantity: remainingOf(l),
        })),
        shipments,
        invoices,
        events,
        ledger,
        balance: await balanceOfOrder(db, order),
      };
    },
  };
}

export type OrderFulfilment = ReturnType<typeof createOrderFulfilment>;

/** The fields of an order an admin answer shows. */
export const orderSummaryView = (o: OrderRow) => ({
  phonexOrderNumber: o.phonexOrderNumber,
  status: o.status,
  paymentStatus: o.paymentStatus,
  amountPaid: o.amountPaid,
  version: o.version,
  subtotal: o.subtotal,
  total: o.total,
  lastUpdateDate: o.lastUpdateDate.toISOString(),
});
