import type { createCartService } from '../services/cart';
import type { Job } from './runner';

/** Every hour: checkout drafts past their lifetime are deleted. */
export function draftCleanupJob(cart: Pick<ReturnType<typeof createCartService>, 'removeExpiredDrafts'>): Job {
  return {
    name: 'draft-cleanup',
    everyMs: 60 * 60_000,
    run: async (now) => {
      await cart.removeExpiredDrafts(now);
    },
  };
}
