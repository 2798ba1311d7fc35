import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  feeAmount,
  feeDays,
  feePerDay,
  formatFeePercent,
  formatFeePerDay,
  withFees,
  accruedFeeDays,
  chargedFees,
  percentToRate,
  racFees,
  racFeesApply,
  rateToPercent,
  type FeeTerms,
} from './fees';

const now = new Date('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const terms = (over: Partial<FeeTerms> = {}): FeeTerms => ({
  racFeeAgreed: true,
  gracePeriodEnd: ago(3 * DAY_MS),
  racFeePeriodEnd: null,
  reservationFeeRate: 50,
  cancellationFeeRate: 100,
  ...over,
});

describe('racFeesApply (spec 3 §4)', () => {
  it('applies when agreed, a day past the grace period, with a cancellation rate and no period end', () => {
    expect(racFeesApply(terms(), now)).toBe(true);
  });

  it('needs the terms agreed', () => {
    expect(racFeesApply(terms({ racFeeAgreed: false }), now)).toBe(false);
  });

  it('needs a grace period that ended at least 1 day ago: exactly 24 hours counts, one millisecond less does not', () => {
    expect(racFeesApply(terms({ gracePeriodEnd: ago(DAY_MS) }), now)).toBe(true);
    expect(racFeesApply(terms({ gracePeriodEnd: ago(DAY_MS - 1) }), now)).toBe(false);
    expect(racFeesApply(terms({ gracePeriodEnd: new Date(now.getTime() + DAY_MS) }), now)).toBe(false);
    expect(racFeesApply(terms({ gracePeriodEnd: null }), now)).toBe(false);
    expect(racFeesApply(terms({ gracePeriodEnd: 'not a date' }), now)).toBe(false);
  });

  it('needs a cancellation rate above 0 (whatever the reservation rate)', () => {
    expect(racFeesApply(terms({ cancellationFeeRate: 0 }), now)).toBe(false);
    expect(racFeesApply(terms({ cancellationFeeRate: 1, reservationFeeRate: 0 }), now)).toBe(true);
  });

  it('needs the fee period open: no end, or an end still ahead', () => {
    expect(racFeesApply(terms({ racFeePeriodEnd: new Date(now.getTime() + 1) }), now)).toBe(true);
    expect(racFeesApply(terms({ racFeePeriodEnd: now }), now)).toBe(false);
    expect(racFeesApply(terms({ racFeePeriodEnd: ago(1) }), now)).toBe(false);
  });

  it('reads ISO dates as the tenant API sends them', () => {
    expect(
      racFeesApply(
        terms({
          gracePeriodEnd: ago(2 * DAY_MS).toISOString(),
          racFeePeriodEnd: new Date(now.getTime() + DAY_MS).toISOString(),
        }),
        now,
      ),
    ).toBe(true);
  });
});

describe('fee amounts', () => {
  it('counts whole 24-hour periods since the grace period ended', () => {
    expect(feeDays(terms({ gracePeriodEnd: ago(DAY_MS) }), now)).toBe(1);
    expect(feeDays(terms({ gracePeriodEnd: ago(2 * DAY_MS - 1) }), now)).toBe(1);
    expect(feeDays(terms({ gracePeriodEnd: ago(10 * DAY_MS) }), now)).toBe(10);
    expect(feeDays(terms({ racFeeAgreed: false }), now)).toBe(0);
  });

  it('is value × rate per day, rounded half up once', () => {
    // $1,000.00 at 0.50 % for 3 days = $15.00
    expect(feeAmount(100_000, 50, 3)).toBe(1_500);
    // 333 minor × 1.50 % = 4.995 → 5; × 3 days = 14.985 → 15 (not 3 × 5)
    expect(feeAmount(333, 150, 1)).toBe(5);
    expect(feeAmount(333, 150, 3)).toBe(15);
    // 10 × 0.05 % = 0.005 → 0; exactly half rounds up: 100 × 0.50 % = 0.5 → 1
    expect(feeAmount(10, 5, 1)).toBe(0);
    expect(feeAmount(100, 50, 1)).toBe(1);
    expect(feeAmount(0, 50, 3)).toBe(0);
    expect(feeAmount(100, 0, 3)).toBe(0);
    expect(() => feeAmount(10.5, 50, 1)).toThrow(RangeError);
  });

  it('stays exact past the float range of value × rate × days', () => {
    expect(feeAmount(2_000_000_000, 10_000, 3650)).toBe(7_300_000_000_000);
  });

  it('charges the cancellation fee only on a cancellation', () => {
    const order = terms({ gracePeriodEnd: ago(2 * DAY_MS) });
    expect(racFees(order, 100_000, now, { isCancellation: false })).toEqual({
      reservationFee: 1_000,
      cancellationFee: 0,
    });
    expect(racFees(order, 100_000, now, { isCancellation: true })).toEqual({
      reservationFee: 1_000,
      cancellationFee: 2_000,
    });
    expect(racFees(terms({ cancellationFeeRate: 0 }), 100_000, now, { isCancellation: true })).toEqual({
      reservationFee: 0,
      cancellationFee: 0,
    });
  });

  it('property: a fee is within half a minor unit of the exact product, and grows with the days', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 1_000 }),
        (value, rate, days) => {
          const fee = feeAmount(value, rate, days);
          const exact = (BigInt(value) * BigInt(rate) * BigInt(days)) as bigint;
          // |fee × 10000 − exact| ≤ 5000 (half a minor unit), and an exact half rounds up
          const diff = BigInt(fee) * 10_000n - exact;
          expect(diff > -5_000n && diff <= 5_000n).toBe(true);
          expect(feeAmount(value, rate, days + 1)).toBeGreaterThanOrEqual(fee);
        },
      ),
    );
  });

  it('property: no fee unless the rule applies; then at least one day counts', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.integer({ min: -5 * DAY_MS, max: 30 * DAY_MS }),
        fc.option(fc.integer({ min: -5 * DAY_MS, max: 5 * DAY_MS })),
        fc.integer({ min: 0, max: 500 }),
        (agreed, sinceGrace, periodEndOffset, rate) => {
          const order = terms({
            racFeeAgreed: agreed,
            gracePeriodEnd: ago(sinceGrace),
            racFeePeriodEnd: periodEndOffset === null ? null : new Date(now.getTime() + periodEndOffset),
            cancellationFeeRate: rate,
          });
          const days = feeDays(order, now);
          if (racFeesApply(order, now)) expect(days).toBeGreaterThanOrEqual(1);
          else expect(days).toBe(0);
        },
      ),
    );
  });
});

describe('the fee dialog (spec 3 §9)', () => {
  it('shows the percent with 2 decimals in the buyer language', () => {
    expect(formatFeePercent(150, 'en')).toBe('1.50%');
    expect(formatFeePercent(50, 'en')).toBe('0.50%');
    expect(formatFeePercent(5, 'en')).toBe('0.05%');
    expect(formatFeePercent(1234, 'en')).toBe('12.34%');
    expect(formatFeePercent(150, 'fr').replace(/\s/g, ' ')).toBe('1,50 %');
  });

  it('shows what 24 hours cost on the current order value', () => {
    const money = { locale: 'en', currencyCode: 'USD', currencySymbol: '$', currencyPrecision: 2 };
    expect(feePerDay(123_456, 150)).toBe(1_852);
    expect(formatFeePerDay(123_456, 150, money)).toBe('$18.52');
  });

  it('carries rates as percent numbers and back', () => {
    expect(rateToPercent(150)).toBe(1.5);
    expect(percentToRate(1.5)).toBe(150);
    expect(percentToRate(0.07)).toBe(7);
    expect(percentToRate(1.505)).toBeNull();
    expect(percentToRate(-1)).toBeNull();
    expect(percentToRate(Number.NaN)).toBeNull();
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000 }), (rate) => percentToRate(rateToPercent(rate)) === rate));
  });
});

describe('the fees charged on an order', () => {
  it('are charges of their own that the total includes', () => {
    const charges = { subtotal: 10_000, tax: 700, total: 10_700 };
    expect(withFees(charges, { reservationFee: 150, cancellationFee: 300 })).toEqual({
      subtotal: 10_000,
      tax: 700,
      reservationFee: 150,
      cancellationFee: 300,
      total: 11_150,
    });
    expect(withFees(charges, { reservationFee: 0, cancellationFee: 0 }).total).toBe(10_700);
  });
});

describe('the fees an order runs up', () => {
  it('count the days fees applied, and keep those of a fee period that has ended', () => {
    expect(accruedFeeDays(terms({ gracePeriodEnd: ago(3 * DAY_MS + 1) }), now)).toBe(3);
    expect(accruedFeeDays(terms({ gracePeriodEnd: ago(DAY_MS - 1) }), now)).toBe(0);
    // The fee period ended a day ago, four days after the grace period: four days stay charged.
    const ended = terms({ gracePeriodEnd: ago(5 * DAY_MS), racFeePeriodEnd: ago(DAY_MS) });
    expect(racFeesApply(ended, now)).toBe(false);
    expect(accruedFeeDays(ended, now)).toBe(4);
    expect(accruedFeeDays({ ...ended, racFeeAgreed: false }, now)).toBe(0);
    expect(accruedFeeDays(terms({ gracePeriodEnd: ago(5 * DAY_MS), racFeePeriodEnd: ago(4 * DAY_MS + 1) }), now)).toBe(
      0,
    );
  });

  it('charge the reservation fee run up, and the cancellation fee only for a cancellation that fees apply to', () => {
    const late = terms({ gracePeriodEnd: ago(2 * DAY_MS) });
    expect(chargedFees(late, 100_000, now, { isCancellation: false })).toEqual({
      reservationFee: feeAmount(100_000, late.reservationFeeRate, 2),
      cancellationFee: 0,
    });
    expect(chargedFees(late, 100_000, now, { isCancellation: true })).toEqual(
      racFees(late, 100_000, now, { isCancellation: true }),
    );
    const ended = { ...late, racFeePeriodEnd: ago(DAY_MS / 2) };
    expect(chargedFees(ended, 100_000, now, { isCancellation: true })).toEqual({
      reservationFee: feeAmount(100_000, late.reservationFeeRate, 1),
      cancellationFee: 0,
    });
  });
});
