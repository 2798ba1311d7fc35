import { pageFromUrl } from '../paging';
/** The returns list's URL state (issue 38): what a buyer can bookmark and go back to. */

export const RETURN_LIST_FIELDS = ['rmaNumber', 'orderNumber', 'createdAt', 'status', 'units', 'credit'] as const;
export type ReturnListField = (typeof RETURN_LIST_FIELDS)[number];
export type SortDir = 'asc' | 'desc';

export const RETURN_LIST_PAGE_SIZE = 25;
export const MAX_RETURN_SEARCH = 60;
export const MAX_RETURN_PAGE = 100_000;

export interface ReturnListQuery {
  page: number;
  sort: ReturnListField;
  dir: SortDir;
  /** Trimmed; '' for none. */
  search: string;
}

const isField = (value: string | null): value is ReturnListField =>
  value !== null && (RETURN_LIST_FIELDS as readonly string[]).includes(value);

/** The state from a URL; anything out of range falls back to the default (page 1, newest first, no search). */
export function parseReturnListQuery(params: URLSearchParams): ReturnListQuery {
  const page = pageFromUrl(params.get('page'), MAX_RETURN_PAGE);
  const sortText = params.get('sort');
  const sort = isField(sortText) ? sortText : 'createdAt';
  const dirText = params.get('dir');
  const dir: SortDir = dirText === 'asc' || dirText === 'desc' ? dirText : isField(sortText) ? 'asc' : 'desc';
  const search = (params.get('search') ?? '')
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .trim()
    .slice(0, MAX_RETURN_SEARCH)
    .trim();
  return { page, sort, dir, search };
}

/** The list's address for a state, without what is at its default. */
export function returnsHref(query: Partial<ReturnListQuery>): string {
  const params = new URLSearchParams();
  if (query.search) params.set('search', query.search);
  const sort = query.sort ?? 'createdAt';
  const dir = query.dir ?? 'desc';
  if (sort !== 'createdAt' || dir !== 'desc') {
    params.set('sort', sort);
    params.set('dir', dir);
  }
  if (query.page && query.page > 1) params.set('page', String(query.page));
  return `/returns${params.size ? `?${params}` : ''}`;
}

/** The state sorted by a column: the same column flips its direction, another starts ascending, back to page 1. */
export const sortedBy = (query: ReturnListQuery, field: ReturnListField): ReturnListQuery => ({
  ...query,
  page: 1,
  sort: field,
  dir: query.sort === field && query.dir === 'asc' ? 'desc' : 'asc',
});

/** The colour of a status chip. */
export function returnStatusColor(status: string): 'neutral' | 'info' | 'success' | 'warning' | 'danger' {
  switch (status) {
    case 'REQUESTED':
      return 'warning';
    case 'APPROVED':
    case 'RECEIVED':
      return 'info';
    case 'CREDITED':
    case 'REPLACED':
      return 'success';
    case 'REJECTED':
      return 'danger';
    default:
      return 'neutral';
  }
}
