import type { AuctionClosing } from '../services/auctions/closing';
import type { Job } from './runner';

export const AUCTIONS_JOB = 'auctions';

/**
 * Every 10 seconds: lots whose end has come are closed and awarded; watchers of lots ending soon are
 * told. Its lease is 30 s (renewed every 10 s): a replica killed mid-close delays the closes, and a
 * seller's "close now" waiting on them, by at most that.
 */
export function auctionsJob(closing: AuctionClosing): Job {
  return {
    name: AUCTIONS_JOB,
    everyMs: 10_000,
    leaseMs: 30_000,
    run: async (now) => {
      await closing.closeDue(now);
      await closing.warnEndingSoon(now);
    },
  };
}
