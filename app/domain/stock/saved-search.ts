import type { StockItem } from './engine';
import { parseStockQuery, stockSearch, type StockQuery } from './query';

/** Saved searches (issue 37): a stock list query kept under a name, optionally watched for new items and price drops. */

/** Longest name a buyer can give a saved search. */
export const SAVED_SEARCH_NAME_MAX = 60;
/** Saved searches one user can keep (the tenant API refuses more). */
export const MAX_SAVED_SEARCHES = 50;
/** Longest canonical query a saved search holds (the list's own limits keep real ones far below). */
export const SAVED_QUERY_MAX = 4000;
/** At most this many matching items are remembered between two alert runs, with their prices. */
export const MAX_SEEN_ITEMS = 1000;

export type SavedSearchNameError = 'saveSearch.nameRequired' | 'saveSearch.nameTooLong';

/** A name as typed: spaces collapsed and trimmed; empty or too long is said next to the field. */
export function savedSearchName(typed: string): { name: string } | { error: SavedSearchNameError } {
  const name = typed.replace(/\s+/g, ' ').trim();
  if (!name) return { error: 'saveSearch.nameRequired' };
  if ([...name].length > SAVED_SEARCH_NAME_MAX) return { error: 'saveSearch.nameTooLong' };
  return { name };
}

/** Two names are the same when they differ only in case or spacing: a buyer's list never shows two alike. */
export const sameName = (a: string, b: string) =>
  a.replace(/\s+/g, ' ').trim().toLocaleLowerCase() === b.replace(/\s+/g, ' ').trim().toLocaleLowerCase();

/** What a saved search keeps: the list's query in its canonical form, on page 1 (the opened groups and dialogs are not part of it). */
export function savedQuery(query: StockQuery): string {
  return stockSearch({ ...query, page: 1 });
}

/** The query a saved search holds, read back as the stock list reads its URL (so a stored string is never trusted). */
export function savedQueryOf(stored: string): StockQuery {
  return { ...parseStockQuery(new URLSearchParams(stored)), page: 1 };
}

/** The saved view's address in the portal. */
export const savedSearchPath = (query: string) => (query ? `/stock?${query}` : '/stock');

/**
 * What an alert run remembers of a saved search's matches: each matching item's price (at most
 * MAX_SEEN_ITEMS of them, the list's first), whether that was every match, and the newest listing
 * among the matches, so that matches past the bound are new only when listed after it.
 */
export interface SeenMatches {
  prices: Record<string, number | null>;
  complete: boolean;
  listedUpTo: number;
}

export interface MatchChanges {
  /** Items that match now and did not at the last run (new, back in stock, or changed to fit). */
  added: StockItem[];
  /** Items that matched then and now, at a lower price now. */
  cheaper: { item: StockItem; previousPrice: number }[];
  /** What to remember for the next run. */
  seen: SeenMatches;
}

/** Remembers the matches as they are now (a saved search's first baseline, or after a run). */
export function seenOf(matches: readonly StockItem[]): SeenMatches {
  const prices: Record<string, number | null> = {};
  let listedUpTo = 0;
  for (const item of matches) listedUpTo = Math.max(listedUpTo, item.listed ?? 0);
  for (const item of matches.slice(0, MAX_SEEN_ITEMS)) prices[item.itemNumberWarehouse] = item.listPrice;
  return { prices, complete: matches.length <= MAX_SEEN_ITEMS, listedUpTo };
}

/** The matches of a saved search now against what its last run saw: new matches and lower prices. */
export function matchChanges(seen: SeenMatches, matches: readonly StockItem[]): MatchChanges {
  const added: StockItem[] = [];
  const cheaper: MatchChanges['cheaper'] = [];
  for (const item of matches) {
    const key = item.itemNumberWarehouse;
    if (!Object.hasOwn(seen.prices, key)) {
      // Past the bound, an item not remembered may have been seen: only one listed since is surely new.
      if (seen.complete || (item.listed ?? 0) > seen.listedUpTo) added.push(item);
      continue;
    }
    const before = seen.prices[key];
    if (before !== null && before !== undefined && item.listPrice !== null && item.listPrice < before)
      cheaper.push({ item, previousPrice: before });
  }
  return { added, cheaper, seen: seenOf(matches) };
}

/** A stored `seen` value read without trusting it: anything malformed is an empty baseline (everything looks new once). */
export function parseSeen(value: unknown): SeenMatches {
  if (!value || typeof value !== 'object') return { prices: {}, complete: true, listedUpTo: 0 };
  const { prices, complete, listedUpTo } = value as Partial<SeenMatches>;
  const kept: Record<string, number | null> = {};
  if (prices && typeof prices === 'object') {
    for (const [key, price] of Object.entries(prices).slice(0, MAX_SEEN_ITEMS))
      if (price === null || typeof price === 'number') kept[key] = price;
  }
  return { prices: kept, complete: complete !== false, listedUpTo: typeof listedUpTo === 'number' ? listedUpTo : 0 };
}
