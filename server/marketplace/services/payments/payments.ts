import { and, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import { INTEGRATED_PAYPAL } from '../../../../app/domain/checkout/options';
import { balanceOf } from '../../../../app/domain/orders/payment-balance';
import type { MarketplaceDeps, SignedInUser } from '../../context';
import type { Tx } from '../../db/client';
import { orderEvents, orders, payments } from '../../db/schema';
import { ApiError, notFound } from '../../errors';
import type { CheckoutService } from '../checkout/checkout';
import { readOrderSettings } from '../orders/order-settings';
import { balanceOfOrder, recordLedgerEntry, settlePayment } from './payment-ledger';
import { randomToken } from '../identity/passwords';

export type PaymentResult = 'SUCCESS' | 'FAILURE';

/** Why a confirmation answered FAILURE for an approved payment: it was never captured (VOIDED), or what it took was given back (REFUNDED). */
export type PaymentFailureReason = 'VOIDED' | 'REFUNDED';

export interface PaymentAnswer {
  status: PaymentResult;
  orderStatus: string;
  reason?: PaymentFailureReason;
}

/**
 * An integrated payment provider (INTEGRATED_PAYPAL in spec 3): it opens a payment and gives the
 * buyer a page to approve it on, sends the browser back to the return address with token, PayerID
 * and status, captures the approved payment when the portal confirms it, and gives back part of a
 * capture. The sandbox is the embedded marketplace's own; PayPal (Orders v2) is chosen by configuration.
 */
export interface PaymentProvider {
  name: string;
  /** Opens a payment of `amount` minor units: answers its token (what comes back on the return) and where the buyer approves it. */
  open(payment: {
    amount: number;
    currencyCode: string;
    reference: string;
    returnPath: string;
  }): Promise<{ token: string; approveUrl: string }>;
  /** Takes the money of an approved payment: answers the provider's capture id (the same one when asked again), or null when it has nothing approved to take. */
  capture(token: string, payerId: string): Promise<string | null>;
  /** Gives back `amount` minor units of a capture (the same refund when asked again with the same request id): answers the refund's id. */
  refund(refund: { captureId: string; amount: number; currencyCode: string; requestId: string }): Promise<string>;
}

/** The embedded marketplace's own provider: its approve page decides, and capturing checks that decision. No money moves. */
export const sandboxProvider = (apiBase: string, db: MarketplaceDeps['db']): PaymentProvider => ({
  name: 'sandbox',
  open: async () => {
    const token = randomToken(18);
    return { token, approveUrl: `${apiBase}/payment-sandbox/${token}` };
  },
  capture: async (token, payerId) => {
    const [row] = await db
      .select({ status: payments.status, payerId: payments.payerId })
      .from(payments)
      .where(eq(payments.token, token));
    // The payer approved it on the sandbox's page (its payer id); the marketplace may since have claimed or taken it.
    const approved =
      !!row?.payerId &&
      row.payerId === payerId &&
      ['APPROVED', 'CAPTURING', 'REFUNDING', 'CAPTURED'].includes(row.status);
    return approved ? `SANDBOX-CAPTURE-${token}` : null;
  },
  refund: async ({ captureId }) => `SANDBOX-REFUND-${captureId}`,
});

/** Return addresses stay on the portal's own order pages: a payment never sends the browser elsewhere. */
const RETURN_PATH = /^\/orders\/[A-Za-z0-9-]{1,40}\/order-release-confirmation$/;

/** Payments a buyer may still approve and confirm. */
const OPEN = ['PENDING', 'APPROVED'];
/** How long a start waits for another start of the same order to get its payment from the provider. */
const OPENING_PATIENCE_MS = 30_000;
const OPENING_POLL_MS = 50;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type PaymentRow = typeof payments.$inferSelect;

export function createPayments(
  { db }: Pick<MarketplaceDeps, 'db'>,
  checkout: CheckoutService,
  provider: PaymentProvider,
  currencyCode: string,
) {
  async function byToken(token: string) {
    const [row] = await db.select().from(payments).where(eq(payments.token, token));
    if (!row) throw notFound('Payment');
    const [order] = await db.select().from(orders).where(eq(orders.id, row.orderId));
    return { payment: row, order: order! };
  }

  const lockOrder = async (tx: Tx, orderId: number) =>
    (await tx.select().from(orders).where(eq(orders.id, orderId)).for('update'))[0]!;

  async function answer(orderId: number, status: PaymentResult, reason?: PaymentFailureReason): Promise<PaymentAnswer> {
    const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    return { status, orderStatus: order!.status, ...(reason ? { reason } : {}) };
  }

  /** A captured payment as its confirmation answers it: SUCCESS when the payer is the one who approved it and some of it was kept. */
  function capturedAnswer(payment: PaymentRow, payerId: string) {
    if (payment.refundAmount >= payment.amount) return answer(payment.orderId, 'FAILURE', 'REFUNDED');
    return answer(payment.orderId, !payment.payerId || payment.payerId === payerId ? 'SUCCESS' : 'FAILURE');
  }

  /** Where a confirmation goes on from a payment's current status. */
  async function proceed(payment: PaymentRow, payerId: string, user: SignedInUser): Promise<PaymentAnswer> {
    switch (payment.status) {
      case 'CAPTURED':
        return capturedAnswer(payment, payerId);
      case 'REFUNDING':
        return giveBack(payment, user);
      case 'CAPTURING':
        return take(payment, payerId, user);
      case 'PENDING':
      case 'APPROVED':
        return claim(payment, payerId, user);
      case 'DECLINED':
        await db.transaction(async (tx) => {
          const locked = await lockOrder(tx, payment.orderId);
          if (locked.paymentAttempt === 'AWAITING') await settlePayment(tx, payment.orderId, 'FAILED');
        });
        return answer(payment.orderId, 'FAILURE');
      default:
        return answer(payment.orderId, 'FAILURE', 'VOIDED');
    }
  }

  /**
   * Claims an open payment for capture, in a transaction that locks the order: only while no other
   * payment of the order is being captured and its amount is at most what the order still owes.
   * Otherwise it is voided, and the provider is never asked to take it.
   */
  async function claim(payment: PaymentRow, payerId: string, user: SignedInUser): Promise<PaymentAnswer> {
    const claimed = await db.transaction(async (tx) => {
      const locked = await lockOrder(tx, payment.orderId);
      const [current] = await tx.select().from(payments).where(eq(payments.token, payment.token));
      if (!OPEN.includes(current!.status)) return { moved: current! };
      const [busy] = await tx
        .select({ token: payments.token })
        .from(payments)
        .where(
          and(
            eq(payments.orderId, payment.orderId),
            eq(payments.status, 'CAPTURING'),
            ne(payments.token, payment.token),
          ),
        )
        .limit(1);
      const { balanceDue } = await balanceOfOrder(tx, locked);
      if (busy || current!.amount > balanceDue) {
        await tx.update(payments).set({ status: 'VOIDED' }).where(eq(payments.token, payment.token));
        return { voided: true as const };
      }
      const [taken] = await tx
        .update(payments)
        .set({ status: 'CAPTURING' })
        .where(eq(payments.token, payment.token))
        .returning();
      return { moved: taken! };
    });
    if ('voided' in claimed) return answer(payment.orderId, 'FAILURE', 'VOIDED');
    return proceed(claimed.moved, payerId, user);
  }

  /**
   * Asks the provider to take a claimed payment (outside any transaction: it is another site; asked
   * again, after a crash or by a concurrent confirmation, it answers the same capture), then records
   * it: a ledger row of what was taken and, beyond what the order owed at that moment, a refund at once.
   */
  async function take(payment: PaymentRow, payerId: string, user: SignedInUser): Promise<PaymentAnswer> {
    const captureId = await provider.capture(payment.token, payerId);
    if (!captureId) {
      // Nothing approved to take: the payment is open again (a PayPal buyer back without approving fails the attempt).
      const reopened = payment.payerId ? 'APPROVED' : 'PENDING';
      await db.transaction(async (tx) => {
        const locked = await lockOrder(tx, payment.orderId);
        const back = await tx
          .update(payments)
          .set({ status: reopened })
          .where(and(eq(payments.token, payment.token), eq(payments.status, 'CAPTURING')))
          .returning({ token: payments.token });
        if (back.length && reopened === 'PENDING' && locked.paymentAttempt === 'AWAITING')
          await settlePayment(tx, payment.orderId, 'FAILED');
      });
      return answer(payment.orderId, 'FAILURE');
    }
    const settings = await readOrderSettings(db);
    const recorded = await db.transaction(async (tx) => {
      const locked = await lockOrder(tx, payment.orderId);
      const { balanceDue } = await balanceOfOrder(tx, locked);
      const kept = Math.min(payment.amount, Math.max(balanceDue, 0));
      const excess = payment.amount - kept;
      const [row] = await tx
        .update(payments)
        // A capture finished by a new start knows no payer id (PayPal's capture needs none): the return's is kept when it comes.
        .set({
          status: excess > 0 ? 'REFUNDING' : 'CAPTURED',
          payerId: payerId || payment.payerId,
          captureId,
          refundAmount: excess,
        })
        // The provider took the money: recorded whatever the payment's state, unless it is recorded already.
        .where(and(eq(payments.token, payment.token), notInArray(payments.status, ['CAPTURED', 'REFUNDING'])))
        .returning();
      if (!row) return null;
      await recordLedgerEntry(tx, {
        orderId: locked.id,
        kind: 'PAYMENT',
        amount: payment.amount,
        provider: payment.provider,
        reference: payment.token,
        userId: user.id,
        actor: user.email,
      });
      const settled = await settlePayment(tx, locked.id, null);
      // Pay and Ship Now releases the order once nothing is left to pay, by a payment that paid some of it.
      const release =
        kept > 0 &&
        payment.releaseOnSuccess &&
        locked.status === 'ON_HOLD' &&
        balanceOf(settled, settled.amountPaid).balanceDue === 0;
      const toStatus = release ? settings.fulfillmentSettings.onReleaseFulfillmentStatusTo : locked.status;
      await tx
        .update(orders)
        .set({ status: toStatus, version: locked.version + 1, lastUpdateDate: new Date() })
        .where(eq(orders.id, locked.id));
      await tx.insert(orderEvents).values({
        orderId: locked.id,
        userId: user.id,
        kind: 'PAID',
        fromStatus: locked.status,
        toStatus,
        detail: {
          provider: payment.provider,
          amount: payment.amount,
          paid: settled.amountPaid,
          ...(excess > 0 ? { beyondBalance: excess } : {}),
        },
      });
      return row;
    });
    // Recorded now (CAPTURED, or REFUNDING what was beyond the balance), or by a concurrent confirmation first.
    const current = recorded ?? (await db.select().from(payments).where(eq(payments.token, payment.token)))[0]!;
    return proceed(current, payerId, user);
  }

  /** Gives back what a capture took beyond the balance: the provider's refund (asked again, the same one), then the ledger's REFUND row, once. */
  async function giveBack(payment: PaymentRow, user: SignedInUser): Promise<PaymentAnswer> {
    const refundId = await provider.refund({
      captureId: payment.captureId!,
      amount: payment.refundAmount,
      currencyCode,
      requestId: `refund-${payment.token}`,
    });
    await db.transaction(async (tx) => {
      const locked = await lockOrder(tx, payment.orderId);
      const done = await tx
        .update(payments)
        .set({ status: 'CAPTURED' })
        .where(and(eq(payments.token, payment.token), eq(payments.status, 'REFUNDING')))
        .returning({ token: payments.token });
      if (!done.length) return;
      await recordLedgerEntry(tx, {
        orderId: locked.id,
        kind: 'REFUND',
        amount: payment.refundAmount,
        provider: payment.provider,
        reference: payment.token,
        userId: user.id,
        actor: user.email,
      });
      const settled = await settlePayment(tx, locked.id);
      await tx.insert(orderEvents).values({
        orderId: locked.id,
        userId: user.id,
        kind: 'REFUNDED',
        fromStatus: locked.status,
        toStatus: locked.status,
        detail: {
          provider: payment.provider,
          amount: payment.refundAmount,
          refund: refundId,
          paid: settled.amountPaid,
        },
      });
    });
    return capturedAnswer({ ...payment, status: 'CAPTURED' }, payment.payerId ?? '');
  }

  return {
    provider,

    /**
     * Starts paying what an order still owes through the integrated provider; answers where the buyer
     * approves it. An order has one open payment: a start while one of the same amount waits for its
     * approval answers that one; any other open payment is voided and a new one opened. Starts of one
     * order are serialised on the order's row, and a start that finds another getting its payment from
     * the provider waits for it.
     */
    async start(user: SignedInUser, phonexOrderNumber: string, returnPath: string, releaseOnSuccess: boolean) {
      if (!RETURN_PATH.test(returnPath))
        throw new ApiError(400, 'validationFailed', 'returnUrl: not an order confirmation page');
      const order = await checkout.ownOrder(user, phonexOrderNumber);
      const deadline = Date.now() + OPENING_PATIENCE_MS;
      for (;;) {
        const step = await db.transaction(async (tx) => {
          const locked = await lockOrder(tx, order.id);
          const { balanceDue } = await balanceOfOrder(tx, locked);
          if (locked.paymentMethodCode !== INTEGRATED_PAYPAL || balanceDue <= 0 || locked.status === 'CANCELED') {
            throw new ApiError(400, 'paymentNotExpected', 'This order does not wait for a payment');
          }
          // A capture left unfinished (a crash, a buyer who never came back) is finished first: it may have taken the money.
          const [unfinished] = await tx
            .select()
            .from(payments)
            .where(and(eq(payments.orderId, order.id), inArray(payments.status, ['CAPTURING', 'REFUNDING'])))
            .limit(1);
          if (unfinished) return { finish: unfinished };
          const live = await tx
            .select()
            .from(payments)
            .where(and(eq(payments.orderId, order.id), inArray(payments.status, ['OPENING', ...OPEN])));
          const fits = (p: PaymentRow) =>
            p.amount === balanceDue && p.releaseOnSuccess === releaseOnSuccess && p.provider === provider.name;
          const reusable = live.find((p) => p.status === 'PENDING' && p.approveUrl && fits(p));
          const opening = live.find(
            (p) => p.status === 'OPENING' && fits(p) && p.createdAt.getTime() > Date.now() - OPENING_PATIENCE_MS,
          );
          const stale = live.filter((p) => p !== reusable && p !== opening);
          if (stale.length)
            await tx
              .update(payments)
              .set({ status: 'VOIDED' })
              .where(
                inArray(
                  payments.token,
                  stale.map((p) => p.token),
                ),
              );
          await settlePayment(tx, order.id, 'AWAITING');
          if (reusable) return { reuse: { token: reusable.token, approveUrl: reusable.approveUrl! } };
          if (opening) return { wait: true as const };
          const placeholder = `opening-${randomToken(18)}`;
          await tx.insert(payments).values({
            token: placeholder,
            orderId: order.id,
            provider: provider.name,
            amount: balanceDue,
            status: 'OPENING',
            releaseOnSuccess,
            returnUrl: returnPath,
          });
          return { open: { placeholder, amount: balanceDue } };
        });
        if ('finish' in step) {
          const { finish } = step;
          await proceed(finish!, finish!.payerId ?? '', user);
          continue;
        }
        if ('reuse' in step) return step.reuse;
        if ('wait' in step) {
          if (Date.now() > deadline)
            throw new ApiError(503, 'paymentBusy', 'A payment of this order is being opened: try again in a moment');
          await sleep(OPENING_POLL_MS);
          continue;
        }
        const { placeholder, amount } = step.open;
        let opened: { token: string; approveUrl: string };
        try {
          opened = await provider.open({ amount, currencyCode, reference: order.phonexOrderNumber, returnPath });
        } catch (error) {
          await db.delete(payments).where(and(eq(payments.token, placeholder), eq(payments.status, 'OPENING')));
          throw error;
        }
        // A start that meanwhile found the order owing another amount voided it: it stays void.
        await db
          .update(payments)
          .set({
            token: opened.token,
            approveUrl: opened.approveUrl,
            status: sql`case when ${payments.status} = 'OPENING' then 'PENDING' else ${payments.status} end`,
          })
          .where(eq(payments.token, placeholder));
        return opened;
      }
    },

    /** The sandbox's approve page: what is being paid. */
    async describe(token: string) {
      const { payment, order } = await byToken(token);
      return { token, amount: payment.amount, status: payment.status, phonexOrderNumber: order.phonexOrderNumber };
    },

    /** The buyer approved or declined on the provider's page; answers where the browser goes back to. */
    async decide(token: string, approved: boolean) {
      const { payment } = await byToken(token);
      if (payment.status !== 'PENDING') throw new ApiError(409, 'paymentDecided', 'This payment was already decided');
      const payerId = approved ? `SANDBOX-${randomToken(6).toUpperCase()}` : null;
      const decided = await db
        .update(payments)
        .set({ status: approved ? 'APPROVED' : 'DECLINED', payerId })
        .where(and(eq(payments.token, token), eq(payments.status, 'PENDING')))
        .returning({ token: payments.token });
      if (!decided.length) throw new ApiError(409, 'paymentDecided', 'This payment was already decided');
      const query = new URLSearchParams({
        token,
        ...(payerId ? { PayerID: payerId } : {}),
        status: approved ? 'SUCCESS' : 'FAILURE',
      });
      return `${payment.returnUrl}?${query}`;
    },

    /**
     * The portal confirms what came back: an approved payment of this buyer's order is captured if the
     * order still owes it and recorded in the ledger once (a repeated or concurrent confirmation, or one
     * after a crash between the claim, the provider's capture and the record, finishes the same
     * capture); anything else failed. The buyer is never charged more than the order's total: a payment
     * no longer owed is voided, and what a capture took beyond the balance is given back at once.
     */
    async confirm(
      user: SignedInUser,
      phonexOrderNumber: string,
      token: string,
      payerId: string,
    ): Promise<PaymentAnswer> {
      const order = await checkout.ownOrder(user, phonexOrderNumber);
      const [payment] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.token, token), eq(payments.orderId, order.id)));
      if (!payment) throw notFound('Payment');
      return proceed(payment, payerId, user);
    },
  };
}

export type Payments = ReturnType<typeof createPayments>;
