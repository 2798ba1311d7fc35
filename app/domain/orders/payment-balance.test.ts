import { describe, expect, it } from 'vitest';
import { balanceOf, ledgerEntryError, paymentStatusOf } from './payment-balance';

const open = { status: 'UNSHIPPED', total: 10_000, reservationFee: 0, cancellationFee: 0 };
const ledger = (captured: number, refunded = 0) => ({ captured, refunded, credited: 0 });

describe('paymentStatusOf', () => {
  it('follows what was paid against what is due', () => {
    expect(paymentStatusOf(open, ledger(0), null)).toBe('UNPAID');
    expect(paymentStatusOf(open, ledger(0), 'AWAITING')).toBe('AWAITING_PAYMENT');
    expect(paymentStatusOf(open, ledger(0), 'FAILED')).toBe('FAILED');
    expect(paymentStatusOf(open, ledger(4_000), null)).toBe('PARTIALLY_PAID');
    // A failed attempt at the rest says so; an awaited one keeps the part payment visible.
    expect(paymentStatusOf(open, ledger(4_000), 'FAILED')).toBe('FAILED');
    expect(paymentStatusOf(open, ledger(4_000), 'AWAITING')).toBe('PARTIALLY_PAID');
    expect(paymentStatusOf(open, ledger(10_000), 'AWAITING')).toBe('PAID');
    expect(paymentStatusOf(open, ledger(12_000), null)).toBe('CREDIT_DUE');
    expect(paymentStatusOf(open, ledger(12_000, 2_000), null)).toBe('PAID');
  });

  it('owes nothing on a canceled order: what was paid is a credit until it is refunded', () => {
    const canceled = { status: 'CANCELED', total: 10_000, reservationFee: 0, cancellationFee: 0 };
    // Not "unpaid": nothing is asked for.
    expect(paymentStatusOf(canceled, ledger(0), null)).toBe('NOTHING_DUE');
    expect(paymentStatusOf(canceled, ledger(0), 'FAILED')).toBe('NOTHING_DUE');
    expect(paymentStatusOf(canceled, ledger(10_000), null)).toBe('CREDIT_DUE');
    expect(paymentStatusOf(canceled, ledger(10_000, 10_000), null)).toBe('REFUNDED');
    expect(balanceOf(canceled, 10_000)).toEqual({ due: 0, paid: 10_000, balanceDue: 0, creditDue: 10_000 });
  });

  it('asks a canceled order for the fees charged on it, and nothing of its other charges', () => {
    // Canceled late: the reservation fee accrued and the cancellation fee are what it owes (its total is theirs).
    const late = { status: 'CANCELED', total: 150, reservationFee: 50, cancellationFee: 100 };
    expect(balanceOf(late, 0)).toEqual({ due: 150, paid: 0, balanceDue: 150, creditDue: 0 });
    expect(paymentStatusOf(late, ledger(0), null)).toBe('UNPAID');
    expect(paymentStatusOf(late, ledger(150), null)).toBe('PAID');
    // Paid in full before it was canceled: what was paid beyond the fees is owed back.
    expect(balanceOf(late, 10_150)).toEqual({ due: 150, paid: 10_150, balanceDue: 0, creditDue: 10_000 });
    // An order canceled before fees were charged kept its other charges in its total: they are not asked for.
    expect(balanceOf({ ...late, total: 10_000, reservationFee: 0, cancellationFee: 0 }, 0).due).toBe(0);
  });
});

describe('ledgerEntryError', () => {
  const balance = balanceOf(open, 3_000);
  it('takes whole positive minor units, and refunds of at most what was paid', () => {
    expect(ledgerEntryError('PAYMENT', 1, balance)).toBeNull();
    expect(ledgerEntryError('PAYMENT', 0, balance)).toBe('amount');
    expect(ledgerEntryError('PAYMENT', 1.5, balance)).toBe('amount');
    expect(ledgerEntryError('REFUND', 3_000, balance)).toBeNull();
    expect(ledgerEntryError('REFUND', 3_001, balance)).toBe('refundExceedsPaid');
  });
});
