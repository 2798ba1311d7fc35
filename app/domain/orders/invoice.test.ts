import { describe, expect, it } from 'vitest';
import {
  chargesSum,
  chargesToInvoice,
  invoiceChargeLines,
  invoiceDueDate,
  NO_CHARGES,
  type InvoiceCharges,
} from './invoice';

const order: InvoiceCharges = {
  additionalServicesFee: 20_00,
  freight: 136_50,
  freightDiscount: 136_50,
  promotion: 'Free shipping: order over $5,000.00',
  insurance: 179_00,
  tax: 2_158_74,
  taxDescription: 'Florida sales tax 6%',
  paymentFee: 358_00,
};

describe('an invoice’s charges', () => {
  it('the first invoice carries every charge of the order, the others none', () => {
    expect(chargesToInvoice(order, 0)).toEqual(order);
    expect(chargesToInvoice(order, 1)).toEqual(NO_CHARGES);
    expect(chargesSum(order)).toBe(20_00 + 179_00 + 2_158_74 + 358_00);
  });

  it('lists each charge on its own line (the discount negative, the tax with its words), none of 0', () => {
    expect(invoiceChargeLines({ amount: 10_000_00 + chargesSum(order), goods: 10_000_00, charges: order })).toEqual([
      { key: 'additionalServicesFee', amount: 20_00 },
      { key: 'freight', amount: 136_50 },
      { key: 'freightDiscount', amount: -136_50, description: 'Free shipping: order over $5,000.00' },
      { key: 'insurance', amount: 179_00 },
      { key: 'tax', amount: 2_158_74, description: 'Florida sales tax 6%' },
      { key: 'paymentFee', amount: 358_00 },
    ]);
    expect(invoiceChargeLines({ amount: 500_00, goods: 500_00, charges: NO_CHARGES })).toEqual([]);
  });

  it('carries the reservation and cancellation fees charged on the order, each on its own line after the payment fee', () => {
    const late = { ...order, reservationFee: 61_60, cancellationFee: 0 };
    expect(chargesToInvoice(late, 0)).toEqual(late);
    expect(chargesSum(late)).toBe(chargesSum(order) + 61_60);
    expect(invoiceChargeLines({ amount: chargesSum(late), goods: 0, charges: late }).slice(-2)).toEqual([
      { key: 'paymentFee', amount: 358_00 },
      { key: 'reservationFee', amount: 61_60 },
    ]);
  });

  it('an invoice made before its charges were kept shows what it added as one line', () => {
    expect(invoiceChargeLines({ amount: 600_00, goods: 500_00, charges: null })).toEqual([
      { key: 'otherCharges', amount: 100_00 },
    ]);
    expect(invoiceChargeLines({ amount: 500_00, goods: 500_00, charges: null })).toEqual([]);
  });
});

describe('an invoice’s due date', () => {
  const invoicedAt = new Date('2026-11-02T15:00:00Z');
  it('on terms: the terms’ days after the invoice', () => {
    expect(invoiceDueDate({ termsDays: 30 }, invoicedAt, null)).toEqual(new Date('2026-12-02T15:00:00Z'));
    // A grace period left from before does not shorten the terms.
    expect(invoiceDueDate({ termsDays: 30 }, invoicedAt, new Date('2026-11-05T00:00:00Z'))).toEqual(
      new Date('2026-12-02T15:00:00Z'),
    );
  });
  it('paid before shipping: the end of the order’s grace period, else on receipt', () => {
    expect(invoiceDueDate({ termsDays: null }, invoicedAt, new Date('2026-11-05T00:00:00Z'))).toEqual(
      new Date('2026-11-05T00:00:00Z'),
    );
    expect(invoiceDueDate(undefined, invoicedAt, null)).toEqual(invoicedAt);
  });
});
