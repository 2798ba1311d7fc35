import type { MarketplaceDeps } from '../context';
import type { Job } from './runner';

/** Every half minute: accepted and countered offers expire, and the seller's rules answer waiting offers. */
export function offerReviewJob({ offers, config }: Pick<MarketplaceDeps, 'offers' | 'config'>): Job {
  return {
    name: 'offer-review',
    everyMs: 30_000,
    run: async (now) => {
      await offers.runReview(now, { automatic: config.marketplace.offerReview.enabled });
    },
  };
}
