import type { LedgerKind } from './payment-balance';

/**
 * An order's payment history: each row of its payment ledger as the buyer reads it, oldest first. Who
 * took the money says what it was: a payment online (the integrated provider), one the seller
 * recorded (a transfer received), a refund, or a return's credit; the amounts, signed, add up to
 * what the order page says was paid.
 */
export const PAYMENT_SOURCES = ['online', 'seller', 'return'] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];

export interface PaymentHistoryEntry {
  kind: LedgerKind;
  /** Minor units, above 0: a refund takes it back. */
  amount: number;
  /** ISO date and time. */
  at: string;
  source: PaymentSource;
  /** The return a credit is for (its RMA number); null for anything else. */
  returnNumber: string | null;
}

/** The ledger's provider of what the seller records by hand (a transfer received, a refund given). */
export const SELLER_PROVIDER = 'seller';
/** The ledger's provider of a return's credit: its reference is the return's RMA number. */
export const RETURN_CREDIT_PROVIDER = 'return';

/** Who took or gave the money, from the ledger's provider: anything but the seller or a return is a provider online. */
export function paymentSourceOf(provider: string): PaymentSource {
  if (provider === SELLER_PROVIDER) return 'seller';
  return provider === RETURN_CREDIT_PROVIDER ? 'return' : 'online';
}

/** What returns credited to the order: its CREDIT rows' sum, part of what was paid. */
export const returnCreditOf = (history: Pick<PaymentHistoryEntry, 'kind' | 'amount'>[]) =>
  history.filter((entry) => entry.kind === 'CREDIT').reduce((sum, entry) => sum + entry.amount, 0);

/** What the row adds to what was paid: a refund takes its amount back. */
export const signedAmount = (entry: Pick<PaymentHistoryEntry, 'kind' | 'amount'>) =>
  entry.kind === 'REFUND' ? -entry.amount : entry.amount;

/** The row's description, as a text key and the return it names ('' for a row of no return). */
export function paymentEntryText(entry: PaymentHistoryEntry): {
  key: 'onlinePayment' | 'receivedPayment' | 'refund' | 'returnCredit';
  returnNumber: string;
} {
  const returnNumber = entry.returnNumber ?? '';
  if (entry.kind === 'REFUND') return { key: 'refund', returnNumber };
  if (entry.kind === 'CREDIT') return { key: 'returnCredit', returnNumber };
  return { key: entry.source === 'seller' ? 'receivedPayment' : 'onlinePayment', returnNumber };
}
