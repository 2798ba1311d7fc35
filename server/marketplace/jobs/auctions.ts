import type { AuctionClosing } from '../services/auctions/closing';
import type { Job } from './runner';

export const AUCTIONS_JOB = 'auctions';

/** Every 10 seconds: lots whose end has come are closed and awarded; watchers of lots ending soon are told. */
export function auctionsJob(closing: AuctionClosing): Job {
  return {
    name: AUCTIONS_JOB,
    everyMs: 10_000,
    run: async (now) => {
      await closing.closeDue(now);
      await closing.warnEndingSoon(now);
    },
  };
}
