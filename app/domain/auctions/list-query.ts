import { z } from 'zod';
import { pageFromUrl } from '../paging';
/** The auction list's URL state (issue 53): a tab, a search, a sort and a page, all bookmarkable. */

export const AUCTION_TABS = ['open', 'soon', 'ended', 'watching'] as const;
export type AuctionTab = (typeof AUCTION_TABS)[number];
export const AUCTION_SORTS = ['endsAt', 'price', 'bids', 'title'] as const;
export type AuctionSort = (typeof AUCTION_SORTS)[number];
export type SortDir = 'asc' | 'desc';

export const AUCTION_PAGE_SIZE = 20;
export const MAX_AUCTION_SEARCH = 60;
export const MAX_AUCTION_PAGE = 10_000;

export interface AuctionListQuery {
  tab: AuctionTab;
  search: string;
  sort: AuctionSort;
  dir: SortDir;
  page: number;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

/** Ended lots newest first; the others soonest first. */
const defaultDir = (tab: AuctionTab): SortDir => (tab === 'ended' ? 'desc' : 'asc');

/**
 * What the tenant API takes in the list's query string (each optional): a value out of range is a 400
 * naming it, since the portal sends only what `auctionListParams` writes. The OpenAPI document states
 * the same schemas.
 */
export const AUCTION_LIST_PARAMS = {
  tab: z.enum(AUCTION_TABS),
  search: z.string().max(MAX_AUCTION_SEARCH),
  sort: z.enum(AUCTION_SORTS),
  dir: z.enum(['asc', 'desc']),
  page: z.coerce.number().int().min(1).max(MAX_AUCTION_PAGE),
};

/** The state from a URL; anything out of range falls back to its default. */
export function parseAuctionListQuery(params: URLSearchParams): AuctionListQuery {
  const tabText = params.get('tab');
  const tab = oneOf(AUCTION_TABS, tabText) ? tabText : 'open';
  const sortText = params.get('sort');
  const sort = oneOf(AUCTION_SORTS, sortText) ? sortText : 'endsAt';
  const dirText = params.get('dir');
  const dir: SortDir = dirText === 'asc' || dirText === 'desc' ? dirText : defaultDir(tab);
  const page = pageFromUrl(params.get('page'), MAX_AUCTION_PAGE);
  const search = (params.get('search') ?? '')
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .trim()
    .slice(0, MAX_AUCTION_SEARCH)
    .trim();
  return { tab, search, sort, dir, page };
}

/** The list's query string for a state, without what is at its default. */
export function auctionListParams(query: Partial<AuctionListQuery>): URLSearchParams {
  const params = new URLSearchParams();
  const tab = query.tab ?? 'open';
  if (tab !== 'open') params.set('tab', tab);
  if (query.search) params.set('search', query.search);
  const sort = query.sort ?? 'endsAt';
  const dir = query.dir ?? defaultDir(tab);
  if (sort !== 'endsAt' || dir !== defaultDir(tab)) {
    params.set('sort', sort);
    params.set('dir', dir);
  }
  if (query.page && query.page > 1) params.set('page', String(query.page));
  return params;
}

export function auctionsHref(query: Partial<AuctionListQuery>): string {
  const params = auctionListParams(query);
  return `/auctions${params.size ? `?${params}` : ''}`;
}
