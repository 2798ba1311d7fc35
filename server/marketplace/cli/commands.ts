import type { Command } from './io';
import { offersCommand } from './offers';
import { orderTermsCommand } from './order-terms';
import { reportsCommand } from './reports';

/** The commands of the marketplace's capabilities (offers, reports), by name. */
export const EXTRA_COMMANDS: Record<string, Command> = { offers: offersCommand, reports: reportsCommand, 'orders-terms': orderTermsCommand };

export const EXTRA_OPTIONS = Object.assign({}, ...Object.values(EXTRA_COMMANDS).map((c) => c.options ?? {})) as Record<
  string,
  { type: 'string' | 'boolean' }
>;
export const EXTRA_USAGE = Object.values(EXTRA_COMMANDS)
  .map((c) => `\n${c.usage}`)
  .join('');
