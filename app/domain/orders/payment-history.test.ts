import { describe, expect, it } from 'vitest';
import { settledOf } from './payment-balance';
import {
  paymentEntryText,
  paymentSourceOf,
  returnCreditOf,
  signedAmount,
  type PaymentHistoryEntry,
} from './payment-history';

const at = '2026-11-22T07:02:00.000Z';
const history: PaymentHistoryEntry[] = [
  { kind: 'PAYMENT', amount: 100_00, at, source: 'online', returnNumber: null },
  { kind: 'PAYMENT', amount: 50_00, at, source: 'seller', returnNumber: null },
  { kind: 'REFUND', amount: 30_00, at, source: 'online', returnNumber: null },
  { kind: 'CREDIT', amount: 12_50, at, source: 'return', returnNumber: 'RMA-000123' },
];

describe('an order’s payment history', () => {
  it('adds up, signed, to what the ledger says was paid', () => {
    const sum = history.reduce((s, e) => s + signedAmount(e), 0);
    expect(sum).toBe(settledOf({ captured: 150_00, refunded: 30_00, credited: 12_50 }));
    expect(sum).toBe(132_50);
    expect(returnCreditOf(history)).toBe(12_50);
  });

  it('says what each row was, from who took or gave the money', () => {
    expect(history.map(paymentEntryText)).toEqual([
      { key: 'onlinePayment', returnNumber: '' },
      { key: 'receivedPayment', returnNumber: '' },
      { key: 'refund', returnNumber: '' },
      { key: 'returnCredit', returnNumber: 'RMA-000123' },
    ]);
    expect(['sandbox', 'paypal', 'seller', 'return'].map((p) => paymentSourceOf(p))).toEqual([
      'online',
      'online',
      'seller',
      'return',
    ]);
  });
});
