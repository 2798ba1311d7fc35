import type { MarketplaceDeps } from '../context';
import type { DailyReport } from '../services/stock/daily-report';
import { readSetting, writeSetting } from '../services/shared/settings';
import type { Job } from './runner';

const LAST_RUN_KEY = 'daily-report-last-run';

/**
 * Once a day, after the configured hour (UTC): the daily report goes to every subscriber. The day is
 * marked done only after every subscriber was handled, so a run cut short (a replica killed) is
 * finished by the next; subscribers it already reached are not sent a second report that day.
 */
export function dailyReportJob({ db, config }: Pick<MarketplaceDeps, 'db' | 'config'>, report: DailyReport): Job {
  return {
    name: 'daily-report',
    everyMs: 10 * 60_000,
    run: async (now) => {
      const today = now.toISOString().slice(0, 10);
      if (now.getUTCHours() < config.marketplace.dailyReportHourUtc) return;
      if ((await readSetting<string>(db, LAST_RUN_KEY)) === today) return;
      await report.sendAll(now, { oncePerDay: true });
      await writeSetting(db, LAST_RUN_KEY, today);
    },
  };
}
