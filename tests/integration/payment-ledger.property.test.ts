import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balanceOf, paymentStatusOf } from '../../app/domain/orders/payment-balance';
import type { apiCaller } from './harness';
import { ADDABLE_STATUSES } from '../../server/marketplace/services/offers/cart';
import { ordering, testMarketplace } from './support/ordering';

/**
 * The ledger's invariant over random lives of an order (issue 34): whatever sequence of adding lines,
 * removing one, changing the shipping, paying (online or to the seller), canceling and refunding, the
 * ledger holds every payment that was made and every refund, the order's paid amount is their sum,
 * its status is what that sum and its total say, and paid beyond what is due always shows as a credit.
 */
const started = testMarketplace({ items: 400 });
const call: ReturnType<typeof apiCaller> = (...args) => started().call(...args);

const api = ordering(started, 'ledgerprop');

type Step =
  | { kind: 'add'; quantity: number }
  | { kind: 'remove' }
  | { kind: 'shipping'; method: 'ACME_STANDARD_SHIPPING' | 'LOCAL_PICKUP' }
  | { kind: 'payOnline' }
  | { kind: 'payTwice'; sameWay: boolean }
  | { kind: 'payRacing'; confirmations: number }
  | { kind: 'paySeller'; share: number }
  | { kind: 'cancel'; by: 'buyer' | 'seller' }
  | { kind: 'refund'; share: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), quantity: fc.integer({ min: 1, max: 3 }) }),
  fc.constant({ kind: 'remove' as const }),
  fc.record({
    kind: fc.constant('shipping' as const),
    method: fc.constantFrom('ACME_STANDARD_SHIPPING' as const, 'LOCAL_PICKUP' as const),
  }),
  fc.constant({ kind: 'payOnline' as const }),
  // Two tabs (issue 49): pay pressed twice, the same way or the second as Pay and Ship Now and the first not.
  fc.record({ kind: fc.constant('payTwice' as const), sameWay: fc.boolean() }),
  // An approved return confirmed several times at once while another tab starts paying again.
  fc.record({ kind: fc.constant('payRacing' as const), confirmations: fc.integer({ min: 2, max: 4 }) }),
  // A share of the balance in percent: above 100 pays more than is owed.
  fc.record({ kind: fc.constant('paySeller' as const), share: fc.integer({ min: 1, max: 130 }) }),
  fc.record({ kind: fc.constant('cancel' as const), by: fc.constantFrom('buyer' as const, 'seller' as const) }),
  fc.record({ kind: fc.constant('refund' as const), share: fc.integer({ min: 1, max: 120 }) }),
);

let items = 0;

const startPayment = (token: string, n: string, releaseOnSuccess: boolean) =>
  call('POST', `/orders/${n}/payment`, {
    token,
    body: { returnUrl: `/orders/${n}/order-release-confirmation`, releaseOnSuccess },
  });

/** The buyer approves on the sandbox's page: the return's token and PayerID, or null when the page refuses (a payment decided or voided). */
async function approve(approveUrl: string) {
  const decided = await started().harness.marketplace.fetch(
    new Request(`http://m${approveUrl}`, { method: 'POST', body: new URLSearchParams({ decision: 'approve' }) }),
  );
  if (decided.status !== 303) return null;
  const back = new URL(decided.headers.get('location')!, 'http://m');
  return { token: back.searchParams.get('token')!, payerId: back.searchParams.get('PayerID')! };
}

const confirm = (token: string, n: string, body: { token: string; payerId: string }) =>
  call('POST', `/orders/${n}/payment/confirm`, { token, body });

async function run(steps: Step[]) {
  const token = await api.newBuyer();
  const n = await api.placed(token, 2, items++, { paymentMethodCode: 'INTEGRATED_PAYPAL' });
  // What the model knows was taken and given back: the ledger must hold exactly these.
  const taken: number[] = [];
  const given: number[] = [];
  for (const s of steps) {
    const order = await api.orderRow(n);
    const balance = balanceOf(order, order.amountPaid);
    switch (s.kind) {
      case 'add':
        // Only an order not shipped nor canceled takes a cart (the cart's ADD TO EXISTING ORDER offers no other).
        if (ADDABLE_STATUSES.includes(order.status))
          expect((await api.addToOrder(token, n, s.quantity, items++)).status).toBe(201);
        break;
      case 'remove': {
        const details = (await call('GET', `/orders/${n}`, { token })).body;
        const line = details.salesOrder?.items?.[0];
        if (!line) break;
        await call('PUT', `/orders/${n}/draft`, { token, body: { change: { kind: 'remove', lineId: line.id } } });
        await call('PUT', `/orders/${n}`, { token, body: { version: details.salesOrder.version, action: 'SAVE' } });
        await call('DELETE', `/orders/${n}/draft`, { token });
        break;
      }
      case 'shipping': {
        const details = (await call('GET', `/orders/${n}`, { token })).body;
        if (!details.salesOrder) break;
        const selection = {
          ...details.salesOrder.selection,
          shippingMethodCode: s.method,
          insured: s.method === 'LOCAL_PICKUP' ? null : false,
        };
        await call('PUT', `/orders/${n}/draft`, {
          token,
          body: { change: { kind: 'rows', rows: ['shippingAddress', 'shippingMethod'], selection } },
        });
        await call('PUT', `/orders/${n}`, { token, body: { version: details.salesOrder.version, action: 'SAVE' } });
        await call('DELETE', `/orders/${n}/draft`, { token });
        break;
      }
      case 'payOnline': {
        const opened = await call('POST', `/orders/${n}/payment`, {
          token,
          body: { returnUrl: `/orders/${n}/order-release-confirmation`, releaseOnSuccess: true },
        });
        if (opened.status !== 201) {
          // Refused only when nothing is owed (or the order is canceled).
          expect(balance.balanceDue === 0 || order.status === 'CANCELED', JSON.stringify(opened.body)).toBe(true);
          break;
        }
        await started().harness.marketplace.fetch(
          new Request(`http://m${opened.body.approveUrl}`, {
            method: 'POST',
            body: new URLSearchParams({ decision: 'approve' }),
          }),
        );
        const payment = await started().harness.database.db.query.payments.findFirst({
          where: (p, { eq }) => eq(p.token, opened.body.token),
        });
        const confirmed = await call('POST', `/orders/${n}/payment/confirm`, {
          token,
          body: { token: opened.body.token, payerId: payment!.payerId },
        });
        expect(confirmed.body.status).toBe('SUCCESS');
        expect(payment!.amount).toBe(balance.balanceDue);
        taken.push(payment!.amount);
        break;
      }
      case 'payTwice': {
        // Start, start, approve both, confirm both (at once): the balance is taken once.
        const opened = [await startPayment(token, n, true), await startPayment(token, n, s.sameWay)];
        if (opened.some((o) => o.status !== 201)) {
          expect(
            balance.balanceDue === 0 || order.status === 'CANCELED',
            JSON.stringify(opened.map((o) => o.body)),
          ).toBe(true);
          break;
        }
        const returns = await Promise.all(opened.map((o) => approve(o.body.approveUrl)));
        const answers = await Promise.all(
          returns.map((r, i) => confirm(token, n, r ?? { token: opened[i]!.body.token, payerId: 'NOT-APPROVED' })),
        );
        expect(answers.filter((a) => a.body.status === 'SUCCESS').length).toBeGreaterThanOrEqual(1);
        taken.push(balance.balanceDue);
        break;
      }
      case 'payRacing': {
        const opened = await startPayment(token, n, true);
        if (opened.status !== 201) break;
        const back = (await approve(opened.body.approveUrl))!;
        const [again, ...answers] = await Promise.all([
          startPayment(token, n, true),
          ...Array.from({ length: s.confirmations }, () => confirm(token, n, back)),
        ]);
        const succeeded = answers.some((a) => a.body.status === 'SUCCESS');
        // Either the confirmations took it (and the start found nothing owed) or the start came first and voided it.
        if (succeeded) {
          expect(answers.every((a) => a.body.status === 'SUCCESS')).toBe(true);
          expect(again!.body.messageCode).toBe('paymentNotExpected');
          taken.push(balance.balanceDue);
        } else {
          expect(answers.every((a) => a.body.reason === 'VOIDED')).toBe(true);
          expect(again!.status).toBe(201);
        }
        break;
      }
      case 'paySeller': {
        const amount = Math.max(1, Math.round((Math.max(balance.balanceDue, 100) * s.share) / 100));
        const paid = await call('POST', `/admin/orders/${n}/payments`, { body: { amount } });
        expect(paid.status, JSON.stringify(paid.body)).toBe(201);
        taken.push(amount);
        break;
      }
      case 'cancel':
        if (s.by === 'buyer')
          await call('PUT', `/orders/${n}`, { token, body: { version: order.version, action: 'CANCEL' } });
        else await call('POST', `/admin/orders/${n}/cancel-lines`, { body: {} });
        break;
      case 'refund': {
        const amount = Math.max(1, Math.round((Math.max(balance.paid, 1) * s.share) / 100));
        const refunded = await call('POST', `/admin/orders/${n}/refunds`, { body: { amount } });
        if (amount > balance.paid) expect(refunded.body.messageCode).toBe('refundExceedsPaid');
        else {
          expect(refunded.status, JSON.stringify(refunded.body)).toBe(201);
          given.push(amount);
        }
        break;
      }
    }
    await holds(token, n, taken, given);
  }
}

/** The invariant after every step. */
async function holds(token: string, n: string, taken: number[], given: number[]) {
  const order = await api.orderRow(n);
  const ledger = await api.ledgerOf(n);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  // No action forgets a payment or a refund, and none is recorded twice.
  expect(ledger.filter((r) => r.kind === 'PAYMENT').map((r) => r.amount)).toEqual(taken);
  expect(ledger.filter((r) => r.kind === 'REFUND').map((r) => r.amount)).toEqual(given);
  const captured = sum(taken);
  const refunded = sum(given);
  expect(order.amountPaid).toBe(captured - refunded);
  expect(order.paymentStatus).toBe(
    paymentStatusOf(order, { captured, refunded, credited: 0 }, order.paymentAttempt as 'AWAITING' | 'FAILED' | null),
  );
  const due = order.status === 'CANCELED' ? 0 : order.total;
  const shown = (await call('GET', `/orders/${n}`, { token })).body.salesOrder.payment;
  if (captured - refunded > due) {
    // Paid beyond what is due: never without the credit on the buyer's screen.
    expect(order.paymentStatus).toBe('CREDIT_DUE');
    expect(shown.creditDue).toBe(captured - refunded - due);
  } else {
    expect(shown).toEqual({ amountPaid: captured - refunded, balanceDue: due - (captured - refunded), creditDue: 0 });
  }
}

describe('the payment ledger over random sequences of order changes', () => {
  it('keeps every payment and refund, and shows any credit', { timeout: 600_000 }, async () => {
    await fc.assert(fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 7 }), run), {
      numRuns: Number(process.env.LEDGER_RUNS ?? 14),
      endOnFailure: true,
    });
  });
});
