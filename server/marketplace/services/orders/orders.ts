import { and, eq, lt, sql } from 'drizzle-orm';
import { NO_CHARGES, type PricedLine } from '../../../../app/domain/checkout/charges';
import { INTEGRATED_PAYPAL, REQUEST_A_QUOTE } from '../../../../app/domain/checkout/options';
import {
  invalidRows,
  orderSizeOf,
  PAIR,
  withoutStale,
  type Row,
  type Selection,
} from '../../../../app/domain/checkout/selection';
import { lineQuantityError, quantityOf, removalError, type LineError } from '../../../../app/domain/orders/line-edit';
import {
  changeCount,
  NO_CHANGES,
  pendingFrom,
  withLine,
  withRows,
  type PendingChanges,
} from '../../../../app/domain/orders/pending';
import {
  cannotBeEdited,
  CLOSED_STATUSES,
  HOLDABLE_STATUS,
  permissionsFor,
  ROW_PERMISSION,
} from '../../../../app/domain/orders/permissions';
import type { MarketplaceDeps, SignedInUser } from '../../context';
import type { Db, Tx } from '../../db/client';
import { orderDrafts, orderEvents, orderLines, orders } from '../../db/schema';
import { orderLinesOf, type OrderLine } from './order-lines';
import { ApiError } from '../../errors';
import { choiceColumns, savedCharges, type CheckoutService } from '../checkout/checkout';
import { pickUpLocationOf, readCatalogueIn } from '../checkout/checkout-catalogue';
import { wordsIn } from '../texts/texts';
import { readOrderSettings } from './order-settings';
import { accountTermsOf, collectionOf } from '../../../../app/domain/orders/payment-collection';
import { feesOf, withFees } from '../../../../app/domain/orders/fees';
import {
  extensionCountSql,
  feesDue,
  firstInvoicedSql,
  paymentTermsPermissions,
  readOrderTermsSettings,
  startPaymentTerms,
} from './order-terms';
import { historyEntryOf, paymentView, settlePayment } from '../payments/payment-ledger';
import { returnCreditOf } from '../../../../app/domain/orders/payment-history';
import type { StockChange } from '../stock/stock-changes';

type Order = typeof orders.$inferSelect;

/** How long unsaved changes to an order are kept without a touch. */
export const ORDER_DRAFT_LIFETIME_MS = 30 * 24 * 3_600_000;

/** What a buyer does with a placed order in one save (spec 3 §7 "PUT order upsert"). */
export const ORDER_ACTIONS = ['SAVE', 'HOLD', 'RELEASE', 'CANCEL'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** One unsaved change a buyer makes on the order details screen. */
export type DraftChange =
  | { kind: 'line'; lineId: number; quantity: string }
  | { kind: 'remove'; lineId: number }
  | { kind: 'restore'; lineId: number }
  | { kind: 'rows'; rows: Row[]; selection: Selection };

const LINE_MESSAGES: Record<LineError['key'], (e: LineError) => string> = {
  'orders.line.invalidOrderQuantity': () => 'Invalid order quantity',
  'orders.line.notEnough': () => 'Not enough quantity',
  'orders.line.max': (e) => `Max quantity: ${'quantity' in e ? e.quantity : ''}`,
  'orders.line.min': (e) => `Min quantity : ${'quantity' in e ? e.quantity : ''}`,
  'orders.line.invalidQuantity': () => 'Invalid quantity',
  'orders.line.invalidIncrement': () => 'Invalid Increment Size',
};
const REMOVE_LAST =
  'Removing this item will cancel the order. Unable to cancel the order. Please reach out to your Sales Rep.';

const outdated = () =>
  new ApiError(
    409,
    'outdatedSalesOrder',
    'Your order was recently updated and your changes are not up to date. Please review your changes and try again.',
  );
const notAllowed = () =>
  new ApiError(403, 'orderChangeNotAllowed', 'Order cannot be edited, please contact your sales rep.');
const refused = (message: string, params: Record<string, string | number> = {}) =>
  new ApiError(422, 'orderChangeRefused', message, params);

/** The units of a line that still count: ordered, less what the seller canceled. */
const liveQuantity = (line: { quantity: number; canceledQuantity: number }) =>
  Math.max(0, line.quantity - line.canceledQuantity);

/**
 * Placed orders on the marketplace's side (spec 3 §2.6, §4, §7): an order with its options and
 * permissions, the buyer's unsaved changes kept per order and user, and the one save that applies
 * them (or releases or cancels the order) against the version the buyer saw.
 */
export function createOrderService(
  deps: Pick<MarketplaceDeps, 'db' | 'config' | 'stock' | 'stockChanges' | 'reportError'>,
  checkout: CheckoutService,
) {
  const { db } = deps;

  async function linesOf(order: Order) {
    const rows = await orderLinesOf(db, order.id);
    // The quantities from the stock held in memory at the current revision: an order may have
    // hundreds of lines, and PGlite takes tens of milliseconds to look that many up.
    const stock = rows.length ? await deps.stock.snapshot(order.participantId) : null;
    // The rows are this call's own: each gets its quantity in place (a copy of 500 lines was half a millisecond).
    const lines = rows as (OrderLine & { availableQuantity: number })[];
    for (const line of lines)
      line.availableQuantity = stock?.byKey.get(line.itemNumberWarehouse)?.quantityAvailable ?? 0;
    return lines;
  }
  type Line = Awaited<ReturnType<typeof linesOf>>[number];

  const ofSession = (orderId: number, user: SignedInUser) =>
    and(eq(orderDrafts.orderId, orderId), eq(orderDrafts.userId, user.id), eq(orderDrafts.sessionId, user.sessionId));

  async function draftOf(orderId: number, user: SignedInUser, tx: Db | Tx = db) {
    const [row] = await tx.select().from(orderDrafts).where(ofSession(orderId, user));
    return row ? { baseVersion: row.baseVersion, changes: pendingFrom(row.changes) } : null;
  }

  /** The lines as they will be once the changes are saved (a removed line is at 0), priced on what still counts. */
  function linesAfter(lines: Line[], changes: PendingChanges) {
    return lines.map((l) => {
      const pending = changes.lines[String(l.id)];
      const quantity = pending ?? l.quantity;
      return { line: l, quantity, changed: pending !== undefined };
    });
  }
  const priced = (after: ReturnType<typeof linesAfter>): PricedLine[] =>
    after
      .filter((a) => a.quantity > 0)
      .map(({ line, quantity }) => {
        const units = liveQuantity({ quantity, canceledQuantity: line.canceledQuantity });
        return {
          itemNumber: line.itemNumber,
          itemNumberWarehouse: line.itemNumberWarehouse,
          description: line.description,
          quantity: units,
          unitPrice: line.unitPrice,
          extendedPrice: units * line.unitPrice,
          devicesPerUnit: line.devicesPerUnit,
        };
      });

  /** The choice, options and charges of an order with some changes applied. */
  async function priceWith(order: Order, lines: Line[], changes: PendingChanges) {
    const after = linesAfter(lines, changes);
    const pricedLines = priced(after);
    const size = orderSizeOf(pricedLines);
    const catalogue = await readCatalogueIn(db, deps.config.language);
    // Priced as at checkout: each method says what it would charge this order before the buyer picks it.
    const options = await checkout.optionsFor(order.buyerId, catalogue, size, true);
    const saved = checkout.selectionOfOrder(order);
    const selection = changes.selection ?? saved;
    return {
      after,
      size,
      options,
      saved,
      selection,
      catalogue,
      charges: checkout.chargesOf(
        catalogue,
        options,
        pricedLines,
        withoutStale(selection, options, size),
        order.warehouseCode,
        order.createdAt,
      ),
    };
  }

  /**
   * What the details screen reads about an order besides its lines, in one statement: its warehouse
   * label, whether a network participant sells it, its tracking numbers, this session's draft, its
   * payment ledger and how often its payment time was extended (each a round trip of its own was
   * about a millisecond of PGlite's).
   */
  async function surroundingsOf(order: Order, user: SignedInUser) {
    const result = await db.execute<{
      label: string | null;
      isOwn: boolean | null;
      tracking: string[];
      draft: { baseVersion: number; changes: unknown } | null;
      ledger: { kind: string; amount: number; provider: string; reference: string; at: string }[];
      extensions: number;
      invoicedAt: string | null;
      lot: { id: number; title: string } | null;
    }>(sql`
      select (select label from warehouses where code = ${order.warehouseCode}) as "label",
        (select is_own from participants where id = ${order.participantId}) as "isOwn",
        coalesce((select json_agg(tracking_number order by id) from order_shipments where order_id = ${order.id}), '[]'::json) as "tracking",
        (select json_build_object('baseVersion', ${orderDrafts.baseVersion}, 'changes', ${orderDrafts.changes}) from ${orderDrafts} where ${ofSession(order.id, user)}) as "draft",
        coalesce((select json_agg(json_build_object('kind', kind, 'amount', amount, 'provider', provider, 'reference', reference, 'at', at) order by id) from payment_ledger where order_id = ${order.id}), '[]'::json) as "ledger",
        ${extensionCountSql(order.id)} as "extensions",
        ${firstInvoicedSql(order.id)} as "invoicedAt",
        (select json_build_object('id', id, 'title', title) from auction_lots where order_id = ${order.id}) as "lot"`);
    const row = result.rows[0];
    const words = await wordsIn(db, deps.config.language);
    return {
      warehouseLabel: row?.label == null ? null : words('warehouse', order.warehouseCode, 'label', row.label),
      isOwn: row?.isOwn ?? null,
      trackingNumbers: row?.tracking ?? [],
      draft: row?.draft ? { baseVersion: row.draft.baseVersion, changes: pendingFrom(row.draft.changes) } : null,
      paymentHistory: (row?.ledger ?? []).map(historyEntryOf),
      extensions: Number(row?.extensions ?? 0),
      invoicedAt: row?.invoicedAt ? new Date(row.invoicedAt) : null,
      auctionLot: row?.lot ?? null,
    };
  }

  async function ownOrder(user: SignedInUser, phonexOrderNumber: string) {
    return checkout.ownOrder(user, phonexOrderNumber);
  }

  /** Everything the order details screen shows (spec 3 §2.6): the order, its options and permissions, and this user's unsaved changes with their effect. */
  async function details(user: SignedInUser, phonexOrderNumber: string) {
    const order = await ownOrder(user, phonexOrderNumber);
    // What depends only on the order is asked for at once (on PostgreSQL, over several connections).
    const [lines, surroundings] = await Promise.all([linesOf(order), surroundingsOf(order, user)]);
    const { draft, paymentHistory } = surroundings;
    const returnCredit = returnCreditOf(paymentHistory);
    const terms = await paymentTermsPermissions(db, order, new Date(), surroundings.extensions);
    const changes = draft?.changes ?? NO_CHANGES;
    const closed = (CLOSED_STATUSES as readonly string[]).includes(order.status);
    const permission = { ...permissionsFor(order.status, order.paymentStatus), ...terms };
    const { after, size, options, saved, selection, charges, catalogue } = await priceWith(order, lines, changes);
    const count = changeCount(changes);
    const paymentMethod = catalogue.paymentMethods.find((p) => p.code === order.paymentMethodCode);
    const accountTerms = accountTermsOf(
      collectionOf(catalogue.paymentMethods, order.paymentMethodCode),
      { status: order.status, paymentStatus: order.paymentStatus, invoicedAt: surroundings.invoicedAt },
      (await readOrderTermsSettings(db)).useCurrentAccountTextForPayment,
      new Date(),
    );
    return {
      salesOrder: {
        phonexOrderNumber: order.phonexOrderNumber,
        refOrderNumber: order.refOrderNumber,
        refOrderNumberOrPhonexOrderNumber: order.refOrderNumber ?? order.phonexOrderNumber,
        warehouseCode: order.warehouseCode,
        warehouse: surroundings.warehouseLabel ?? order.warehouseCode,
        pxnsOrder: surroundings.isOwn === null ? false : !surroundings.isOwn,
        fulfillmentStatus: order.status,
        paymentStatus: order.paymentStatus,
        createDate: order.createdAt.toISOString(),
        updateDate: order.lastUpdateDate.toISOString(),
        version: order.version,
        selection: saved,
        shippingAddress: (order.shipping?.address as Record<string, unknown> | undefined) ?? null,
        billingAddress: (order.billing?.address as Record<string, unknown> | undefined) ?? null,
        paymentMethodLabel: paymentMethod?.label ?? order.paymentMethodCode ?? '',
        /** How to pay with the order's method, in the buyer's language: what an overdue order points to. */
        paymentInstructions: paymentMethod?.instructions ?? '',
        /** When an order on account (net terms) is due; null for a method paid before shipping. */
        accountTerms,
        /** The auction lot whose award made this order, to link back to. */
        auctionLot: surroundings.auctionLot,
        /** Where the buyer collects it, for an order picked up at its warehouse. */
        pickUp: pickUpLocationOf(
          catalogue,
          saved.shippingMethodCode,
          order.warehouseCode,
          surroundings.warehouseLabel ?? order.warehouseCode,
        ),
        shippingMethodLabel:
          catalogue.shippingMethods.find((m) => m.code === saved.shippingMethodCode)?.label ??
          saved.shippingMethodCode ??
          '',
        additionalServiceLabels: catalogue.additionalServices
          .filter((s) => order.additionalServices.includes(s.code))
          .map((s) => s.label),
        participantId: order.participantId,
        trackingNumbers: [...new Set(surroundings.trackingNumbers)],
        items: after.map(({ line, quantity, changed }) => ({
          id: line.id,
          itemNumber: line.itemNumber,
          itemDescription: line.description,
          itemNumberWarehouse: line.itemNumberWarehouse,
          orderedQuantity: line.quantity,
          canceledQuantity: line.canceledQuantity,
          shippedQuantity: line.shippedQuantity,
          availableQuantity: line.availableQuantity,
          incrementSize: line.incrementSize,
          unitPrice: line.unitPrice,
          extendedPrice: line.quantity * line.unitPrice,
          pendingQuantity: changed ? quantity : null,
        })),
        totalOrderedQuantity: lines.reduce((n, l) => n + l.quantity, 0),
        charges: savedCharges(order),
        payment: paymentView(order),
        /** What returns credited to the order (ledger CREDIT rows), part of amountPaid. */
        returnCredit,
        /** The order's payment ledger, oldest first: every payment, refund and return credit on a line of its own. */
        paymentHistory,
      },
      // A closed order offers nothing to choose; one in progress without a single address cannot be edited here.
      orderOptions:
        closed ||
        cannotBeEdited(order.status, options.shippingAddresses.length > 0 && options.billingAddresses.length > 0)
          ? null
          : options,
      permission,
      pending: { count, changes, baseVersion: draft?.baseVersion ?? order.version },
      preview: {
        selection,
        // The fees charged stay what they are through a change; a cancellation's own is asked for on its confirmation.
        charges: withFees(charges, feesOf(order)),
        orderSize: size,
        invalidRows: invalidRows(withoutStale(selection, options, size), options, size),
      },
    };
  }

  /** Checks one change against the order as it is now; answers the changes with it made. */
  function changed(
    order: Order,
    lines: Line[],
    saved: Selection,
    changes: PendingChanges,
    change: DraftChange,
    context: Awaited<ReturnType<typeof priceWith>>,
  ): PendingChanges {
    const permission = permissionsFor(order.status, order.paymentStatus);
    if (change.kind === 'rows') {
      for (const row of change.rows) if (!permission[ROW_PERMISSION[row]]) throw notAllowed();
      const selection = withoutStale(change.selection, context.options, context.size);
      const [invalid] = Object.entries(
        invalidRows(selection, context.options, context.size, [...new Set(change.rows.flatMap((r) => PAIR[r]))]),
      );
      if (invalid)
        throw refused('Please finalize the following: ' + invalid[0], {
          row: invalid[0],
          key: Object.values(invalid[1])[0]!.key,
        });
      return withRows(changes, saved, selection, change.rows);
    }
    const line = lines.find((l) => l.id === change.lineId);
    if (!line) throw refused('Item not found in this order');
    if (change.kind === 'restore') return withLine(changes, line.id, line.quantity, line.quantity);
    if (change.kind === 'remove') {
      if (!permission.canRemoveItem) throw notAllowed();
      const left = linesAfter(lines, withLine(changes, line.id, 0, line.quantity)).filter((a) => a.quantity > 0).length;
      if (removalError(left, permission)) throw refused(REMOVE_LAST);
      return withLine(changes, line.id, 0, line.quantity);
    }
    if (!permission.canUpdateOrderedQuantity || !permission.canEditItem) throw notAllowed();
    const error = lineQuantityError(
      change.quantity,
      { savedQuantity: line.quantity, availableQuantity: line.availableQuantity, incrementSize: line.incrementSize },
      permission,
    );
    if (error) throw refused(LINE_MESSAGES[error.key](error), { lineId: line.id, key: error.key });
    return withLine(changes, line.id, quantityOf(change.quantity)!, line.quantity);
  }

  return {
    details,

    /** Unsaved changes nobody came back to (the sign-in they belong to lasts far less). */
    async removeExpiredDrafts(now: Date) {
      const removed = await db
        .delete(orderDrafts)
        .where(lt(orderDrafts.updatedAt, new Date(now.getTime() - ORDER_DRAFT_LIFETIME_MS)))
        .returning({ orderId: orderDrafts.orderId });
      return removed.length;
    },

    /** Keeps one more unsaved change of this user's (checked as a save would check it). */
    async change(user: SignedInUser, phonexOrderNumber: string, change: DraftChange) {
      const order = await ownOrder(user, phonexOrderNumber);
      const lines = await linesOf(order);
      const draft = await draftOf(order.id, user);
      const changes = draft?.changes ?? NO_CHANGES;
      const context = await priceWith(order, lines, changes);
      const next = changed(order, lines, context.saved, changes, change, context);
      const values = {
        orderId: order.id,
        userId: user.id,
        sessionId: user.sessionId,
        baseVersion: draft?.baseVersion ?? order.version,
        changes: next as unknown as Record<string, unknown>,
        updatedAt: new Date(),
      };
      if (changeCount(next) === 0) await db.delete(orderDrafts).where(ofSession(order.id, user));
      else
        await db
          .insert(orderDrafts)
          .values(values)
          .onConflictDoUpdate({
            target: [orderDrafts.orderId, orderDrafts.sessionId],
            set: { changes: values.changes, updatedAt: values.updatedAt },
          });
      return { count: changeCount(next) };
    },

    /** Forgets this user's unsaved changes: answers how many there were ('{n} changes canceled'). */
    async discard(user: SignedInUser, phonexOrderNumber: string) {
      const order = await ownOrder(user, phonexOrderNumber);
      const removed = await db
        .delete(orderDrafts)
        .where(ofSession(order.id, user))
        .returning({ changes: orderDrafts.changes });
      return { count: removed[0] ? changeCount(pendingFrom(removed[0].changes)) : 0 };
    },

    /**
     * Saves this user's changes, then holds, releases or cancels the order: all against the version
     * the buyer saw. An older version, or changes made against one, is 'outdatedSalesOrder' and the
     * changes are forgotten (never a lost update).
     */
    async save(user: SignedInUser, phonexOrderNumber: string, body: { version: number; action: OrderAction }) {
      const first = await ownOrder(user, phonexOrderNumber);
      const settings = await readOrderSettings(db);
      const lines = await linesOf(first);
      const draft = await draftOf(first.id, user);
      const changes = body.action === 'CANCEL' ? NO_CHANGES : (draft?.changes ?? NO_CHANGES);
      const context = await priceWith(first, lines, changes);
      const permission = permissionsFor(first.status, first.paymentStatus);
      const stale = first.version !== body.version || (draft !== null && draft.baseVersion !== first.version);
      if (stale) {
        await forget(first.id, user);
        throw outdated();
      }
      // Every change again, against the order and stock as they are now.
      let checked = NO_CHANGES;
      for (const [id, quantity] of Object.entries(changes.lines)) {
        const lineId = Number(id);
        const saved = lines.find((l) => l.id === lineId);
        checked = changed(
          first,
          lines,
          context.saved,
          checked,
          quantity === 0 || !saved ? { kind: 'remove', lineId } : { kind: 'line', lineId, quantity: String(quantity) },
          context,
        );
      }
      if (changes.rows.length && changes.selection)
        checked = changed(
          first,
          lines,
          context.saved,
          checked,
          { kind: 'rows', rows: changes.rows, selection: changes.selection },
          context,
        );

      const after = linesAfter(lines, checked);
      const everythingRemoved = after.every((a) => a.quantity === 0);
      const canceling = body.action === 'CANCEL' || everythingRemoved;
      if (canceling && !permission.canCancelOrder) throw notAllowed();
      if (body.action === 'RELEASE' && !permission.canPayAndShipNow) throw notAllowed();
      const selection = withoutStale(context.selection, context.options, context.size);
      const invalid =
        canceling || !changeCount(checked) ? [] : Object.keys(invalidRows(selection, context.options, context.size));
      if (invalid.length) throw refused(`Some of the changes failed to save: ${invalid.join(', ')}`);
      const payingOnline = selection.paymentMethodCode === INTEGRATED_PAYPAL;
      const status = canceling
        ? 'CANCELED'
        : body.action === 'RELEASE'
          ? selection.shippingMethodCode === REQUEST_A_QUOTE
            ? 'AWAITING_SHIPPING_QUOTE'
            : payingOnline
              ? first.status
              : settings.fulfillmentSettings.onReleaseFulfillmentStatusTo
          : body.action === 'HOLD' && first.status === HOLDABLE_STATUS
            ? 'ON_HOLD'
            : first.status;
      const { totalQuantity: _q, ...charges } = context.charges;

      const saved = await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(orders).where(eq(orders.id, first.id)).for('update');
        if (!locked || locked.version !== first.version) return null;
        // The fees charged stay; a cancellation adds the cancellation fee the order page showed (decision 054).
        const fees = canceling
          ? {
              reservationFee: locked.reservationFee,
              cancellationFee: (await feesDue(tx, locked, new Date(), { isCancellation: true }))?.cancellationFee ?? 0,
            }
          : feesOf(locked);
        const stock: StockChange[] = [];
        for (const { line, quantity, changed: isChanged } of after) {
          const units = canceling ? 0 : quantity;
          if (!isChanged && !canceling) continue;
          // Units not shipped go back to stock; more units come from it.
          const delta =
            liveQuantity(line) -
            line.shippedQuantity -
            Math.max(0, units - line.canceledQuantity - line.shippedQuantity);
          if (delta)
            stock.push({
              participantId: first.participantId,
              itemNumberWarehouse: line.itemNumberWarehouse,
              quantityDelta: delta,
            });
          // Canceled: every unit not shipped is a canceled unit of its line, as when the seller cancels.
          if (canceling) {
            await tx
              .update(orderLines)
              .set({ canceledQuantity: line.quantity - line.shippedQuantity })
              .where(eq(orderLines.id, line.id));
            continue;
          }
          if (units === 0) await tx.delete(orderLines).where(eq(orderLines.id, line.id));
          else await tx.update(orderLines).set({ quantity: units }).where(eq(orderLines.id, line.id));
        }
        let [order] = (await tx
          .update(orders)
          .set({
            ...(canceling
              ? withFees(NO_CHARGES, fees)
              : {
                  ...(changes.rows.length ? choiceColumns(selection, context.options) : {}),
                  ...withFees(charges, fees),
                }),
            status,
            version: first.version + 1,
            lastUpdateDate: new Date(),
          })
          .where(eq(orders.id, first.id))
          .returning()) as [Order];
        // Its payment follows the new total (and the payment method it may have changed to); a release paid online waits for the balance.
        const attempt = !payingOnline ? null : body.action === 'RELEASE' ? 'AWAITING' : undefined;
        order = await settlePayment(tx, order.id, attempt);
        // Released: the time to pay starts now (spec 3 §4).
        if (body.action === 'RELEASE' && order.status !== first.status) await startPaymentTerms(tx, order, new Date());
        const detail = {
          action: body.action,
          lines: checked.lines,
          rows: checked.rows,
          totalBefore: first.total,
          totalAfter: order.total,
          ...(canceling ? { fees } : {}),
        };
        await tx.insert(orderEvents).values({
          orderId: order.id,
          userId: user.id,
          kind: canceling ? 'CANCELED' : body.action === 'RELEASE' ? 'RELEASED' : 'CHANGED',
          fromStatus: first.status,
          toStatus: order.status,
          detail,
        });
        await tx.delete(orderDrafts).where(ofSession(first.id, user));
        // The units given back or taken commit with the save: all of it applied, or none.
        return { order, moved: await deps.stockChanges.within(tx, stock, 'order change') };
      });
      if (!saved) {
        await forget(first.id, user);
        throw outdated();
      }
      await deps.stockChanges.announce(saved.moved);
      return {
        status: 'SUCCESS',
        description: canceling ? 'Your order canceled successfully' : 'Successfully updated the existing order',
        phonexOrderNumber: saved.order.phonexOrderNumber,
        fulfillmentStatus: saved.order.status,
        paymentStatus: saved.order.paymentStatus,
        count: body.action === 'CANCEL' ? 0 : changeCount(checked),
      };
    },
  };

  async function forget(orderId: number, user: SignedInUser) {
    await db.delete(orderDrafts).where(ofSession(orderId, user));
  }
}

export type OrderService = ReturnType<typeof createOrderService>;
