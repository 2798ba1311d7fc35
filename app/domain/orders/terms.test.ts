import { describe, expect, it } from 'vitest';
import { DAY_MS } from './fees';
import {
  canExtendPaymentTime,
  DEFAULT_ORDER_TERMS_SETTINGS,
  extendedGracePeriodEnd,
  gracePeriodEndFrom,
  isPaymentGracePeriodSectionApplicable,
  isPaymentOverdue,
  orderTermsSettingsOf,
  type PaymentTermsOrder,
} from './terms';

const now = new Date('2026-03-10T12:00:00Z');
const order = (over: Partial<PaymentTermsOrder> = {}): PaymentTermsOrder => ({
  status: 'UNSHIPPED',
  paymentStatus: 'UNPAID',
  gracePeriodEnd: now,
  paymentTimeExtensions: 0,
  paidBeforeShipping: true,
  ...over,
});
const on = { gracePeriodEnabled: true, maxExtensions: 2 };

describe('isPaymentGracePeriodSectionApplicable', () => {
  it('shows the late-payment box for a released, unpaid order with a grace period when the tenant enables it', () => {
    expect(isPaymentGracePeriodSectionApplicable(order(), on)).toBe(true);
    expect(
      isPaymentGracePeriodSectionApplicable(order({ status: 'SHIPPED', paymentStatus: 'PARTIALLY_PAID' }), on),
    ).toBe(true);
  });

  it('hides it when disabled, before release, once paid or refunded, and for a cancelled order', () => {
    expect(isPaymentGracePeriodSectionApplicable(order(), { gracePeriodEnabled: false })).toBe(false);
    expect(isPaymentGracePeriodSectionApplicable(order({ gracePeriodEnd: null, status: 'ON_HOLD' }), on)).toBe(false);
    expect(isPaymentGracePeriodSectionApplicable(order({ paymentStatus: 'PAID' }), on)).toBe(false);
    expect(isPaymentGracePeriodSectionApplicable(order({ paymentStatus: 'REFUNDED' }), on)).toBe(false);
    expect(isPaymentGracePeriodSectionApplicable(order({ status: 'CANCELED' }), on)).toBe(false);
  });

  it('hides it for a payment method on account (net terms), due from the invoice instead', () => {
    expect(isPaymentGracePeriodSectionApplicable(order({ paidBeforeShipping: false }), on)).toBe(false);
    expect(canExtendPaymentTime(order({ paidBeforeShipping: false }), on, now)).toBe(false);
  });
});

describe('canExtendPaymentTime', () => {
  it('allows Extend Time where the box shows, while extensions are left', () => {
    expect(canExtendPaymentTime(order(), on, now)).toBe(true);
    expect(canExtendPaymentTime(order({ paymentTimeExtensions: 1 }), on, now)).toBe(true);
    expect(canExtendPaymentTime(order({ paymentTimeExtensions: 2 }), on, now)).toBe(false);
    expect(canExtendPaymentTime(order(), { ...on, maxExtensions: 0 }, now)).toBe(false);
    expect(canExtendPaymentTime(order({ paymentStatus: 'PAID' }), on, now)).toBe(false);
    expect(canExtendPaymentTime(order(), { ...on, gracePeriodEnabled: false }, now)).toBe(false);
  });
});

describe('isPaymentOverdue', () => {
  it('is over once the grace period has ended, not before, and never without one', () => {
    expect(isPaymentOverdue(new Date(now.getTime() - 1), now)).toBe(true);
    expect(isPaymentOverdue(now.toISOString(), now)).toBe(true);
    expect(isPaymentOverdue(new Date(now.getTime() + DAY_MS), now)).toBe(false);
    expect(isPaymentOverdue(null, now)).toBe(false);
    expect(isPaymentOverdue('not a date', now)).toBe(false);
  });
});

describe('order terms settings', () => {
  it('lays the stored setting over the defaults and keeps a default for a value out of range', () => {
    expect(orderTermsSettingsOf(undefined)).toEqual(DEFAULT_ORDER_TERMS_SETTINGS);
    expect(
      orderTermsSettingsOf({
        reservationFeeRate: 75,
        cancellationFeeRate: -1,
        gracePeriodDays: 1.5,
        extensionDays: 7,
        paymentTimeExtensionCustomText: 'Ask us',
      }),
    ).toEqual({
      ...DEFAULT_ORDER_TERMS_SETTINGS,
      reservationFeeRate: 75,
      extensionDays: 7,
      paymentTimeExtensionCustomText: 'Ask us',
    });
  });

  it('moves dates by whole days', () => {
    expect(gracePeriodEndFrom(now, 3).getTime() - now.getTime()).toBe(3 * DAY_MS);
    expect(extendedGracePeriodEnd(now, 2).getTime() - now.getTime()).toBe(2 * DAY_MS);
  });
});
