import { and, eq, ne } from 'drizzle-orm';
import { INTEGRATED_PAYPAL } from '../../../app/domain/checkout/options';
import { balanceOf } from '../../../app/domain/orders/payment-balance';
import type { MarketplaceDeps, SignedInUser } from '../context';
import { orderEvents, orders, payments } from '../db/schema';
import { ApiError, notFound } from '../errors';
import type { CheckoutService } from './checkout';
import { readOrderSettings } from './order-settings';
import { balanceOfOrder, recordLedgerEntry, settlePayment } from './payment-ledger';
import { randomToken } from './passwords';

export type PaymentResult = 'SUCCESS' | 'FAILURE';

/**
 * An integrated payment provider (INTEGRATED_PAYPAL in spec 3): it opens a payment and gives the
 * buyer a page to approve it on, sends the browser back to the return address with token, PayerID
 * and status, and captures the approved payment when the portal confirms it. The sandbox is the
 * embedded marketplace's own; PayPal (Orders v2) is chosen by configuration.
 */
export interface PaymentProvider {
  name: string;
  /** Opens a payment of `amount` minor units: answers its token (what comes back on the return) and where the buyer approves it. */
  open(payment: { amount: number; currencyCode: string; reference: string; returnPath: string }): Promise<{ token: string; approveUrl: string }>;
  /** Takes the money of an approved payment; false when the provider has nothing approved to take. */
  capture(token: string, payerId: string): Promise<boolean>;
}

/** The embedded marketplace's own provider: its approve page decides, and capturing checks that decision. */
export const sandboxProvider = (apiBase: string, db: MarketplaceDeps['db']): PaymentProvider => ({
  name: 'sandbox',
  open: async () => {
    const token = randomToken(18);
    return { token, approveUrl: `${apiBase}/payment-sandbox/${token}` };
  },
  capture: async (token, payerId) => {
    const [row] = await db.select({ status: payments.status, payerId: payments.payerId }).from(payments).where(eq(payments.token, token));
    return row?.status === 'APPROVED' && row.payerId === payerId;
  },
});

/** Return addresses stay on the portal's own order pages: a payment never sends the browser elsewhere. */
const RETURN_PATH = /^\/orders\/[A-Za-z0-9-]{1,40}\/order-release-confirmation$/;

export function createPayments({ db }: Pick<MarketplaceDeps, 'db'>, checkout: CheckoutService, provider: PaymentProvider, currencyCode: string) {
  async function byToken(token: string) {
    const [row] = await db.select().from(payments).where(eq(payments.token, token));
    if (!row) throw notFound('Payment');
    const [order] = await db.select().from(orders).where(eq(orders.id, row.orderId));
    return { payment: row, order: order! };
  }

  return {
    provider,

    /** Starts paying what an order still owes through the integrated provider; answers where the buyer approves it. */
    async start(user: SignedInUser, phonexOrderNumber: string, returnPath: string, releaseOnSuccess: boolean) {
      if (!RETURN_PATH.test(returnPath)) throw new ApiError(400, 'validationFailed', 'returnUrl: not an order confirmation page');
      const order = await checkout.ownOrder(user, phonexOrderNumber);
      const { balanceDue } = await balanceOfOrder(db, order);
      if (order.paymentMethodCode !== INTEGRATED_PAYPAL || balanceDue <= 0 || order.status === 'CANCELED') {
        throw new ApiError(400, 'paymentNotExpected', 'This order does not wait for a payment');
      }
      const { token, approveUrl } = await provider.open({ amount: balanceDue, currencyCode, reference: order.phonexOrderNumber, returnPath });
      await db.transaction(async (tx) => {
        await tx.insert(payments).values({ token, orderId: order.id, provider: provider.name, amount: balanceDue, releaseOnSuccess, returnUrl: returnPath });
        await settlePayment(tx, order.id, 'AWAITING');
      });
      return { token, approveUrl };
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
      await db.update(payments).set({ status: approved ? 'APPROVED' : 'DECLINED', payerId }).where(eq(payments.token, token));
      const query = new URLSearchParams({ token, ...(payerId ? { PayerID: payerId } : {}), status: approved ? 'SUCCESS' : 'FAILURE' });
      return `${payment.returnUrl}?${query}`;
    },

    /**
     * The portal confirms what came back: an approved payment of this buyer's order is captured and
     * recorded in the ledger once (a repeated or concurrent confirmation, or one after a crash between
     * the provider's capture and the record, finds the same capture); anything else failed.
     */
    async confirm(user: SignedInUser, phonexOrderNumber: string, token: string, payerId: string): Promise<{ status: PaymentResult; orderStatus: string }> {
      const order = await checkout.ownOrder(user, phonexOrderNumber);
      const [payment] = await db.select().from(payments).where(and(eq(payments.token, token), eq(payments.orderId, order.id)));
      if (!payment) throw notFound('Payment');
      if (payment.status === 'CAPTURED') return { status: payment.payerId === payerId ? 'SUCCESS' : 'FAILURE', orderStatus: order.status };
      // The provider is asked outside any transaction (it is another site); asked again, it answers with the same capture.
      const captured = payment.status !== 'DECLINED' && (await provider.capture(token, payerId));
      if (!captured) {
        if (payment.status === 'DECLINED' || payment.status === 'PENDING') {
          await db.transaction(async (tx) => {
            const [current] = await tx.select({ attempt: orders.paymentAttempt }).from(orders).where(eq(orders.id, order.id)).for('update');
            if (current?.attempt === 'AWAITING') await settlePayment(tx, order.id, 'FAILED');
          });
        }
        return { status: 'FAILURE', orderStatus: order.status };
      }
      const settings = await readOrderSettings(db);
      const status = await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
        const taken = await tx.update(payments).set({ status: 'CAPTURED', payerId }).where(and(eq(payments.token, token), ne(payments.status, 'CAPTURED'))).returning({ token: payments.token });
        if (!locked || !taken.length) return locked?.status ?? order.status;
        await recordLedgerEntry(tx, { orderId: order.id, kind: 'PAYMENT', amount: payment.amount, provider: payment.provider, reference: token, userId: user.id, actor: user.email });
        const settled = await settlePayment(tx, order.id, null);
        // Pay and Ship Now releases the order once nothing is left to pay.
        const release = payment.releaseOnSuccess && locked.status === 'ON_HOLD' && balanceOf(settled, settled.amountPaid).balanceDue === 0;
        const toStatus = release ? settings.fulfillmentSettings.onReleaseFulfillmentStatusTo : locked.status;
        await tx.update(orders).set({ status: toStatus, version: locked.version + 1, lastUpdateDate: new Date() }).where(eq(orders.id, order.id));
        await tx.insert(orderEvents).values({ orderId: order.id, userId: user.id, kind: 'PAID', fromStatus: locked.status, toStatus, detail: { provider: payment.provider, amount: payment.amount, paid: settled.amountPaid } });
        return toStatus;
      });
      return { status: 'SUCCESS', orderStatus: status };
    },
  };
}

export type Payments = ReturnType<typeof createPayments>;
