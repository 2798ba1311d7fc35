import type { createCartService } from '../services/offers/cart';
import type { OfferImport } from '../services/offers/import/service';
import type { OrderService } from '../services/orders/orders';
import type { Job } from './runner';

/** Every hour: checkout drafts, offer imports and unsaved order changes past their lifetime are deleted. */
export function draftCleanupJob(
  cart: Pick<ReturnType<typeof createCartService>, 'removeExpiredDrafts'>,
  imports?: Pick<OfferImport, 'removeExpired'>,
  orders?: Pick<OrderService, 'removeExpiredDrafts'>,
): Job {
  return {
    name: 'draft-cleanup',
    everyMs: 60 * 60_000,
    run: async (now) => {
      await cart.removeExpiredDrafts(now);
      await imports?.removeExpired(now);
      await orders?.removeExpiredDrafts(now);
    },
  };
}
