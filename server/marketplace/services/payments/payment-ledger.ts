import { asc, eq, sql } from 'drizzle-orm';
import {
  balanceOf,
  paymentStatusOf,
  settledOf,
  type Balance,
  type LedgerKind,
  type LedgerTotals,
  type PaymentAttempt,
} from '../../../../app/domain/orders/payment-balance';
import {
  paymentSourceOf,
  RETURN_CREDIT_PROVIDER,
  type PaymentHistoryEntry,
} from '../../../../app/domain/orders/payment-history';
import type { Db, Tx } from '../../db/client';
import { orders, paymentLedger } from '../../db/schema';

type OrderRow = typeof orders.$inferSelect;

export interface LedgerEntry {
  orderId: number;
  kind: LedgerKind;
  amount: number;
  provider: string;
  reference: string;
  userId: number | null;
  actor: string;
  at?: Date;
}

/** What an order's answers say of its payment: paid so far, still to pay, owed back (minor units). */
export function paymentView(
  order: Pick<OrderRow, 'status' | 'total' | 'amountPaid' | 'reservationFee' | 'cancellationFee'>,
) {
  const { paid, balanceDue, creditDue } = balanceOf(order, order.amountPaid);
  return { amountPaid: paid, balanceDue, creditDue };
}

/** The sum of an order's ledger rows of one kind, over the rows selected from the ledger. */
const sumOfKind = (kind: 'PAYMENT' | 'REFUND' | 'CREDIT') =>
  sql<number>`coalesce(sum(${paymentLedger.amount}) filter (where ${paymentLedger.kind} = ${kind}), 0)::integer`;

/** The sums of an order's ledger. */
export async function ledgerTotalsOf(db: Db | Tx, orderId: number): Promise<LedgerTotals> {
  const [row] = await db
    .select({ captured: sumOfKind('PAYMENT'), refunded: sumOfKind('REFUND'), credited: sumOfKind('CREDIT') })
    .from(paymentLedger)
    .where(eq(paymentLedger.orderId, orderId));
  return {
    captured: Number(row?.captured ?? 0),
    refunded: Number(row?.refunded ?? 0),
    credited: Number(row?.credited ?? 0),
  };
}

/** A ledger row as the buyer's payment history shows it (app/domain/orders/payment-history.ts). */
export const historyEntryOf = (row: {
  kind: string;
  amount: number;
  provider: string;
  reference: string;
  at: Date | string;
}): PaymentHistoryEntry => ({
  kind: row.kind as LedgerKind,
  amount: Number(row.amount),
  at: new Date(row.at).toISOString(),
  source: paymentSourceOf(row.provider),
  returnNumber: row.provider === RETURN_CREDIT_PROVIDER ? row.reference : null,
});

/** An order's rows, oldest first (the seller's view, the order's spreadsheet and the tests). */
export async function ledgerOf(db: Db | Tx, orderId: number) {
  return db.select().from(paymentLedger).where(eq(paymentLedger.orderId, orderId)).orderBy(asc(paymentLedger.id));
}

/** What the buyer has paid and still owes on an order, with its ledger sums. */
export async function balanceOfOrder(
  db: Db | Tx,
  order: Pick<OrderRow, 'id' | 'status' | 'total' | 'reservationFee' | 'cancellationFee'>,
): Promise<Balance & LedgerTotals> {
  const totals = await ledgerTotalsOf(db, order.id);
  return { ...balanceOf(order, settledOf(totals)), ...totals };
}

/**
 * Works the order's paid amount and payment status out again from its ledger, its total and its
 * payment attempt (`attempt` replaces the attempt when given), and writes them: call it in the
 * transaction of every change to an order's total, status or ledger. A settled payment ends the attempt.
 */
export async function settlePayment(tx: Tx, orderId: number, attempt?: PaymentAttempt | null): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`order ${orderId} not found`);
  const totals = await ledgerTotalsOf(tx, orderId);
  const wanted = attempt === undefined ? (order.paymentAttempt as PaymentAttempt | null) : attempt;
  const { balanceDue, paid } = balanceOf(order, settledOf(totals));
  const kept = balanceDue > 0 ? wanted : null;
  const paymentStatus = paymentStatusOf(order, totals, kept);
  if (order.paymentStatus === paymentStatus && order.amountPaid === paid && order.paymentAttempt === kept) return order;
  const [updated] = await tx
    .update(orders)
    .set({ paymentStatus, amountPaid: paid, paymentAttempt: kept })
    .where(eq(orders.id, orderId))
    .returning();
  return updated!;
}

/** Adds one row to the ledger; false when a row of the same kind, provider and reference is there already (a capture is recorded once). */
export async function recordLedgerEntry(tx: Tx, entry: LedgerEntry): Promise<boolean> {
  const inserted = await tx
    .insert(paymentLedger)
    .values({ ...entry, at: entry.at ?? new Date() })
    .onConflictDoNothing({ target: [paymentLedger.kind, paymentLedger.provider, paymentLedger.reference] })
    .returning({ id: paymentLedger.id });
  return inserted.length > 0;
}
