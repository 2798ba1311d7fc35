import { formatMinor, type MoneyFormat } from '../money';
import { numberFormat } from '../intl';

/**
 * Reservation and cancellation fees (spec 3 §4, §9). Rates are kept as integers in hundredths of a
 * percent per 24 hours (150 = 1.50 %); amounts are integer minor units. Every amount is worked out
 * in integers and rounded once, half up.
 */

/** One fee period: fees are counted per 24 hours. */
export const DAY_MS = 86_400_000;

/** The largest rate a tenant may set: 100 % per 24 hours. */
export const MAX_FEE_RATE = 10_000;

/** What the fee rule reads of an order. */
export interface FeeTerms {
  racFeeAgreed: boolean;
  gracePeriodEnd: Date | string | null;
  /** When fees stop accruing; null: they do not stop. */
  racFeePeriodEnd: Date | string | null;
  reservationFeeRate: number;
  cancellationFeeRate: number;
}

const timeOf = (value: Date | string | null): number | null => {
  if (value === null) return null;
  const ms = value instanceof Date ? value.getTime() : Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
};

/**
 * Whole 24-hour periods from the grace period's end to an instant, for terms the buyer agreed to with
 * a cancellation rate above 0; 0 before the first whole day has passed.
 */
function daysRunUntil(order: FeeTerms, until: number): number {
  const graceEnd = timeOf(order.gracePeriodEnd);
  if (!order.racFeeAgreed || graceEnd === null || order.cancellationFeeRate <= 0) return 0;
  const days = Math.floor((until - graceEnd) / DAY_MS);
  return days >= 1 ? days : 0;
}

/**
 * Spec 3 §4: fees apply when the buyer agreed to the terms, the grace period ended at least one
 * day (24 hours) ago, the cancellation rate is above 0, and the fee period has no end or ends in the
 * future.
 */
export function racFeesApply(order: FeeTerms, now: Date): boolean {
  const periodEnd = timeOf(order.racFeePeriodEnd);
  return daysRunUntil(order, now.getTime()) >= 1 && (periodEnd === null || periodEnd > now.getTime());
}

/** Whole 24-hour periods that count for fees: since the grace period ended, until now; 0 when fees do not apply. */
export function feeDays(order: FeeTerms, now: Date): number {
  return racFeesApply(order, now) ? daysRunUntil(order, now.getTime()) : 0;
}

/**
 * value × rate × days / 10 000, in minor units, rounded half up once. BigInt keeps it exact for
 * any order value a database integer holds.
 */
export function feeAmount(valueMinor: number, rate: number, days: number): number {
  if (!Number.isInteger(valueMinor) || !Number.isInteger(rate) || !Number.isInteger(days))
    throw new RangeError('fee inputs must be integers');
  if (valueMinor <= 0 || rate <= 0 || days <= 0) return 0;
  const numerator = BigInt(valueMinor) * BigInt(rate) * BigInt(days);
  const denominator = 10_000n;
  return Number((numerator * 2n + denominator) / (denominator * 2n));
}

/** What one 24-hour period costs at a rate, on an order value (minor units). */
export const feePerDay = (valueMinor: number, rate: number) => feeAmount(valueMinor, rate, 1);

export interface RacFees {
  reservationFee: number;
  cancellationFee: number;
}

/**
 * The fees accrued now on an order value: the reservation fee for every counted day; the
 * cancellation fee too when the order (or part of it) is being cancelled.
 */
export function racFees(
  order: FeeTerms,
  valueMinor: number,
  now: Date,
  { isCancellation }: { isCancellation: boolean },
): RacFees {
  const days = feeDays(order, now);
  return {
    reservationFee: feeAmount(valueMinor, order.reservationFeeRate, days),
    cancellationFee: isCancellation ? feeAmount(valueMinor, order.cancellationFeeRate, days) : 0,
  };
}

/**
 * Whole 24-hour periods of fees an order has run up by now: as feeDays while fees apply; once the fee
 * period has ended, the periods until its end, which stay charged.
 */
export function accruedFeeDays(order: FeeTerms, now: Date): number {
  const periodEnd = timeOf(order.racFeePeriodEnd);
  return daysRunUntil(order, periodEnd === null ? now.getTime() : Math.min(now.getTime(), periodEnd));
}

/**
 * What an order still open to fees is charged now on its value: the reservation fee it has run up,
 * and when it is being canceled the cancellation fee of the rule (what the fee calculation quotes).
 */
export function chargedFees(
  order: FeeTerms,
  valueMinor: number,
  now: Date,
  { isCancellation }: { isCancellation: boolean },
): RacFees {
  return {
    reservationFee: feeAmount(valueMinor, order.reservationFeeRate, accruedFeeDays(order, now)),
    cancellationFee: racFees(order, valueMinor, now, { isCancellation }).cancellationFee,
  };
}

/** The fees charged on an order (its fee columns), without anything else of it. */
export const feesOf = ({ reservationFee, cancellationFee }: RacFees): RacFees => ({ reservationFee, cancellationFee });

/** What the fees add to an order's total. */
export const feeSum = (fees: RacFees): number => fees.reservationFee + fees.cancellationFee;

export const NO_FEES: RacFees = { reservationFee: 0, cancellationFee: 0 };

/**
 * An order's charges with the fees charged on it: each fee a charge of its own, and the total both
 * together. `charges.total` is the total of everything else (lines, services, freight, tax, payment fee).
 */
export function withFees<C extends { total: number }>(charges: C, fees: RacFees): C & RacFees {
  return { ...charges, ...feesOf(fees), total: charges.total + feeSum(fees) };
}

/** A rate as the percent number the tenant API carries (150 → 1.5). Display and transport only. */
export const rateToPercent = (rate: number): number => rate / 100;

/** A percent number back to a rate in hundredths of a percent (1.5 → 150); null when it has more than 2 decimals or is out of range. */
export function percentToRate(percent: number): number | null {
  if (!Number.isFinite(percent)) return null;
  const rate = Math.round(percent * 100);
  if (Math.abs(rate - percent * 100) > 1e-6 || rate < 0 || rate > MAX_FEE_RATE) return null;
  return rate;
}

/** The fee dialog's percent (spec 3 §9): always 2 decimals, in the buyer's language ("1.50%", "1,50 %"). */
export function formatFeePercent(rate: number, locale: string): string {
  const format = numberFormat(locale, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  // A rate has at most 2 decimals of a percent, so the division is exact enough for the 2 decimals shown.
  return format.format(rate / 10_000);
}

/** The fee dialog's amount: what 24 hours cost at a rate on the current order value, as the tenant shows money. */
export function formatFeePerDay(valueMinor: number, rate: number, money: MoneyFormat): string {
  return formatMinor(feePerDay(valueMinor, rate), money);
}
