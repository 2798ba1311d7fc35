import { z } from 'zod';
import { pageFromUrl } from '../paging';
/**
 * A lot's bid history is read a page at a time, newest first: a lot with hundreds of bids is a page a
 * buyer's open tab reads again every 5 s (decision 039), and the latest bids are what a bidder needs.
 */
export const BID_HISTORY_PAGE_SIZE = 25;
/** Far past any lot's bids (a page past the last shows the last). */
const MAX_HISTORY_PAGE = 100_000;

/** `historyPage` on the tenant API, strictly (a 400 naming it when out of range; the portal sends only good ones). */
export const historyPageParam = z.coerce.number().int().min(1).max(MAX_HISTORY_PAGE);

/** The history page a URL asks for (`?history=` on the lot's page): anything else is page 1. */
export function historyPageOf(text: string | null): number {
  return pageFromUrl(text, MAX_HISTORY_PAGE);
}

/** How many pages a history of `total` bids takes (one when there is none). */
export const historyPageCount = (total: number) => Math.max(1, Math.ceil(total / BID_HISTORY_PAGE_SIZE));
