/** The stock list's URL state (spec 1 §2): what a buyer can bookmark, share and go back to. */
export interface StockQuery {
  warehouseGroup?: string;
  category?: string;
  warehouses: string[];
  includeOutOfStock: boolean;
  /** Attribute name to the chosen values: the search levels and the grade filter. */
  filters: Record<string, string[]>;
  page: number;
  /** Words to search for (issue 37): model, item number, descriptions, attribute values. */
  q?: string;
  /** The buyer's sort; absent, the list's own order (the settings' sort attributes). */
  sort?: StockSort;
}

/** The sorts a buyer can choose, besides the list's own order. */
export const STOCK_SORTS = ['price', 'price-desc', 'quantity', 'newest', 'name'] as const;
export type StockSort = (typeof STOCK_SORTS)[number];
const isStockSort = (value: string | null): value is StockSort =>
  (STOCK_SORTS as readonly string[]).includes(value ?? '');

/** Longest search a buyer can send; longer is cut, not refused (it is a GET). */
export const MAX_SEARCH_LENGTH = 120;

/** Parameters that are not attribute filters. */
const RESERVED = new Set([
  'warehouseGroup',
  'category',
  'warehouse',
  'includeOutOfStock',
  'page',
  'previousCategory',
  'previousWarehouseGroup',
  'gradeInfo',
  'tutorial',
  'open',
  'toggle',
  'dialog',
  'buy',
  'offer',
  'alert',
  'index',
  '_data',
  'q',
  'sort',
]);
/** A dialog or other view state that rides along with the list but is not a filter. */
export const VIEW_PARAMS = ['gradeInfo', 'tutorial', 'dialog', 'buy', 'offer', 'alert'] as const;

const MAX_OPEN_GROUPS = 24;

/** The groups shown opened (`open`, comma-separated group ids): only their items are sent. */
export function parseOpenGroups(params: URLSearchParams): string[] {
  return values(params, 'open').slice(0, MAX_OPEN_GROUPS);
}

/** What the group buttons send without JavaScript: the group to open, or to close when it is open. */
export const TOGGLE_PARAM = 'toggle';

/** The opened groups with one group opened, or closed when it was open. */
export function toggledOpen(open: readonly string[], groupId: string): string[] {
  return open.includes(groupId) ? open.filter((id) => id !== groupId) : [...open, groupId];
}

/** The list's query string with the opened groups. */
export function listSearch(query: StockQuery, open: string[]): string {
  const search = stockSearch(query);
  if (!open.length) return search;
  const params = new URLSearchParams(search);
  params.set('open', open.join(','));
  return params.toString();
}

const MAX_VALUE_LENGTH = 120;
const MAX_VALUES = 60;
const MAX_FILTERS = 12;
const ATTRIBUTE_NAME = /^[A-Za-z][A-Za-z0-9_]{0,40}$/;

function values(params: URLSearchParams, name: string): string[] {
  const all = params
    .getAll(name)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v && v.length <= MAX_VALUE_LENGTH);
  return [...new Set(all)].slice(0, MAX_VALUES);
}

function single(params: URLSearchParams, name: string): string | undefined {
  const value = params.get(name)?.trim();
  return value && value.length <= MAX_VALUE_LENGTH ? value : undefined;
}

/** Reads the query string without trusting it: odd, long or repeated values are dropped or merged. */
export function parseStockQuery(params: URLSearchParams): StockQuery {
  const filters: Record<string, string[]> = {};
  for (const name of new Set(params.keys())) {
    if (RESERVED.has(name) || !ATTRIBUTE_NAME.test(name) || Object.keys(filters).length >= MAX_FILTERS) continue;
    const chosen = values(params, name);
    if (chosen.length) filters[name] = chosen;
  }
  const page = Number(params.get('page'));
  const q = (params.get('q') ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_SEARCH_LENGTH).trim();
  const sort = params.get('sort');
  return {
    warehouseGroup: single(params, 'warehouseGroup'),
    category: single(params, 'category'),
    warehouses: values(params, 'warehouse'),
    includeOutOfStock: params.get('includeOutOfStock') === 'true',
    filters,
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    ...(q ? { q } : {}),
    ...(isStockSort(sort) ? { sort } : {}),
  };
}

/** The query string of a state, in one canonical order: comma lists, defaults left out. */
export function stockSearch(query: StockQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.warehouseGroup) params.set('warehouseGroup', query.warehouseGroup);
  if (query.category) params.set('category', query.category);
  if (query.warehouses.length) params.set('warehouse', query.warehouses.join(','));
  if (query.includeOutOfStock) params.set('includeOutOfStock', 'true');
  for (const [name, chosen] of Object.entries(query.filters)) if (chosen.length) params.set(name, chosen.join(','));
  if (query.sort) params.set('sort', query.sort);
  if (query.page > 1) params.set('page', String(query.page));
  return params.toString();
}

/**
 * What a filter form submission means (spec 1 §4): a new warehouse group keeps only the
 * out-of-stock switch; a new category clears the deeper levels and the warehouse filter; any
 * change goes back to page 1.
 */
export function applyFormChange(params: URLSearchParams, levelAttributes: (category: string) => string[]): StockQuery {
  const query = parseStockQuery(params);
  const previousGroup = params.get('previousWarehouseGroup');
  const previousCategory = params.get('previousCategory');
  if (previousGroup === null && previousCategory === null) return query;
  query.page = 1;
  if (previousGroup && query.warehouseGroup !== previousGroup) {
    const { q, sort } = query;
    return {
      warehouseGroup: query.warehouseGroup,
      includeOutOfStock: query.includeOutOfStock,
      warehouses: [],
      filters: {},
      page: 1,
      ...(q ? { q } : {}),
      ...(sort ? { sort } : {}),
    };
  }
  if (previousCategory && query.category !== previousCategory) {
    query.warehouses = [];
    for (const attribute of levelAttributes(previousCategory)) delete query.filters[attribute];
  }
  // A level left with nothing chosen clears the levels below it.
  const levels = query.category ? levelAttributes(query.category) : [];
  const emptyLevel = levels.findIndex((attribute) => !query.filters[attribute]?.length);
  if (emptyLevel >= 0) for (const attribute of levels.slice(emptyLevel + 1)) delete query.filters[attribute];
  return query;
}

export function isFormSubmission(params: URLSearchParams): boolean {
  return params.has('previousCategory') || params.has('previousWarehouseGroup');
}

export function withoutFilterValue(query: StockQuery, attribute: string, value: string): StockQuery {
  const filters = { ...query.filters, [attribute]: (query.filters[attribute] ?? []).filter((v) => v !== value) };
  return { ...query, filters, page: 1 };
}
