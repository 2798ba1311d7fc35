import { auctionsCommand } from './auctions';
import type { Command } from './io';
import { offersCommand } from './offers';
import { orderTermsCommand } from './order-terms';
import { ordersCommand } from './orders';
import { preordersCommand } from './preorders';
import { reportsCommand } from './reports';
import { returnsCommand } from './returns';
import { textsCommand } from './texts';

/** The commands of the marketplace's capabilities (offers, orders, reports), by name. */
export const EXTRA_COMMANDS: Record<string, Command> = {
  auctions: auctionsCommand,
  offers: offersCommand,
  orders: ordersCommand,
  'orders-terms': orderTermsCommand,
  preorders: preordersCommand,
  reports: reportsCommand,
  returns: returnsCommand,
  texts: textsCommand,
};

export const EXTRA_OPTIONS = Object.assign({}, ...Object.values(EXTRA_COMMANDS).map((c) => c.options ?? {})) as Record<
  string,
  { type: 'string' | 'boolean' }
>;
export const EXTRA_USAGE = Object.values(EXTRA_COMMANDS)
  .map((c) => `\n${c.usage}`)
  .join('');
