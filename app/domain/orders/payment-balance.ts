import { feeSum, type RacFees } from './fees';

/**
 * What an order has been paid and still owes, from its payment ledger: every capture and every refund
 * is a row in minor units, and the order's paid amount and payment status follow from those rows and
 * its total. Nothing else sets them (DESIGN.md, "Money").
 */

/** CREDIT: what the seller credits for returned units (issue 38); it counts toward what was paid. */
export const LEDGER_KINDS = ['PAYMENT', 'REFUND', 'CREDIT'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** An integrated payment the order waits for, or the last one that failed; null when none is under way. */
export const PAYMENT_ATTEMPTS = ['AWAITING', 'FAILED'] as const;
export type PaymentAttempt = (typeof PAYMENT_ATTEMPTS)[number];

export interface LedgerTotals {
  /** The sum of the payments taken, minor units. */
  captured: number;
  /** The sum of the refunds given, minor units. */
  refunded: number;
  /** The sum of the credits for returned units, minor units. */
  credited: number;
}

/** What the ledger says was paid: captured and credited, less refunded. */
export const settledOf = (ledger: LedgerTotals) => ledger.captured + ledger.credited - ledger.refunded;

export interface Balance {
  /** What the order asks for: its total, or once it is canceled the reservation and cancellation fees charged on it. */
  due: number;
  /** Taken less given back. */
  paid: number;
  /** Still to pay (never below 0). */
  balanceDue: number;
  /** Paid beyond what is due: the seller owes it back (never below 0). */
  creditDue: number;
}

/** What the balance reads of an order: a canceled one asks only for the fees charged on it. */
export type BalancedOrder = { status: string; total: number } & RacFees;

/** An order's balance from what its ledger says was paid (captured less refunded). */
export function balanceOf(order: BalancedOrder, paid: number): Balance {
  const due = order.status === 'CANCELED' ? feeSum(order) : order.total;
  return { due, paid, balanceDue: Math.max(0, due - paid), creditDue: Math.max(0, paid - due) };
}

export type DerivedPaymentStatus =
  'UNPAID' | 'AWAITING_PAYMENT' | 'PARTIALLY_PAID' | 'PAID' | 'FAILED' | 'REFUNDED' | 'CREDIT_DUE' | 'NOTHING_DUE';

/**
 * The payment status an order's ledger says: paid beyond what is due is CREDIT_DUE; exactly what is
 * due is PAID; part of it PARTIALLY_PAID (a failed attempt at the rest shows as FAILED); nothing yet
 * is AWAITING_PAYMENT while an integrated payment is expected, REFUNDED when everything taken was
 * given back, NOTHING_DUE when the order asks for nothing (canceled before any payment), UNPAID
 * otherwise.
 */
export function paymentStatusOf(
  order: BalancedOrder,
  ledger: LedgerTotals,
  attempt: PaymentAttempt | null,
): DerivedPaymentStatus {
  const { due, paid, balanceDue, creditDue } = balanceOf(order, settledOf(ledger));
  if (creditDue > 0) return 'CREDIT_DUE';
  if (balanceDue === 0 && due > 0) return 'PAID';
  if (attempt === 'FAILED' && balanceDue > 0) return 'FAILED';
  if (paid > 0) return 'PARTIALLY_PAID';
  if (attempt === 'AWAITING' && balanceDue > 0) return 'AWAITING_PAYMENT';
  if (ledger.refunded > 0) return 'REFUNDED';
  if (due === 0) return 'NOTHING_DUE';
  return 'UNPAID';
}

/** Why a ledger entry cannot be made: a refund of more than was paid, or an amount that is not a positive whole number of minor units. */
export function ledgerEntryError(
  kind: LedgerKind,
  amount: number,
  balance: Balance,
): 'amount' | 'refundExceedsPaid' | null {
  if (!Number.isSafeInteger(amount) || amount <= 0) return 'amount';
  if (kind === 'REFUND' && amount > balance.paid) return 'refundExceedsPaid';
  return null;
}
