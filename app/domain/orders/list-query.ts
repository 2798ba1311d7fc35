import { ORDER_LIST_FIELDS, type OrderListField } from './settings';
import { pageFromUrl } from '../paging';

/** Orders a page of the list shows (spec 3 §9). */
export const ORDER_LIST_PAGE_SIZE = 50;
/** The list's sort when the buyer has chosen none (spec 3 §9): the newest change first. */
export const DEFAULT_ORDER_SORT: OrderListField = 'updateDate';
export const DEFAULT_ORDER_DIR: SortDir = 'desc';
/** The longest search the list takes; a longer one is cut (the portal) or refused (the tenant API). */
export const MAX_ORDER_SEARCH = 200;
/** Debounce of the search box with JavaScript (spec 3 §9). */
export const ORDER_SEARCH_DEBOUNCE_MS = 500;
/** The highest page number asked for; far beyond any buyer's history. */
export const MAX_ORDER_PAGE = 100_000;

export type SortDir = 'asc' | 'desc';

/** The orders list's URL state: what a buyer can bookmark, share and go back to. */
export interface OrderListQuery {
  page: number;
  sort: OrderListField;
  dir: SortDir;
  /** Trimmed; '' for none. */
  search: string;
  /** A fulfilment status code the list is narrowed to; '' for every status. */
  status: string;
  /** The first and last days of creation shown (YYYY-MM-DD, in the buyer's time zone); '' for no bound. */
  from: string;
  to: string;
}

/** A status code as the order settings write them ("AWAITING_SHIPPING_QUOTE"). */
export const ORDER_STATUS_CODE = /^[A-Z][A-Z0-9_]{0,39}$/;

/** A calendar day as a date field posts it, and a real one (no 31 February). */
export function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

/** Whether the list is narrowed by anything beyond its sort and page. */
export const isFiltered = (query: Pick<OrderListQuery, 'search' | 'status' | 'from' | 'to'>) =>
  Boolean(query.search || query.status || query.from || query.to);

export const isOrderListField = (value: string | null | undefined): value is OrderListField =>
  typeof value === 'string' && (ORDER_LIST_FIELDS as readonly string[]).includes(value);

/**
 * The list's state from a URL a buyer typed, bookmarked or was sent: anything out of range falls
 * back to the default (page 1, updateDate descending, no search, no filter); a long search is cut.
 */
export function parseOrderListQuery(params: URLSearchParams): OrderListQuery {
  const page = pageFromUrl(params.get('page'), MAX_ORDER_PAGE);
  const sortText = params.get('sort');
  const sort = isOrderListField(sortText) ? sortText : DEFAULT_ORDER_SORT;
  const dirText = params.get('dir');
  // A chosen column without a direction is ascending; no column at all is the default sort.
  const dir: SortDir =
    dirText === 'asc' || dirText === 'desc' ? dirText : isOrderListField(sortText) ? 'asc' : DEFAULT_ORDER_DIR;
  // Control characters (a NUL among them) are nothing a description holds: dropped, not sent on.
  const search = (params.get('search') ?? '')
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .trim()
    .slice(0, MAX_ORDER_SEARCH)
    .trim();
  const status = params.get('status') ?? '';
  const day = (name: string) => {
    const text = params.get(name) ?? '';
    return isCalendarDay(text) ? text : '';
  };
  // A range typed backwards is still the range the buyer means.
  const [from, to] = [day('from'), day('to')].sort((a, b) => (a && b ? a.localeCompare(b) : 0));
  return { page, sort, dir, search, status: ORDER_STATUS_CODE.test(status) ? status : '', from: from!, to: to! };
}

/** The query string of a state, without what is at its default, so URLs stay short and canonical. */
export function orderListSearch(query: Partial<OrderListQuery>): string {
  const params = new URLSearchParams();
  if (query.search) params.set('search', query.search);
  if (query.status) params.set('status', query.status);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  const sort = query.sort ?? DEFAULT_ORDER_SORT;
  const dir = query.dir ?? DEFAULT_ORDER_DIR;
  if (sort !== DEFAULT_ORDER_SORT || dir !== DEFAULT_ORDER_DIR) {
    params.set('sort', sort);
    params.set('dir', dir);
  }
  if (query.page && query.page > 1) params.set('page', String(query.page));
  return params.toString();
}

/** The list's address for a state. */
export function ordersHref(query: Partial<OrderListQuery>): string {
  const search = orderListSearch(query);
  return search ? `/orders?${search}` : '/orders';
}

/**
 * Where a column's header leads: the same column sorted the other way, or another column
 * ascending; back on page 1 with the search and the filters kept.
 */
export function sortedBy(query: OrderListQuery, field: OrderListField): OrderListQuery {
  const dir: SortDir = query.sort === field ? (query.dir === 'asc' ? 'desc' : 'asc') : 'asc';
  return { ...query, sort: field, dir, page: 1 };
}

/** Pages of a result of `total` orders (at least 1, so an empty list is page 1 of 1). */
export const pageCountOf = (total: number) => Math.max(1, Math.ceil(total / ORDER_LIST_PAGE_SIZE));
