import { RESERVATION_FEES_JOB, type OrderTerms } from '../services/orders/order-terms';
import type { Job } from './runner';

/**
 * Every 10 minutes: late orders are charged the reservation fees they have run up (decision 054).
 * Fees count per whole 24 hours, so an order's fee moves at most once a day, within 10 minutes of it.
 */
export function reservationFeesJob(terms: Pick<OrderTerms, 'chargeRunningFees'>): Job {
  return {
    name: RESERVATION_FEES_JOB,
    everyMs: 10 * 60_000,
    run: async (now) => {
      await terms.chargeRunningFees(now);
    },
  };
}
