import type { StockQuery, StockSort } from './query';
import { displayQuantity, displayTotal } from './quantity';
import { GRADE_ATTRIBUTE, MAX_FILTER_LEVELS, STOCK_PAGE_SIZE, type StocklistSettings } from './settings';
import { itemMatches, searchTerms } from './search';
import { compareAttributeValues, naturalCompare, sortValues } from './sort';

export interface StockItem {
  itemNumber: string;
  itemNumberWarehouse: string;
  warehouse: string;
  category: string;
  groupKey: string;
  groupTitle: string;
  groupDescription: string;
  skuDescription: string;
  grade: string;
  attributes: Record<string, string>;
  quantityAvailable: number;
  listPrice: number | null;
  incrementSize: number;
  minimumCheckoutQuantity: number;
  pendingOrderItemCount: number;
  /** Order of listing: higher is newer (the buyer's 'newest' sort). */
  listed?: number;
}

export interface FacetOption {
  value: string;
  label: string;
  count: number;
  selected: boolean;
}

export interface LevelFacet {
  attribute: string;
  label: string;
  options: FacetOption[];
}

export interface GradeFacetGroup {
  header: string;
  footer: string;
  options: FacetOption[];
}

export interface StockGroupItem extends StockItem {
  displayQuantity: string;
}

export interface StockGroup {
  groupId: string;
  title: string;
  groupDescription: string;
  groupAttributes: { topRight: string | null; bottomRight: string | null };
  wareHouse: string;
  warehouseLabel: string;
  countOfItems: number;
  quantityAvailable: string;
  minPrice: number | null;
  showMinPriceSymbol: boolean;
  isOfferAccepted: boolean;
  items: StockGroupItem[];
}

export interface BrowseResult {
  /** The state actually shown, after the loading rules; links and chips are built from it. */
  query: StockQuery;
  /** True when the asked-for category had nothing and the list went back to the initial one. */
  reset: boolean;
  categories: FacetOption[];
  warehouses: FacetOption[];
  levels: LevelFacet[];
  grades: GradeFacetGroup[];
  totals: { groups: number; items: number; quantity: string };
  page: number;
  pageCount: number;
  groups: StockGroup[];
}

export const inStock = (item: StockItem) => item.quantityAvailable > 0;

function countBy(items: readonly StockItem[], key: (item: StockItem) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) {
    const k = key(item);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}

export const attributeOf = (item: StockItem, attribute: string) =>
  attribute === GRADE_ATTRIBUTE ? item.grade : (item.attributes[attribute] ?? '');

/** The initial category: the first (in settings order) holding an in-stock item with a price. */
export function defaultCategory(items: readonly StockItem[], settings: StocklistSettings): string | undefined {
  const withPricedStock = new Set(items.filter((i) => inStock(i) && i.listPrice !== null).map((i) => i.category));
  return (
    settings.category.find((c) => withPricedStock.has(c)) ??
    settings.category.find((c) => items.some((i) => i.category === c))
  );
}

export function levelAttributes(settings: StocklistSettings, category: string): string[] {
  return (settings.searchLevels[category] ?? []).slice(0, MAX_FILTER_LEVELS);
}

/**
 * The items a filter has left so far. The plain scan below walks them; the snapshot index
 * (stock-index.ts) answers the same questions from lists built once per revision.
 */
export interface Selection {
  readonly size: number;
  /** Items per value of the attribute ('warehouse' or an attribute), keys in order of first item. */
  countBy(attribute: string): Map<string, number>;
  /** The items whose value of the attribute is one of the chosen ones, in the same order. */
  narrow(attribute: string, chosen: readonly string[]): Selection;
  /** The items holding every one of the words (folded, see search.ts), in the same order. */
  search(terms: readonly string[]): Selection;
  items(): readonly StockItem[];
  /** The items in their groups (one per group key and warehouse), groups in the list's order. */
  groups(): RawGroup[];
}

/** What the filter starts from: one warehouse group's stock, in or out of stock. */
export interface StockSource {
  /** The initial category, from all of the group's items. */
  initial: string | undefined;
  categoryCounts(includeOutOfStock: boolean): Map<string, number>;
  category(code: string | undefined, includeOutOfStock: boolean): Selection;
}

export const WAREHOUSE_KEY = '\u0000warehouse';
const valueOf = (attribute: string) =>
  attribute === WAREHOUSE_KEY ? (i: StockItem) => i.warehouse : (i: StockItem) => attributeOf(i, attribute);

/** A selection over a plain array of items: every question is a walk over them. */
export function scanSelection(items: readonly StockItem[], settings: StocklistSettings): Selection {
  return {
    size: items.length,
    countBy: (attribute) => countBy(items, valueOf(attribute)),
    narrow(attribute, chosen) {
      const key = valueOf(attribute);
      const wanted = new Set(chosen);
      return scanSelection(
        items.filter((i) => wanted.has(key(i))),
        settings,
      );
    },
    search: (terms) =>
      scanSelection(
        items.filter((i) => itemMatches(i, terms)),
        settings,
      ),
    items: () => items,
    groups: () => sortGroups(groupItems(items), settings),
  };
}

/** The plain source: each request walks the group's items. */
export function scanSource(allItems: readonly StockItem[], settings: StocklistSettings): StockSource {
  const visible = (includeOutOfStock: boolean) => (includeOutOfStock ? allItems : allItems.filter(inStock));
  return {
    initial: defaultCategory(allItems, settings),
    categoryCounts: (includeOutOfStock) => countBy(visible(includeOutOfStock), (i) => i.category),
    category: (code, includeOutOfStock) =>
      scanSelection(
        visible(includeOutOfStock).filter((i) => i.category === code),
        settings,
      ),
  };
}

/**
 * Filters, groups, sorts and pages one warehouse group's stock by the rules of spec 1 §4. The
 * items are that group's; the settings are its participant's.
 */
export function browseStock(
  allItems: StockItem[],
  settings: StocklistSettings,
  asked: StockQuery,
  open: readonly string[] = [],
): BrowseResult {
  return pageOf(filterAndGroup(scanSource(allItems, settings), settings, asked), settings, asked.page, open);
}

/** The items a filtered stock list shows, in the list's order (groups by sort order, items within them). */
export function filteredItems(allItems: StockItem[], settings: StocklistSettings, asked: StockQuery): StockItem[] {
  return itemsInOrder(filterAndGroup(scanSource(allItems, settings), settings, asked), settings);
}

export function itemsInOrder(filtered: FilteredList, settings: StocklistSettings): StockItem[] {
  return filtered.groups.flatMap((g) => sortedGroupItems(g.items, settings));
}

/** A filtered and grouped list before paging: what a cache of computed lists keeps. */
export interface FilteredList extends Omit<BrowseResult, 'totals' | 'page' | 'pageCount' | 'groups'> {
  totals: BrowseResult['totals'];
  groups: RawGroup[];
}

export function filterAndGroup(source: StockSource, settings: StocklistSettings, asked: StockQuery): FilteredList {
  const { current, ...facets } = filterStock(source, settings, asked);
  const groups = asked.sort ? sortedBy(current.groups(), asked.sort) : current.groups();
  return {
    ...facets,
    totals: {
      groups: 0,
      items: current.size,
      quantity: displayTotal(quantitiesOf(groups), settings.maxItemQuantityToBeDisplayed),
    },
    groups,
  };
}

function quantitiesOf(groups: readonly RawGroup[]): number[] {
  const quantities: number[] = [];
  for (const group of groups) for (const item of group.items) quantities.push(item.quantityAvailable);
  return quantities;
}

/** One page of a filtered list: 24 group summaries, item rows only for the opened groups. */
export function pageOf(
  filtered: FilteredList,
  settings: StocklistSettings,
  askedPage: number,
  open: readonly string[] = [],
): BrowseResult {
  const { groups, ...facets } = filtered;
  const pageCount = Math.ceil(groups.length / STOCK_PAGE_SIZE);
  // A reset list starts again on page 1.
  const page = Math.min(Math.max(1, facets.reset ? 1 : askedPage), Math.max(1, pageCount));
  return {
    ...facets,
    query: { ...facets.query, page },
    totals: { ...facets.totals, groups: groups.length },
    page,
    pageCount,
    groups: groups
      .slice((page - 1) * STOCK_PAGE_SIZE, page * STOCK_PAGE_SIZE)
      .map((g) => (open.includes(g.key) ? describeGroup(g, settings, true) : closedGroup(g, settings))),
  };
}

const closedGroups = new WeakMap<StocklistSettings, WeakMap<RawGroup, StockGroup>>();

/** A closed group as the list shows it, described once per group of a filtered list (the same page is asked for again and again). */
function closedGroup(group: RawGroup, settings: StocklistSettings): StockGroup {
  let described = closedGroups.get(settings);
  if (!described) closedGroups.set(settings, (described = new WeakMap()));
  let known = described.get(group);
  if (!known) described.set(group, (known = describeGroup(group, settings, false)));
  return known;
}

/**
 * The filter rules of spec 1 §4: the query as applied, the facets offered, and the items left. An
 * empty result resets the filter to the initial category, also when the category itself has items
 * but the chosen filters have nothing in common.
 */
function filterStock(unsearched: StockSource, settings: StocklistSettings, asked: StockQuery) {
  const source = searched(unsearched, settings, searchTerms(asked.q), asked.includeOutOfStock);
  const applied = applyFilters(source, settings, asked);
  const initial = source.initial;
  const { query } = applied;
  const narrowed = query.warehouses.length > 0 || Object.keys(query.filters).length > 0 || query.category !== initial;
  if (applied.current.size || !narrowed || initial === undefined) return applied;
  return {
    ...applyFilters(source, settings, { ...asked, category: initial, warehouses: [], filters: {}, page: 1 }),
    reset: true,
  };
}

function applyFilters(source: StockSource, settings: StocklistSettings, asked: StockQuery) {
  const algorithm = settings.attributeSortAlgorithm;
  const categoryCounts = source.categoryCounts(asked.includeOutOfStock);
  const initial = source.initial;

  let query: StockQuery = { ...asked, filters: { ...asked.filters } };
  let reset = false;
  if (!query.category || !categoryCounts.get(query.category)) {
    reset = Boolean(query.category) && query.category !== initial;
    query = reset
      ? { ...query, category: initial, warehouses: [], filters: {}, page: 1 }
      : { ...query, category: initial };
  }
  const category = query.category;
  const categories = settings.category.map((code) => ({
    value: code,
    label: settings.categoryLabels[code] ?? code,
    count: categoryCounts.get(code) ?? 0,
    selected: code === category,
  }));
  let current = source.category(category, asked.includeOutOfStock);

  const warehouseCounts = current.countBy(WAREHOUSE_KEY);
  const warehouseCodes = [...new Set([...settings.warehouse, ...warehouseCounts.keys()])].filter((w) =>
    warehouseCounts.has(w),
  );
  const chosenWarehouses = query.warehouses.filter((w) => warehouseCounts.has(w));
  const warehouses = warehouseCodes.map((code) => ({
    value: code,
    label: settings.warehouseLabels[code] ?? code,
    count: warehouseCounts.get(code) ?? 0,
    selected: chosenWarehouses.includes(code),
  }));
  if (chosenWarehouses.length) current = current.narrow(WAREHOUSE_KEY, chosenWarehouses);

  // Levels 1–3: each offers the values left by the levels above it; a level with nothing chosen
  // clears the levels below it, which are not offered until it has a choice.
  const filters: Record<string, string[]> = {};
  const levels: LevelFacet[] = [];
  for (const attribute of category ? levelAttributes(settings, category) : []) {
    const counts = new Map(current.countBy(attribute));
    counts.delete('');
    const chosen = (query.filters[attribute] ?? []).filter((v) => counts.has(v));
    levels.push({
      attribute,
      label: settings.attributeLabels[attribute] ?? attribute,
      options: [...counts.keys()]
        .sort((a, b) => compareAttributeValues(a, b, algorithm))
        .map((value) => ({ value, label: value, count: counts.get(value)!, selected: chosen.includes(value) })),
    });
    if (!chosen.length) break;
    filters[attribute] = chosen;
    current = current.narrow(attribute, chosen);
  }

  const gradeCounts = current.countBy(GRADE_ATTRIBUTE);
  const knownGrades = new Set(settings.grade);
  const chosenGrades = (query.filters[GRADE_ATTRIBUTE] ?? []).filter((g) => knownGrades.has(g));
  const gradeOption = (grade: string): FacetOption => ({
    value: grade,
    label: settings.gradeLabels[grade] ?? grade,
    count: gradeCounts.get(grade) ?? 0,
    selected: chosenGrades.includes(grade),
  });
  const grades: GradeFacetGroup[] = settings.gradeFilterGroups.length
    ? settings.gradeFilterGroups.map((g) => ({
        header: g.header,
        footer: g.footer,
        options: g.grades.filter((x) => knownGrades.has(x)).map(gradeOption),
      }))
    : [{ header: '', footer: '', options: settings.grade.map(gradeOption) }];
  if (chosenGrades.length) {
    filters[GRADE_ATTRIBUTE] = chosenGrades;
    current = current.narrow(GRADE_ATTRIBUTE, chosenGrades);
  }

  return {
    query: { ...query, warehouses: chosenWarehouses, filters },
    reset,
    categories,
    warehouses,
    levels,
    grades,
    current,
  };
}

/**
 * The source as a search leaves it: each category holds only the items matching every word, the
 * counts are of those, and the initial category is the first in the settings' order with a match.
 * A search that matches nothing leaves no category, so the list says so instead of resetting.
 */
function searched(
  source: StockSource,
  settings: StocklistSettings,
  terms: readonly string[],
  includeOutOfStock: boolean,
): StockSource {
  if (!terms.length) return source;
  const matches = new Map<string, Selection>();
  for (const code of source.categoryCounts(includeOutOfStock).keys()) {
    const found = source.category(code, includeOutOfStock).search(terms);
    if (found.size) matches.set(code, found);
  }
  const none = source.category(undefined, includeOutOfStock);
  return {
    initial: settings.category.find((code) => matches.has(code)),
    categoryCounts: () => new Map([...matches].map(([code, found]) => [code, found.size])),
    category: (code) => (code === undefined ? none : (matches.get(code) ?? none)),
  };
}

/** What a buyer's sort compares groups by: a number, lower first; groups without one go last. */
const SORT_KEYS: Record<Exclude<StockSort, 'name'>, (group: RawGroup) => number | null> = {
  price: (g) => groupPrices(g.items).min,
  'price-desc': (g) => {
    const min = groupPrices(g.items).min;
    return min === null ? null : -min;
  },
  quantity: (g) => -g.items.reduce((sum, i) => sum + Math.max(0, i.quantityAvailable), 0),
  newest: (g) => -g.items.reduce((newest, i) => Math.max(newest, i.listed ?? 0), 0),
};

/** Groups in the buyer's sort; ties keep the list's own order (the sort is stable). */
function sortedBy(groups: readonly RawGroup[], sort: StockSort): RawGroup[] {
  if (sort === 'name')
    return [...groups].sort((a, b) => naturalCompare(a.items[0]!.groupTitle, b.items[0]!.groupTitle));
  const keyOf = SORT_KEYS[sort];
  const keys = new Map(groups.map((g) => [g, keyOf(g)]));
  return [...groups].sort((a, b) => {
    const x = keys.get(a)!;
    const y = keys.get(b)!;
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return x - y;
  });
}

export interface RawGroup {
  key: string;
  items: StockItem[];
}

/** The key of an item's group: the list shows one group per group key and warehouse. */
export const groupKeyOf = (item: StockItem) => `${item.groupKey}|${item.warehouse}`;

/** The items in their groups, in order of each group's first item. */
function groupItems(items: readonly StockItem[]): RawGroup[] {
  const byKey = new Map<string, StockItem[]>();
  for (const item of items) {
    const key = groupKeyOf(item);
    const list = byKey.get(key);
    if (list) list.push(item);
    else byKey.set(key, [item]);
  }
  return [...byKey.entries()].map(([key, list]) => ({ key, items: list }));
}

/** What groups are sorted by, in turn, as an item tells it: the settings' sort attributes, then the title. */
const sortKeysOf = (settings: StocklistSettings) => [
  ...settings.sortOrder.map((attribute) => (i: StockItem) => attributeOf(i, attribute)),
  (i: StockItem) => i.groupTitle,
];

/** A sort key's distinct values among the groups (each read from its first item), in order. */
const valuesInOrder = (groups: readonly RawGroup[], key: (item: StockItem) => string, settings: StocklistSettings) =>
  sortValues(new Set(groups.map((g) => key(g.items[0]!))), settings.attributeSortAlgorithm);

/** Groups in the list's order (spec 1 §4): by the settings' sort attributes, the title, the warehouse's place in the settings. */
export function sortGroups(groups: RawGroup[], settings: StocklistSettings): RawGroup[] {
  const keyOf = sortKeysOf(settings);
  // Sort by ranks: each attribute's few distinct values are ordered once, then groups compare numbers.
  const ranks = keyOf.map((key) => new Map(valuesInOrder(groups, key, settings).map((value, i) => [value, i])));
  const warehouseRank = new Map(settings.warehouse.map((w, i) => [w, i]));
  const sortKeys = new Map(
    groups.map((g) => [
      g,
      [...keyOf.map((key, i) => ranks[i]!.get(key(g.items[0]!))!), warehouseRank.get(g.items[0]!.warehouse) ?? 99],
    ]),
  );
  return groups.sort((a, b) => {
    const x = sortKeys.get(a)!;
    const y = sortKeys.get(b)!;
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
    return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
  });
}

/**
 * Whether any subset of these groups sorts as it stands in the sort of them all: each group's
 * sort values and warehouse hold for every item of it (so its first item does not matter), and no
 * two values of a sort key compare equal (ties would rank by which came first).
 */
export function sortHoldsForSubsets(groups: readonly RawGroup[], settings: StocklistSettings): boolean {
  const keyOf = sortKeysOf(settings);
  const heldByItems = [...keyOf, (i: StockItem) => i.warehouse];
  for (const { items } of groups) {
    const first = items[0]!;
    for (const key of heldByItems) {
      const value = key(first);
      for (const item of items) if (key(item) !== value) return false;
    }
  }
  return keyOf.every((key) => {
    const values = valuesInOrder(groups, key, settings);
    return values.every(
      (value, i) => i === 0 || compareAttributeValues(values[i - 1]!, value, settings.attributeSortAlgorithm) !== 0,
    );
  });
}

/** Each settings' grades by their place (a grade the settings do not list comes first, as indexOf ranks it). */
const gradeRanks = new WeakMap<StocklistSettings, Map<string, number>>();

function gradeRankOf(settings: StocklistSettings): Map<string, number> {
  let ranks = gradeRanks.get(settings);
  if (!ranks) {
    gradeRanks.set(settings, (ranks = new Map()));
    settings.grade.forEach((g, i) => ranks!.has(g) || ranks!.set(g, i));
  }
  return ranks;
}

/**
 * A group's value of a corner attribute: its distinct values in order, three at most and a count of
 * the rest. Every closed group of a new filter's page asks it twice, and most groups hold one value
 * (their maker), so one value is noted without a set or a sort.
 */
function slotValue(items: StockItem[], attribute: string | undefined, settings: StocklistSettings): string | null {
  if (!attribute) return null;
  const grade = attribute === GRADE_ATTRIBUTE;
  let only: string | undefined;
  let distinct: Set<string> | undefined;
  for (const item of items) {
    const value = grade ? item.grade : item.attributes[attribute];
    if (!value || value === only) continue;
    if (only === undefined) only = value;
    else (distinct ??= new Set([only])).add(value);
  }
  if (only === undefined) return null;
  if (!distinct) return grade ? (settings.gradeLabels[only] ?? only) : only;
  let values = [...distinct];
  if (grade) {
    const rank = gradeRankOf(settings);
    values = values.sort((a, b) => (rank.get(a) ?? -1) - (rank.get(b) ?? -1)).map((v) => settings.gradeLabels[v] ?? v);
  } else values.sort((a, b) => compareAttributeValues(a, b, settings.attributeSortAlgorithm));
  return values.length > 3 ? `${values.slice(0, 3).join(', ')} +${values.length - 3}` : values.join(', ');
}

/** A group's item rows in order: by grade as the settings rank them, then by description. */
function sortedGroupItems(items: StockItem[], settings: StocklistSettings): StockItem[] {
  const gradeRank = gradeRankOf(settings);
  return [...items].sort(
    (a, b) =>
      (gradeRank.get(a.grade) ?? 99) - (gradeRank.get(b.grade) ?? 99) ||
      compareAttributeValues(a.skuDescription, b.skuDescription, settings.attributeSortAlgorithm),
  );
}

/**
 * A group's lowest price and whether its prices differ: over its priced items in stock, or over
 * all its priced items when none is in stock. One pass (every page of a new filter describes 24 groups).
 */
function groupPrices(items: readonly StockItem[]): { min: number | null; varied: boolean } {
  const all: PriceRun = { min: null, varied: false };
  const stocked: PriceRun = { min: null, varied: false };
  for (const item of items) {
    if (item.listPrice === null) continue;
    notePrice(all, item.listPrice);
    if (inStock(item)) notePrice(stocked, item.listPrice);
  }
  return stocked.min === null ? all : stocked;
}

interface PriceRun {
  min: number | null;
  varied: boolean;
}

function notePrice(run: PriceRun, price: number) {
  if (run.min === null) run.min = price;
  else if (price !== run.min) {
    run.varied = true;
    if (price < run.min) run.min = price;
  }
}

/** A group's summary; its item rows only when it is opened, so a page ships 24 summaries, not every item. */
function describeGroup({ key, items }: RawGroup, settings: StocklistSettings, opened: boolean): StockGroup {
  const first = items[0]!;
  const prices = groupPrices(items);
  const sorted = opened ? sortedGroupItems(items, settings) : [];
  return {
    groupId: key,
    title: first.groupTitle,
    groupDescription: first.groupDescription,
    groupAttributes: {
      topRight: slotValue(items, settings.groupTopRightAttribute, settings),
      bottomRight: slotValue(items, settings.groupBottomRightAttribute, settings),
    },
    wareHouse: first.warehouse,
    warehouseLabel: settings.warehouseLabels[first.warehouse] ?? first.warehouse,
    countOfItems: items.length,
    quantityAvailable: displayTotal(
      items.map((i) => i.quantityAvailable),
      settings.maxItemQuantityToBeDisplayed,
    ),
    minPrice: prices.min,
    showMinPriceSymbol: prices.varied,
    isOfferAccepted: settings.warehouseAcceptingOffer.includes(first.warehouse),
    items: opened
      ? sorted.map((item) => ({
          ...item,
          displayQuantity: displayQuantity(item.quantityAvailable, settings.maxItemQuantityToBeDisplayed),
        }))
      : [],
  };
}
