import type { MarketplaceDeps } from '../context';
import type { SavedSearches } from '../services/stock/saved-searches';
import type { Job } from './runner';

export const SAVED_SEARCH_ALERTS_JOB = 'saved-search-alerts';

/**
 * Once a day, after the daily report's hour (UTC): the saved searches with alerts on are checked for
 * new matches and lower prices. Each search records the day it was handled, so a run cut short (a
 * replica killed) is finished by the next tick and nothing is sent twice that day; the runner's lease
 * keeps the runs of several replicas from overlapping.
 */
export function savedSearchAlertsJob({ config }: Pick<MarketplaceDeps, 'config'>, searches: SavedSearches): Job {
  return {
    name: SAVED_SEARCH_ALERTS_JOB,
    everyMs: 10 * 60_000,
    run: async (now) => {
      if (now.getUTCHours() < config.marketplace.dailyReportHourUtc) return;
      await searches.sendAlerts(now);
    },
  };
}
