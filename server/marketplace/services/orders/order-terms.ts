import { and, asc, desc, eq, inArray, lte, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  chargedFees,
  DAY_MS,
  feePerDay,
  feesOf,
  feeSum,
  percentToRate,
  racFees,
  racFeesApply,
  rateToPercent,
  type RacFees,
} from '../../../../app/domain/orders/fees';
import {
  canExtendPaymentTime,
  extendedGracePeriodEnd,
  gracePeriodEndFrom,
  isPaymentGracePeriodSectionApplicable,
  orderTermsSettingsOf,
  SETTLED_PAYMENT_STATUSES,
  type OrderTermsSettings,
} from '../../../../app/domain/orders/terms';
import { collectionOf, type PaymentCollection } from '../../../../app/domain/orders/payment-collection';
import type { MarketplaceDeps, SignedInUser } from '../../context';
import type { Db, Tx } from '../../db/client';
import { orderEvents, orderInvoices, orderLines, orders, users } from '../../db/schema';
import { reservationFeeMail } from './fee-mail';
import { ApiError, notFound } from '../../errors';
import { buyerIdOf } from '../identity/buyer-guard';
import { readCatalogue } from '../checkout/checkout-catalogue';
import type { Executor } from '../offers/offers';
import { readOrderSettings } from './order-settings';
import { readSetting } from '../shared/settings';
import { settlePayment } from '../payments/payment-ledger';

type OrderRow = typeof orders.$inferSelect;

/** Order event kinds of this module. */
export const TERMS_EVENTS = {
  started: 'PAYMENT_TERMS_STARTED',
  accepted: 'TERMS_ACCEPTED',
  extended: 'PAYMENT_TIME_EXTENDED',
  set: 'TERMS_SET',
  feesCharged: 'FEES_CHARGED',
} as const;

export const ORDER_TERMS_SETTING = 'order-terms';

/** The job that charges late orders the reservation fees they run up. */
export const RESERVATION_FEES_JOB = 'reservation-fees';

/** The tenant's payment terms (setting 'order-terms' over the defaults). */
export async function readOrderTermsSettings(q: Executor): Promise<OrderTermsSettings> {
  // Kept until the settings change, like the order settings (a transaction's executor reads it afresh).
  return orderTermsSettingsOf(
    await readSetting<Partial<Record<keyof OrderTermsSettings, unknown>>>(q as unknown as Db, ORDER_TERMS_SETTING),
  );
}

/** Order settings read with a transaction's executor as well as the database (both only select). */
const orderSettingsWith = (q: Executor) => readOrderSettings(q as unknown as Db);

/** How the tenant collects the order's payment method: only a method paid before shipping has a grace period to pay. */
export async function collectionOfOrder(
  q: Executor,
  order: Pick<OrderRow, 'paymentMethodCode'>,
): Promise<PaymentCollection> {
  return collectionOf((await readCatalogue(q as unknown as Db)).paymentMethods, order.paymentMethodCode);
}

/** The order's current value in minor units: what is ordered and not cancelled, at its unit prices. */
export async function orderValue(q: Executor, orderId: number): Promise<number> {
  const lines = await q.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  return lines.reduce((sum, l) => sum + Math.max(0, l.quantity - l.canceledQuantity) * l.unitPrice, 0);
}

/** How often an order's payment time was extended, as a column (of a query that may read more about the order). */
export const extensionCountSql = (orderId: number) =>
  sql<number>`(select count(*) from ${orderEvents} where ${orderEvents.orderId} = ${orderId} and ${orderEvents.kind} = ${TERMS_EVENTS.extended})::int`;

/** When the order was first invoiced (null before), as a column: net terms run from it. */
export const firstInvoicedSql = (orderId: number | SQL) =>
  sql<
    string | null
  >`(select min(${orderInvoices.invoicedAt}) from ${orderInvoices} where ${orderInvoices.orderId} = ${orderId})`;

async function extensionsOf(q: Executor, orderId: number): Promise<number> {
  const result = await q.execute<{ n: number }>(sql`select ${extensionCountSql(orderId)} as n`);
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * The two permission flags of spec 3 §6 for an order, as the order's permission object carries
 * them: isPaymentGracePeriodSectionApplicable and canExtendPaymentTime.
 */
export async function paymentTermsPermissions(q: Executor, order: OrderRow, now: Date, knownExtensions?: number) {
  const [settings, terms, extensions, collection] = [
    await orderSettingsWith(q),
    await readOrderTermsSettings(q),
    knownExtensions ?? (await extensionsOf(q, order.id)),
    await collectionOfOrder(q, order),
  ];
  const flags = {
    gracePeriodEnabled: settings.paymentCollectionSettings.gracePeriodEnabled,
    maxExtensions: terms.maxExtensions,
  };
  const state = {
    status: order.status,
    paymentStatus: order.paymentStatus,
    gracePeriodEnd: order.gracePeriodEnd,
    paymentTimeExtensions: extensions,
    paidBeforeShipping: collection.paidBeforeShipping,
  };
  return {
    isPaymentGracePeriodSectionApplicable: isPaymentGracePeriodSectionApplicable(state, flags),
    canExtendPaymentTime: canExtendPaymentTime(state, flags, now),
  };
}

/**
 * What an order still open to fees is charged now (decision 054): while its late-payment box applies
 * (paid before shipping, not canceled, not settled) and before its first invoice, the reservation fee
 * it has run up, and the cancellation fee when it is being canceled. Null when it is no longer open to
 * fees: what it was charged stays. A caller that has read the order's box flag and value passes them on.
 */
export async function feesDue(
  q: Executor,
  order: OrderRow,
  now: Date,
  { isCancellation, known }: { isCancellation: boolean; known?: { boxApplies: boolean; value: number } },
): Promise<RacFees | null> {
  const boxApplies =
    known?.boxApplies ?? (await paymentTermsPermissions(q, order, now)).isPaymentGracePeriodSectionApplicable;
  if (!boxApplies) return null;
  const invoiced = await q.execute<{ at: string | null }>(sql`select ${firstInvoicedSql(order.id)} as at`);
  if (invoiced.rows[0]?.at) return null;
  return chargedFees(order, known?.value ?? (await orderValue(q, order.id)), now, { isCancellation });
}

/**
 * Charges an order these fees in place of those it was charged: its fee columns and its total move
 * together, its payment follows, and an event says from what to what and why. Nothing when they are
 * the same. Call it in the transaction that holds the order's row.
 */
export async function chargeFees(
  tx: Tx,
  order: OrderRow,
  fees: RacFees,
  at: Date,
  why: { cause: string; userId?: number | null },
): Promise<OrderRow> {
  const before = feesOf(order);
  if (before.reservationFee === fees.reservationFee && before.cancellationFee === fees.cancellationFee) return order;
  await tx
    .update(orders)
    .set({ ...feesOf(fees), total: order.total - feeSum(before) + feeSum(fees) })
    .where(eq(orders.id, order.id));
  const charged = await settlePayment(tx, order.id);
  await tx.insert(orderEvents).values({
    orderId: order.id,
    at,
    userId: why.userId ?? null,
    kind: TERMS_EVENTS.feesCharged,
    fromStatus: order.status,
    toStatus: charged.status,
    detail: { cause: why.cause, before, after: feesOf(fees), totalBefore: order.total, totalAfter: charged.total },
  });
  return charged;
}

/**
 * Starts the payment terms of an order being released (the release code calls it inside its
 * transaction): the grace period ends `gracePeriodDays` from now and the tenant's rates apply. Does
 * nothing when the tenant collects payment without a grace period, when the order's payment method
 * is not paid before shipping (net terms are due from the invoice), or when the order's terms have
 * started already (a second release keeps them). Answers the order as it is now. It writes an
 * order event but leaves the version to the release, which moves it once.
 */
export async function startPaymentTerms(tx: Executor, order: OrderRow, now: Date): Promise<OrderRow> {
  if (order.gracePeriodEnd) return order;
  const settings = await orderSettingsWith(tx);
  if (!settings.paymentCollectionSettings.gracePeriodEnabled) return order;
  if (!(await collectionOfOrder(tx, order)).paidBeforeShipping) return order;
  const terms = await readOrderTermsSettings(tx);
  const [updated] = await tx
    .update(orders)
    .set({
      gracePeriodEnd: gracePeriodEndFrom(now, terms.gracePeriodDays),
      reservationFeeRate: terms.reservationFeeRate,
      cancellationFeeRate: terms.cancellationFeeRate,
      racFeeAgreed: false,
      racFeeAgreedAt: null,
      racFeePeriodEnd: null,
    })
    .where(eq(orders.id, order.id))
    .returning();
  await tx.insert(orderEvents).values({
    orderId: order.id,
    at: now,
    kind: TERMS_EVENTS.started,
    fromStatus: order.status,
    toStatus: order.status,
    detail: {
      gracePeriodEnd: updated!.gracePeriodEnd!.toISOString(),
      reservationFeeRate: terms.reservationFeeRate,
      cancellationFeeRate: terms.cancellationFeeRate,
    },
  });
  return updated!;
}

/** Reservation and cancellation terms as the tenant API answers them (spec 3 §3). */
export interface OrderTermsView {
  phonexOrderNumber: string;
  refOrderNumber: string | null;
  /** Percent per 24 hours, 2 decimals at most (1.5 = 1.50 %). */
  reservationFeePercent: number;
  cancellationFeePercent: number;
  /** What 24 hours cost at each rate on the order's current value, minor units. */
  reservationFeeRateAmount: number;
  cancellationFeeRateAmount: number;
  gracePeriodEnd: string | null;
  racFeePeriodEnd: string | null;
  paymentTimeExtensionCustomText: string;
  useCurrentAccountTextForPayment: boolean;
  racFeeAgreed: boolean;
  racFeeAgreedDate: string | null;
  /** The order's current value, minor units. */
  orderValue: number;
  /** Whether fees run now (spec 3 §4); the reservation fee charged so far, and the cancellation fee a cancellation now would charge (minor units): what the order page shows. */
  racFeesApply: boolean;
  reservationFee: number;
  cancellationFee: number;
  /** Permission flags of spec 3 §6. */
  isPaymentGracePeriodSectionApplicable: boolean;
  canExtendPaymentTime: boolean;
}

async function viewOf(q: Executor, order: OrderRow, now: Date): Promise<OrderTermsView> {
  const [terms, value, permissions] = [
    await readOrderTermsSettings(q),
    await orderValue(q, order.id),
    await paymentTermsPermissions(q, order, now),
  ];
  return {
    phonexOrderNumber: order.phonexOrderNumber,
    refOrderNumber: order.refOrderNumber,
    reservationFeePercent: rateToPercent(order.reservationFeeRate),
    cancellationFeePercent: rateToPercent(order.cancellationFeeRate),
    reservationFeeRateAmount: feePerDay(value, order.reservationFeeRate),
    cancellationFeeRateAmount: feePerDay(value, order.cancellationFeeRate),
    gracePeriodEnd: order.gracePeriodEnd?.toISOString() ?? null,
    racFeePeriodEnd: order.racFeePeriodEnd?.toISOString() ?? null,
    paymentTimeExtensionCustomText: terms.paymentTimeExtensionCustomText,
    useCurrentAccountTextForPayment: terms.useCurrentAccountTextForPayment,
    racFeeAgreed: order.racFeeAgreed,
    racFeeAgreedDate: order.racFeeAgreedAt?.toISOString() ?? null,
    orderValue: value,
    racFeesApply: racFeesApply(order, now),
    reservationFee: order.reservationFee,
    cancellationFee:
      (
        await feesDue(q, order, now, {
          isCancellation: true,
          known: { boxApplies: permissions.isPaymentGracePeriodSectionApplicable, value },
        })
      )?.cancellationFee ?? 0,
    ...permissions,
  };
}

/** What a buyer posts back to accept: the terms as fetched (spec 3 §7). */
export interface AcceptedTerms {
  phonexOrderNumber: string;
  reservationFeePercent: number;
  cancellationFeePercent: number;
  gracePeriodEnd: string | null;
}

export type TermsAnswer = { status: 'SUCCESS' } | { status: 'FAILED'; description: string };

/** The fee calculation of spec 3 §7: the items are the quantities in question (for a cancellation, those cancelled); none means the whole order. */
export interface FeeRequest {
  phonexOrderNumber: string;
  isCancellation: boolean;
  items?: { itemNumberWarehouse: string; quantity: number }[];
}

/** What the seller may set on an order's terms (admin and CLI), so every fee state can be reached. */
export interface TermsChange {
  gracePeriodEnd?: Date | null;
  racFeePeriodEnd?: Date | null;
  reservationFeeRate?: number;
  cancellationFeeRate?: number;
  racFeeAgreed?: boolean;
}

export function createOrderTerms(deps: Pick<MarketplaceDeps, 'db' | 't' | 'mailer' | 'config' | 'reportError'>) {
  const { db, t } = deps;
  const feeStarted = reservationFeeMail(deps);
  async function ownOrder(q: Executor, user: SignedInUser, phonexOrderNumber: string, lock = false): Promise<OrderRow> {
    const where = and(eq(orders.phonexOrderNumber, phonexOrderNumber), eq(orders.buyerId, buyerIdOf(user)));
    const [order] = lock
      ? await q.select().from(orders).where(where).for('update')
      : await q.select().from(orders).where(where);
    // Another buyer's order is not found: nothing of it is told.
    if (!order) throw notFound('Order');
    return order;
  }

  async function requireGracePeriod(q: Executor) {
    const settings = await orderSettingsWith(q);
    if (!settings.paymentCollectionSettings.gracePeriodEnabled) {
      throw new ApiError(404, 'termsNotApplicable', 'This marketplace does not collect payment with a grace period');
    }
  }

  /** Who is told of the order's fees: the user who accepted its terms, else the one who placed it (null for neither, as a seeded order). */
  async function acceptedBy(q: Executor, orderId: number) {
    const [user] = await q
      .select({ email: users.email, firstName: users.firstName })
      .from(orderEvents)
      .innerJoin(users, eq(users.id, orderEvents.userId))
      .where(and(eq(orderEvents.orderId, orderId), inArray(orderEvents.kind, [TERMS_EVENTS.accepted, 'CREATED'])))
      .orderBy(desc(sql`${orderEvents.kind} = ${TERMS_EVENTS.accepted}`), desc(orderEvents.id))
      .limit(1);
    return user ?? null;
  }

  /** After the terms changed: the fees of the new terms, or (no longer open to fees) those charged. */
  async function chargeTermsFees(tx: Tx, order: OrderRow, now: Date, why: { cause: string; userId?: number | null }) {
    const fees = await feesDue(tx, order, now, { isCancellation: false });
    if (fees) await chargeFees(tx, order, fees, now, why);
  }

  /** The seller's side (admin and CLI): an order's terms and fees now, by number, of any buyer. */
  async function describe(phonexOrderNumber: string, now = new Date()) {
    const [order] = await db.select().from(orders).where(eq(orders.phonexOrderNumber, phonexOrderNumber));
    if (!order) throw notFound('Order');
    const events = await db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(asc(orderEvents.id));
    return {
      ...(await viewOf(db, order, now)),
      status: order.status,
      paymentStatus: order.paymentStatus,
      reservationFeeRate: order.reservationFeeRate,
      cancellationFeeRate: order.cancellationFeeRate,
      version: order.version,
      events: events
        .filter((e) => (Object.values(TERMS_EVENTS) as string[]).includes(e.kind))
        .map((e) => ({ at: e.at.toISOString(), kind: e.kind, userId: e.userId, detail: e.detail })),
    };
  }

  return {
    /** GET terms (spec 3 §7); 404 when the tenant has no grace period (the portal asks only when it has). */
    async terms(user: SignedInUser, phonexOrderNumber: string, now = new Date()): Promise<OrderTermsView> {
      await requireGracePeriod(db);
      const order = await ownOrder(db, user, phonexOrderNumber);
      return viewOf(db, order, now);
    },

    /**
     * POST accept terms: the body is the terms as the buyer read them. When they no longer match the
     * order's (a rate or the grace period moved), nothing changes and the description says why.
     * Accepting the same terms again answers SUCCESS without a second event.
     */
    async accept(
      user: SignedInUser,
      phonexOrderNumber: string,
      body: AcceptedTerms,
      now = new Date(),
    ): Promise<TermsAnswer> {
      await requireGracePeriod(db);
      return db.transaction(async (tx) => {
        const order = await ownOrder(tx, user, phonexOrderNumber, true);
        const permissions = await paymentTermsPermissions(tx, order, now);
        if (!permissions.isPaymentGracePeriodSectionApplicable)
          return { status: 'FAILED', description: t('orderTerms.failed.notApplicable') };
        const same =
          body.phonexOrderNumber === order.phonexOrderNumber &&
          percentToRate(body.reservationFeePercent) === order.reservationFeeRate &&
          percentToRate(body.cancellationFeePercent) === order.cancellationFeeRate &&
          body.gracePeriodEnd !== null &&
          Date.parse(body.gracePeriodEnd) === order.gracePeriodEnd?.getTime();
        if (!same) return { status: 'FAILED', description: t('orderTerms.failed.changed') };
        if (order.racFeeAgreed) return { status: 'SUCCESS' };
        const [agreed] = await tx
          .update(orders)
          .set({ racFeeAgreed: true, racFeeAgreedAt: now, version: order.version + 1, lastUpdateDate: now })
          .where(eq(orders.id, order.id))
          .returning();
        await tx.insert(orderEvents).values({
          orderId: order.id,
          at: now,
          userId: user.id,
          kind: TERMS_EVENTS.accepted,
          fromStatus: order.status,
          toStatus: order.status,
          detail: {
            reservationFeeRate: order.reservationFeeRate,
            cancellationFeeRate: order.cancellationFeeRate,
            gracePeriodEnd: order.gracePeriodEnd!.toISOString(),
          },
        });
        // Accepted late: the fees run up since the grace period ended are charged now.
        await chargeTermsFees(tx, agreed!, now, { cause: TERMS_EVENTS.accepted, userId: user.id });
        return { status: 'SUCCESS' };
      });
    },

    /** POST calculate fees (spec 3 §7): the fees of the rule on the items' value, in minor units. */
    async calculateFees(user: SignedInUser, body: FeeRequest, now = new Date()) {
      const order = await ownOrder(db, user, body.phonexOrderNumber);
      let value: number;
      if (!body.items?.length) value = await orderValue(db, order.id);
      else {
        const prices = new Map(
          (await db.select().from(orderLines).where(eq(orderLines.orderId, order.id))).map((l) => [
            l.itemNumberWarehouse,
            l.unitPrice,
          ]),
        );
        value = 0;
        for (const item of body.items) {
          const price = prices.get(item.itemNumberWarehouse);
          if (price === undefined)
            throw new ApiError(400, 'itemNotOnOrder', `${item.itemNumberWarehouse} is not on this order`);
          value += item.quantity * price;
        }
      }
      return racFees(order, value, now, { isCancellation: body.isCancellation });
    },

    /** POST extend payment time: the grace period ends `extensionDays` later, while canExtendPaymentTime. */
    async extendPaymentTime(user: SignedInUser, phonexOrderNumber: string, now = new Date()) {
      await requireGracePeriod(db);
      return db.transaction(async (tx) => {
        const order = await ownOrder(tx, user, phonexOrderNumber, true);
        const permissions = await paymentTermsPermissions(tx, order, now);
        if (!permissions.canExtendPaymentTime)
          throw new ApiError(400, 'paymentTimeNotExtendable', t('orderTerms.failed.notExtendable'));
        const terms = await readOrderTermsSettings(tx);
        const gracePeriodEnd = extendedGracePeriodEnd(order.gracePeriodEnd!, terms.extensionDays);
        const [moved] = await tx
          .update(orders)
          .set({ gracePeriodEnd, version: order.version + 1, lastUpdateDate: now })
          .where(eq(orders.id, order.id))
          .returning();
        await tx.insert(orderEvents).values({
          orderId: order.id,
          at: now,
          userId: user.id,
          kind: TERMS_EVENTS.extended,
          fromStatus: order.status,
          toStatus: order.status,
          detail: {
            from: order.gracePeriodEnd!.toISOString(),
            to: gracePeriodEnd.toISOString(),
            days: terms.extensionDays,
          },
        });
        // The fees follow the new grace period: the days it now covers are not charged.
        await chargeTermsFees(tx, moved!, now, { cause: TERMS_EVENTS.extended, userId: user.id });
        return { status: 'SUCCESS' as const, gracePeriodEnd: gracePeriodEnd.toISOString() };
      });
    },

    describe,

    /**
     * The reservation-fees job: every order still open to fees is charged what it has run up by now.
     * It reads only orders whose terms were agreed and whose grace period ended a day ago or more, and
     * charges each in a transaction of its own, holding its row.
     */
    async chargeRunningFees(now = new Date()) {
      const late = await db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.racFeeAgreed, true),
            lte(orders.gracePeriodEnd, new Date(now.getTime() - DAY_MS)),
            ne(orders.status, 'CANCELED'),
            notInArray(orders.paymentStatus, SETTLED_PAYMENT_STATUSES),
          ),
        );
      let charged = 0;
      for (const { id } of late) {
        const started = await db.transaction(async (tx) => {
          const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
          const fees = order && (await feesDue(tx, order, now, { isCancellation: false }));
          if (!order || !fees) return null;
          const after = await chargeFees(tx, order, fees, now, { cause: RESERVATION_FEES_JOB });
          if (after === order) return null;
          charged++;
          // The fee starts running (again, after an extension gave it back): the buyer is told once.
          if (order.reservationFee > 0 || after.reservationFee === 0) return null;
          const to = await acceptedBy(tx, order.id);
          return (
            to && { to, order: after, perDay: feePerDay(await orderValue(tx, order.id), order.reservationFeeRate) }
          );
        });
        if (started) await feeStarted(started.to, started.order, started.perDay);
      }
      return { orders: late.length, charged };
    },

    /** The seller sets an order's terms (grace end, rates, period end, agreement): every fee state can be reached in a demo or a test. */
    async set(phonexOrderNumber: string, change: TermsChange, actor: string, now = new Date()) {
      await db.transaction(async (tx) => {
        const [order] = await tx
          .select()
          .from(orders)
          .where(eq(orders.phonexOrderNumber, phonexOrderNumber))
          .for('update');
        if (!order) throw notFound('Order');
        const agreed = change.racFeeAgreed ?? order.racFeeAgreed;
        const next = {
          ...order,
          ...change,
          racFeeAgreed: agreed,
          racFeeAgreedAt: agreed ? (order.racFeeAgreedAt ?? now) : null,
        };
        const [updated] = await tx
          .update(orders)
          .set({
            gracePeriodEnd: next.gracePeriodEnd,
            racFeePeriodEnd: next.racFeePeriodEnd,
            reservationFeeRate: next.reservationFeeRate,
            cancellationFeeRate: next.cancellationFeeRate,
            racFeeAgreed: next.racFeeAgreed,
            racFeeAgreedAt: next.racFeeAgreedAt,
            version: order.version + 1,
            lastUpdateDate: now,
          })
          .where(eq(orders.id, order.id))
          .returning();
        const iso = (d: Date | null | undefined) => (d === undefined ? undefined : (d?.toISOString() ?? null));
        await tx.insert(orderEvents).values({
          orderId: order.id,
          at: now,
          kind: TERMS_EVENTS.set,
          fromStatus: order.status,
          toStatus: order.status,
          detail: {
            actor,
            ...change,
            gracePeriodEnd: iso(change.gracePeriodEnd),
            racFeePeriodEnd: iso(change.racFeePeriodEnd),
          },
        });
        await chargeTermsFees(tx, updated!, now, { cause: TERMS_EVENTS.set });
      });
      return describe(phonexOrderNumber, now);
    },
  };
}

export type OrderTerms = ReturnType<typeof createOrderTerms>;
