import { withAdmin } from './admin-client';
import { print, type Command } from './io';

const USAGE = `  reports daily                send the daily stock report to every subscriber now`;

/** `npm run marketplace -- reports daily`: the daily spreadsheet, now rather than at its hour. */
export const reportsCommand: Command = {
  usage: USAGE,
  async run([sub]: string[]) {
    if (sub !== 'daily') throw new Error(`Usage:\n${USAGE}`);
    print(await withAdmin((call) => call('POST', '/reports/daily')));
  },
};
