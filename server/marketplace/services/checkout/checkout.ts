import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { computeCharges, type Charges, type PricedLine } from '../../../../app/domain/checkout/charges';
import { feesOf, withFees } from '../../../../app/domain/orders/fees';
import { pick } from '../../../../app/domain/pick';
import { INVOICE_CHARGE_KEYS } from '../../../../app/domain/orders/invoice';
import {
  BILL_MY_ACCOUNT,
  INTEGRATED_PAYPAL,
  REQUEST_A_QUOTE,
  type Address,
  type CheckoutOptions,
  type ShippingAddress,
} from '../../../../app/domain/checkout/options';
import { PREFERENCES_SIZE } from '../../../../app/domain/checkout/preferences';
import {
  EMPTY_SELECTION,
  invalidRows,
  orderSizeOf,
  withoutStale,
  type OrderSize,
  type Selection,
} from '../../../../app/domain/checkout/selection';
import type { MarketplaceDeps, SignedInUser } from '../../context';
import type { Db, Tx } from '../../db/client';
import {
  buyerAddresses,
  buyerPreferences,
  buyers,
  checkoutDrafts,
  offers,
  orderEvents,
  orderLines,
  orders,
  participants,
} from '../../db/schema';
import { newOrderLines, orderLinesOf } from '../orders/order-lines';
import { ApiError, notFound } from '../../errors';
import { buyerIdOf } from '../identity/buyer-guard';
import { ADDABLE_STATUSES, CHECKOUT_DRAFT_LIFETIME_MS, type CartService } from '../offers/cart';
import {
  freightOf,
  methodFreight,
  methodView,
  orderTaxRule,
  pickUpLocationOf,
  readCatalogueIn,
  type CheckoutCatalogue,
  type CheckoutCatalogueIn,
} from './checkout-catalogue';
import { readOrderSettings } from '../orders/order-settings';
import { paymentView, settlePayment } from '../payments/payment-ledger';
import { startPaymentTerms } from '../orders/order-terms';
import { newOrderNumber } from '../orders/order-numbers';
import { warehouseLabelIn } from '../texts/texts';
import { chargeTermsOf } from '../orders/charge-terms';
import { orderPlacedMail } from '../orders/order-mail';
import { referenceOf } from '../../../../app/domain/orders/reference';

const toMinor = (amount: number) => Math.round(amount * 100);

function addressView(row: typeof buyerAddresses.$inferSelect): Address {
  const { id, label, name, contact, address1, address2, city, state, zip, country, instructions } = row;
  return { id, label, name, contact, address1, address2, city, state, zip, country, instructions };
}

/** A stored selection read back: whatever shape it was kept in, the fields of today's Selection. */
export function selectionFrom(stored: unknown): Selection {
  if (!stored || typeof stored !== 'object') return EMPTY_SELECTION;
  const s = stored as Partial<Selection>;
  return {
    ...EMPTY_SELECTION,
    ...s,
    billMyAccount: { ...EMPTY_SELECTION.billMyAccount, ...s.billMyAccount },
    requestAQuote: { ...EMPTY_SELECTION.requestAQuote, ...s.requestAQuote },
    additionalServiceCodes: Array.isArray(s.additionalServiceCodes) ? s.additionalServiceCodes : [],
  };
}

/** The order's columns for a valid choice: the addresses as they are now (the order keeps them), the method's details, payment and services. */
export function choiceColumns(selection: Selection, options: CheckoutOptions) {
  const address = options.shippingAddresses.find((a) => a.id === selection.shippingAddressId)!;
  const billingAddress = options.billingAddresses.find((a) => a.id === selection.billingAddressId)!;
  const {
    shippingAddressId: _s,
    billingAddressId: _b,
    paymentMethodCode: _p,
    additionalServiceCodes: _a,
    ...shippingSelection
  } = selection;
  return {
    shipping: {
      address,
      selection: {
        shippingAddressId: selection.shippingAddressId,
        ...shippingSelection,
        ...(selection.shippingMethodCode === BILL_MY_ACCOUNT ? {} : { billMyAccount: EMPTY_SELECTION.billMyAccount }),
      },
    },
    billing: {
      address: billingAddress,
      selection: { billingAddressId: selection.billingAddressId, paymentMethodCode: selection.paymentMethodCode },
    },
    paymentMethodCode: selection.paymentMethodCode,
    additionalServices: selection.additionalServiceCodes,
  };
}

/** The fulfilment status a new order starts in: waiting for a quote, released, or on hold (not released, or paid online first). */
export function placedStatus(
  selection: Selection,
  readyToRelease: boolean,
  settings: Awaited<ReturnType<typeof readOrderSettings>>,
): string {
  if (selection.shippingMethodCode === REQUEST_A_QUOTE) return 'AWAITING_SHIPPING_QUOTE';
  return readyToRelease && selection.paymentMethodCode !== INTEGRATED_PAYPAL
    ? settings.fulfillmentSettings.onReleaseFulfillmentStatusTo
    : 'ON_HOLD';
}

/** An order's charge columns: its subtotal and total, and every charge line between them. */
export const SAVED_CHARGE_KEYS = ['subtotal', 'freightUndefined', ...INVOICE_CHARGE_KEYS, 'total'] as const;

/** The charges an order was saved with (minor units), as the thank-you page and the order's page show them. */
export const savedCharges = (order: typeof orders.$inferSelect) => pick(order, SAVED_CHARGE_KEYS);

/**
 * Checkout on the marketplace's side (spec 3 §7): the options a buyer may choose, the charges of a
 * choice, the submission that turns a checkout draft into an order, and the buyer's preferences.
 */
export function createCheckoutService(
  deps: Pick<MarketplaceDeps, 'db' | 'stockChanges' | 'reportError' | 'config' | 't' | 'mailer'>,
  cart: CartService,
) {
  const { db } = deps;
  const terms = chargeTermsOf(deps);
  const mailOrder = orderPlacedMail(deps);
  /** The catalogue in the tenant's language: what buyers read, and what an order placed now records (its tax description). */
  const readCatalogue = () => readCatalogueIn(db, deps.config.language);

  /**
   * What this buyer may choose for an order of this size: the real-time quote methods that return no quote are hidden, and a quote can be requested instead.
   * `priced`: each address also says what its methods charge for this order (a checkout; not the preferences, which have no order).
   */
  async function optionsFor(
    buyerId: number,
    catalogue: CheckoutCatalogueIn,
    size: OrderSize,
    priced = false,
  ): Promise<CheckoutOptions> {
    const rows = await db
      .select()
      .from(buyerAddresses)
      .where(eq(buyerAddresses.buyerId, buyerId))
      .orderBy(buyerAddresses.id);
    const methods = new Map(catalogue.shippingMethods.map((m) => [m.code, m]));
    const shippingAddresses: ShippingAddress[] = rows
      .filter((r) => r.kind === 'SHIPPING')
      .map((row) => {
        const codes = row.shippingMethodCodes.filter((code) => methods.has(code));
        const realTime = codes.filter((code) => methods.get(code)!.kind === 'REAL_TIME_QUOTE');
        const quoted = realTime.filter(
          (code) => freightOf(methods.get(code)!, catalogue, row.country, size.deviceCount) !== null,
        );
        const usable = codes.filter((code) => !realTime.includes(code) || quoted.includes(code));
        if (realTime.length && !quoted.length && methods.has(REQUEST_A_QUOTE) && !usable.includes(REQUEST_A_QUOTE))
          usable.push(REQUEST_A_QUOTE);
        const shippingMethodCodes = catalogue.shippingMethods
          .map((m) => m.code)
          .filter((code) => usable.includes(code));
        if (!priced) return { ...addressView(row), shippingMethodCodes };
        const freights = Object.fromEntries(
          shippingMethodCodes.map((code) => [
            code,
            methodFreight(methods.get(code)!, catalogue, row.country, size.deviceCount),
          ]),
        );
        return { ...addressView(row), shippingMethodCodes, freights };
      });
    return {
      shippingAddresses,
      billingAddresses: rows.filter((r) => r.kind === 'BILLING').map(addressView),
      shippingMethods: catalogue.shippingMethods.map(methodView),
      billMyAccount: catalogue.billMyAccount,
      requestAQuote: catalogue.requestAQuote,
      paymentMethods: catalogue.paymentMethods,
      additionalServices: catalogue.additionalServices,
      maxShipmentInsuranceAmount: catalogue.maxShipmentInsuranceAmount,
    };
  }

  /**
   * The charges of these lines with this choice; a part not chosen yet (no method, no payment) adds nothing.
   * `promotionsAt`: the instant whose promotions apply (a placed order being changed keeps those of the day it was placed).
   */
  function chargesOf(
    catalogue: CheckoutCatalogue,
    options: CheckoutOptions,
    lines: PricedLine[],
    selection: Selection,
    warehouseCode: string,
    promotionsAt = new Date(),
  ): Charges {
    const size = orderSizeOf(lines);
    const address = options.shippingAddresses.find((a) => a.id === selection.shippingAddressId);
    const method = address?.shippingMethodCodes.includes(selection.shippingMethodCode ?? '')
      ? catalogue.shippingMethods.find((m) => m.code === selection.shippingMethodCode)
      : undefined;
    const freight = method ? methodFreight(method, catalogue, address!.country, size.deviceCount) : null;
    const insured =
      method?.insuranceAvailable && selection.insured && selection.insuredAmount && selection.insuredAmount > 0;
    const taxRule = orderTaxRule(catalogue, method, warehouseCode, address);
    return computeCharges({
      lines,
      freight,
      insurance: insured ? { insuredAmount: selection.insuredAmount!, rate: catalogue.insuranceRate } : null,
      freeFreight: terms.freeFreight(
        { subtotal: lines.reduce((n, l) => n + l.extendedPrice, 0), shippingMethodCode: method?.code },
        promotionsAt,
      ),
      services: catalogue.additionalServices
        .filter((s) => selection.additionalServiceCodes.includes(s.code))
        .map((s) => s.fee),
      tax: taxRule && { ...taxRule, rounding: terms.taxRounding },
      paymentFee: catalogue.paymentMethods.find((p) => p.code === selection.paymentMethodCode)?.fee ?? null,
    });
  }

  async function liveDraft(user: SignedInUser, checkoutId: string) {
    const [draft] = await db
      .select()
      .from(checkoutDrafts)
      .where(
        and(
          eq(checkoutDrafts.id, checkoutId),
          eq(checkoutDrafts.buyerId, buyerIdOf(user)),
          gt(checkoutDrafts.updatedAt, new Date(Date.now() - CHECKOUT_DRAFT_LIFETIME_MS)),
        ),
      );
    if (!draft) throw notFound('Checkout');
    return draft;
  }

  async function ownOrder(user: SignedInUser, phonexOrderNumber: string, db_: Db | Tx = db) {
    const [order] = await db_
      .select()
      .from(orders)
      .where(and(eq(orders.phonexOrderNumber, phonexOrderNumber), eq(orders.buyerId, buyerIdOf(user))));
    if (!order) throw notFound('Order');
    return order;
  }

  async function linesOfOrder(orderId: number): Promise<PricedLine[]> {
    const rows = await orderLinesOf(db, orderId);
    // What is still ordered: canceled units are neither charged nor shown, so the lines add up to the subtotal (issue 51's money walk).
    return rows
      .map((r) => ({ r, quantity: r.quantity - r.canceledQuantity }))
      .filter(({ quantity }) => quantity > 0)
      .map(({ r, quantity }) => ({
        itemNumber: r.itemNumber,
        itemNumberWarehouse: r.itemNumberWarehouse,
        description: r.description,
        quantity,
        unitPrice: r.unitPrice,
        extendedPrice: quantity * r.unitPrice,
      }));
  }

  /** The cart entries of a draft at today's terms, in minor units. */
  async function draftLines(user: SignedInUser, draft: typeof checkoutDrafts.$inferSelect) {
    const checkout = await cart.checkoutLines(user, draft.warehouseCode, draft.offerIds);
    const lines: (PricedLine & { offerId: number; incrementSize: number })[] = checkout.lines.map((l) => {
      const unitPrice = toMinor(l.unitPrice);
      return {
        offerId: l.offerId,
        incrementSize: l.incrementSize,
        itemNumber: l.itemNumber,
        itemNumberWarehouse: l.itemNumberWarehouse,
        description: l.description,
        quantity: l.quantity,
        unitPrice,
        extendedPrice: unitPrice * l.quantity,
      };
    });
    return { checkout, lines };
  }

  /** The selection an existing order was placed with. */
  const selectionOfOrder = (order: typeof orders.$inferSelect): Selection =>
    selectionFrom({
      ...(order.shipping?.selection as object),
      ...(order.billing?.selection as object),
      additionalServiceCodes: order.additionalServices,
    });

  async function preferredSelection(buyerId: number): Promise<Selection> {
    const [row] = await db.select().from(buyerPreferences).where(eq(buyerPreferences.buyerId, buyerId));
    return selectionFrom(row?.selection);
  }

  /** Everything the checkout screen shows for a draft, optionally combined with one of the buyer's open orders. */
  async function payload(user: SignedInUser, checkoutId: string, salesOrder?: string) {
    const buyerId = buyerIdOf(user);
    const draft = await liveDraft(user, checkoutId);
    const { checkout, lines } = await draftLines(user, draft);
    const existing = salesOrder ? await ownOrder(user, salesOrder) : undefined;
    if (existing && (existing.warehouseCode !== draft.warehouseCode || !ADDABLE_STATUSES.includes(existing.status)))
      throw notFound('Order');
    const existingLines = existing ? await linesOfOrder(existing.id) : [];
    const allLines = [...existingLines, ...lines];
    const size = orderSizeOf(allLines);
    const catalogue = await readCatalogue();
    const options = await optionsFor(buyerId, catalogue, size, true);
    const stored =
      existing && !draft.selection
        ? selectionOfOrder(existing)
        : draft.selection
          ? selectionFrom(draft.selection)
          : await preferredSelection(buyerId);
    const selection = withoutStale(stored, options, size);
    const [buyer] = await db.select({ name: buyers.name }).from(buyers).where(eq(buyers.id, buyerId));
    return {
      checkoutId: draft.id,
      mode: draft.mode,
      submissionKey: draft.submissionKey,
      buyerName: buyer?.name ?? '',
      warehouse: checkout.warehouse,
      participantId: checkout.participantId,
      lineItems: lines,
      onHoldSalesOrder: existing
        ? {
            orderNumber: existing.phonexOrderNumber,
            refOrderNumberOrPhonexOrderNumber: existing.refOrderNumber ?? existing.phonexOrderNumber,
            lastUpdateDate: existing.lastUpdateDate.toISOString(),
            lineItems: existingLines,
            version: existing.version,
          }
        : null,
      options,
      selection,
      invalidRows: invalidRows(selection, options, size),
      charges: chargesOf(catalogue, options, allLines, selection, checkout.warehouse.code),
      orderSize: size,
    };
  }
  type Payload = Awaited<ReturnType<typeof payload>>;

  return {
    payload,

    /** Keeps the buyer's choice on the draft (the screen's state without scripts) and answers the payload with its charges. */
    async saveSelection(
      user: SignedInUser,
      checkoutId: string,
      selection: Selection,
      salesOrder?: string,
    ): Promise<Payload> {
      await liveDraft(user, checkoutId);
      await db
        .update(checkoutDrafts)
        .set({ selection: selection as unknown as Record<string, unknown> })
        .where(eq(checkoutDrafts.id, checkoutId));
      return payload(user, checkoutId, salesOrder);
    },

    /** The charges of a choice not saved yet (the screen recalculates while the buyer edits). */
    async preview(user: SignedInUser, checkoutId: string, selection: Selection, salesOrder?: string): Promise<Charges> {
      const current = await payload(user, checkoutId, salesOrder);
      const catalogue = await readCatalogue();
      const lines = [...(current.onHoldSalesOrder?.lineItems ?? []), ...current.lineItems];
      return chargesOf(
        catalogue,
        current.options,
        lines,
        withoutStale(selection, current.options, current.orderSize),
        current.warehouse.code,
      );
    },

    /**
     * Turns a draft into an order, or adds it to one of the buyer's open orders: one transaction that
     * also removes the ordered cart entries and the draft. The draft's submission key makes it happen
     * once: a replay finds the order the first submission made.
     */
    async submit(
      user: SignedInUser,
      checkoutId: string,
      body: {
        submissionKey: string;
        readyToRelease: boolean;
        selection: Selection;
        salesOrder?: string;
        version?: number;
        refOrderNumber?: string;
      },
    ) {
      const buyerId = buyerIdOf(user);
      const earlier = await submittedWith(db, buyerId, body.submissionKey);
      if (earlier) return { ...earlier, replayed: true };
      const reference = referenceOf(body.refOrderNumber ?? '');
      if (reference === null) throw new ApiError(422, 'invalidInput', 'Invalid Input', { field: 'refOrderNumber' });
      const current = await payload(user, checkoutId, body.salesOrder);
      // An open order keeps its reference: the orders list changes it.
      if (reference && current.onHoldSalesOrder)
        throw new ApiError(400, 'validationFailed', 'a reference is given to a new order only');
      if (current.submissionKey !== body.submissionKey)
        throw new ApiError(
          409,
          'staleCheckout',
          'This checkout was changed in another window: please review it again.',
        );
      const selection = withoutStale(body.selection, current.options, current.orderSize);
      const invalid = invalidRows(selection, current.options, current.orderSize);
      if (Object.keys(invalid).length)
        throw new ApiError(
          422,
          'checkoutIncomplete',
          `Please finalize the following: ${Object.keys(invalid).join(', ')}`,
          { rows: Object.keys(invalid).join(',') },
        );
      if (current.onHoldSalesOrder && body.version !== undefined && body.version !== current.onHoldSalesOrder.version)
        throw outdated();
      const drafted = current.lineItems;
      const settings = await readOrderSettings(db);
      const payingOnline = selection.paymentMethodCode === INTEGRATED_PAYPAL;
      const status = placedStatus(selection, body.readyToRelease, settings);
      const columns = {
        status,
        ...choiceColumns(selection, current.options),
        // The charges of what is submitted (the draft may hold an older choice, or none).
        ...chargesOf(
          await readCatalogue(),
          current.options,
          [...(current.onHoldSalesOrder?.lineItems ?? []), ...current.lineItems],
          selection,
          current.warehouse.code,
        ),
      };
      const { totalQuantity: _q, ...charges } = columns;
      const placed = await db.transaction(async (tx) => {
        // Taking the draft is the gate: a second submission of it (another tab, a replay) finds nothing to take.
        const taken = await tx
          .delete(checkoutDrafts)
          .where(and(eq(checkoutDrafts.id, checkoutId), eq(checkoutDrafts.submissionKey, body.submissionKey)))
          .returning({ id: checkoutDrafts.id });
        if (!taken.length) return null;
        let order: typeof orders.$inferSelect;
        if (current.onHoldSalesOrder) {
          const existing = await ownOrder(user, current.onHoldSalesOrder.orderNumber, tx);
          if (body.version !== undefined && existing.version !== body.version) throw outdated();
          [order] = (await tx
            .update(orders)
            .set({
              // Fees charged on the order before it was held stay charged.
              ...withFees(charges, feesOf(existing)),
              status: existing.status === 'ON_HOLD' || status !== 'ON_HOLD' ? status : existing.status,
              version: existing.version + 1,
              lastUpdateDate: new Date(),
            })
            .where(eq(orders.id, existing.id))
            .returning()) as [typeof orders.$inferSelect];
          await tx.insert(orderEvents).values({
            orderId: order.id,
            userId: user.id,
            kind: 'LINES_ADDED',
            fromStatus: existing.status,
            toStatus: order.status,
            detail: { submissionKey: body.submissionKey, offerIds: drafted.map((l) => l.offerId) },
          });
        } else {
          [order] = (await tx
            .insert(orders)
            .values({
              phonexOrderNumber: newOrderNumber(),
              buyerId,
              participantId: current.participantId,
              warehouseCode: current.warehouse.code,
              idempotencyKey: body.submissionKey,
              refOrderNumber: reference || null,
              ...charges,
            })
            .returning()) as [typeof orders.$inferSelect];
          await tx.insert(orderEvents).values({
            orderId: order.id,
            userId: user.id,
            kind: 'CREATED',
            fromStatus: null,
            toStatus: order.status,
            detail: { submissionKey: body.submissionKey, readyToRelease: body.readyToRelease },
          });
        }
        await tx.insert(orderLines).values(newOrderLines(order.id, drafted));
        // What was paid stays paid: the status follows from the ledger and the new total, and an online payment is asked for the balance only.
        await settlePayment(tx, order.id, payingOnline ? 'AWAITING' : null);
        // Released now: the time to pay starts (reservation and cancellation terms, when the tenant has a grace period).
        if (order.status === settings.fulfillmentSettings.onReleaseFulfillmentStatusTo)
          await startPaymentTerms(tx, order, new Date());
        await tx.delete(offers).where(
          and(
            eq(offers.buyerId, buyerId),
            inArray(
              offers.id,
              drafted.map((l) => l.offerId),
            ),
          ),
        );
        // The stock the order takes commits with it: killed anywhere, the order is there with its stock taken, or neither.
        const stock = await deps.stockChanges.within(
          tx,
          drafted.map((l) => ({
            participantId: current.participantId,
            itemNumberWarehouse: l.itemNumberWarehouse,
            quantityDelta: -l.quantity,
          })),
          'order',
        );
        return { phonexOrderNumber: order.phonexOrderNumber, stock };
      });
      if (!placed) {
        const replay = await submittedWith(db, buyerId, body.submissionKey);
        if (replay) return { ...replay, replayed: true };
        throw notFound('Checkout');
      }
      await deps.stockChanges.announce(placed.stock);
      const { phonexOrderNumber } = placed;
      const order = await ownOrder(user, phonexOrderNumber);
      await mailOrder(user, order, await linesOfOrder(order.id), current.onHoldSalesOrder !== null);
      return { phonexOrderNumber, status: order.status, paymentStatus: order.paymentStatus, replayed: false };
    },

    /** The order a submission of this buyer made, if it made one: a page that lost sight of its payment window finds the order again. */
    async submitted(user: SignedInUser, submissionKey: string) {
      const order = await submittedWith(db, buyerIdOf(user), submissionKey);
      if (!order) throw notFound('Order');
      return { phonexOrderNumber: order.phonexOrderNumber };
    },

    preferencesOptions,

    /** The saved preferences without the choices today's options no longer have (spec 3 §5). */
    async preferences(user: SignedInUser) {
      return withoutStale(await preferredSelection(buyerIdOf(user)), await preferencesOptions(user), PREFERENCES_SIZE);
    },

    async savePreferences(user: SignedInUser, selection: Selection) {
      const buyerId = buyerIdOf(user);
      const stored = selection as unknown as Record<string, unknown>;
      await db
        .insert(buyerPreferences)
        .values({ buyerId, selection: stored })
        .onConflictDoUpdate({ target: buyerPreferences.buyerId, set: { selection: stored, updatedAt: new Date() } });
    },

    /** What the thank-you page shows of an order: its state, its payment method with instructions, its lines and charges. */
    async orderSummary(user: SignedInUser, phonexOrderNumber: string) {
      const order = await ownOrder(user, phonexOrderNumber);
      const catalogue = await readCatalogue();
      const payment = catalogue.paymentMethods.find((p) => p.code === order.paymentMethodCode);
      const warehouseLabel = await warehouseLabelIn(db, order.warehouseCode, deps.config.language);
      const [participant] = await db
        .select({ isOwn: participants.isOwn })
        .from(participants)
        .where(eq(participants.id, order.participantId));
      const shippingMethodCode =
        typeof order.shipping?.selection === 'object'
          ? ((order.shipping.selection as Selection).shippingMethodCode ?? null)
          : null;
      return {
        phonexOrderNumber: order.phonexOrderNumber,
        refOrderNumberOrPhonexOrderNumber: order.refOrderNumber ?? order.phonexOrderNumber,
        warehouseCode: order.warehouseCode,
        warehouseLabel,
        pxnsOrder: participant ? !participant.isOwn : false,
        fulfillmentStatus: order.status,
        paymentStatus: order.paymentStatus,
        paymentMethod: payment
          ? { code: payment.code, label: payment.label, instructions: payment.instructions }
          : null,
        shippingMethodCode,
        /** Where the buyer collects it, for an order picked up at its warehouse. */
        pickUp: pickUpLocationOf(catalogue, shippingMethodCode, order.warehouseCode, warehouseLabel),
        lineItems: await linesOfOrder(order.id),
        charges: savedCharges(order),
        payment: paymentView(order),
        version: order.version,
        lastUpdateDate: order.lastUpdateDate.toISOString(),
      };
    },

    ownOrder,
    linesOfOrder,
    preferredSelection,
    optionsFor,
    chargesOf,
    selectionOfOrder,
  };

  async function preferencesOptions(user: SignedInUser) {
    return optionsFor(buyerIdOf(user), await readCatalogue(), PREFERENCES_SIZE);
  }
}

const outdated = () =>
  new ApiError(
    409,
    'outdatedSalesOrder',
    'Your order was recently updated and your changes are not up to date. Please review your changes and try again.',
  );

/** The order a submission key already made for this buyer (a key of another buyer's is not found). */
async function submittedWith(db: Db, buyerId: number, submissionKey: string) {
  const [created] = await db.select().from(orders).where(eq(orders.idempotencyKey, submissionKey));
  const [added] = created
    ? []
    : await db
        .select({ order: orders })
        .from(orderEvents)
        .innerJoin(orders, eq(orders.id, orderEvents.orderId))
        .where(
          and(eq(orderEvents.kind, 'LINES_ADDED'), sql`${orderEvents.detail}->>'submissionKey' = ${submissionKey}`),
        )
        .orderBy(desc(orderEvents.id))
        .limit(1);
  const order = created ?? added?.order;
  if (!order) return null;
  if (order.buyerId !== buyerId) throw notFound('Checkout');
  return { phonexOrderNumber: order.phonexOrderNumber, status: order.status, paymentStatus: order.paymentStatus };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
