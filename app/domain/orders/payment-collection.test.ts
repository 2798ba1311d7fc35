import { describe, expect, it } from 'vitest';
import { DAY_MS } from './fees';
import { accountDueDate, accountTermsOf, collectionOf, PAID_BEFORE_SHIPPING } from './payment-collection';

const methods = [
  { code: 'TERMS_NET_30', paidBeforeShipping: false, termsDays: 30 },
  { code: 'COD', paidBeforeShipping: false, termsDays: null },
  { code: 'WIRE_TRANSFER', paidBeforeShipping: true, termsDays: null },
  { code: 'KEPT_BEFORE_THE_FIELDS' },
];
const now = new Date('2026-03-10T12:00:00Z');
const net30 = collectionOf(methods, 'TERMS_NET_30');

describe('payment collection of a method', () => {
  it('reads the tenant’s method; one without the fields, unknown or not chosen is paid before shipping', () => {
    expect(net30).toEqual({ paidBeforeShipping: false, termsDays: 30 });
    expect(collectionOf(methods, 'COD')).toEqual({ paidBeforeShipping: false, termsDays: null });
    expect(collectionOf(methods, 'WIRE_TRANSFER')).toEqual(PAID_BEFORE_SHIPPING);
    expect(collectionOf(methods, 'KEPT_BEFORE_THE_FIELDS')).toEqual(PAID_BEFORE_SHIPPING);
    expect(collectionOf(methods, 'GONE')).toEqual(PAID_BEFORE_SHIPPING);
    expect(collectionOf(methods, null)).toEqual(PAID_BEFORE_SHIPPING);
  });

  it('dates an order on net terms the terms’ days after its first invoice, and not before it is invoiced', () => {
    expect(accountDueDate(net30, now)?.getTime()).toBe(now.getTime() + 30 * DAY_MS);
    expect(accountDueDate(net30, null)).toBeNull();
    expect(accountDueDate(PAID_BEFORE_SHIPPING, now)).toBeNull();
  });
});

describe('the terms an order on account shows', () => {
  const order = (invoicedAt: Date | null, paymentStatus = 'UNPAID', status = 'INVOICED') => ({
    status,
    paymentStatus,
    invoicedAt,
  });

  it('says when it is due, and that it is overdue once the due date passed unpaid', () => {
    const invoiced = new Date(now.getTime() - 10 * DAY_MS);
    expect(accountTermsOf(net30, order(invoiced), true, now)).toEqual({
      termsDays: 30,
      invoicedAt: invoiced.toISOString(),
      dueDate: new Date(invoiced.getTime() + 30 * DAY_MS).toISOString(),
      overdue: false,
      useCurrentAccountTextForPayment: true,
    });
    expect(
      accountTermsOf(net30, order(new Date(now.getTime() - 31 * DAY_MS), 'PARTIALLY_PAID'), false, now),
    ).toMatchObject({ overdue: true });
    expect(accountTermsOf(net30, order(null, 'UNPAID', 'UNSHIPPED'), false, now)).toMatchObject({
      invoicedAt: null,
      dueDate: null,
      overdue: false,
    });
  });

  it('has none for a method paid before shipping, a method without terms, an order paid or cancelled', () => {
    expect(accountTermsOf(PAID_BEFORE_SHIPPING, order(now), false, now)).toBeNull();
    expect(accountTermsOf(collectionOf(methods, 'COD'), order(now), false, now)).toBeNull();
    expect(accountTermsOf(net30, order(now, 'PAID'), false, now)).toBeNull();
    expect(accountTermsOf(net30, order(now, 'UNPAID', 'CANCELED'), false, now)).toBeNull();
  });
});
