import {
  attributeOf,
  defaultCategory,
  groupKeyOf,
  inStock,
  levelAttributes,
  sortGroups,
  sortHoldsForSubsets,
  WAREHOUSE_KEY,
  type RawGroup,
  type Selection,
  type StockItem,
  type StockSource,
} from './engine';
import { positionsHolding, wordIndex, type WordIndex } from './word-index';
import { GRADE_ATTRIBUTE, type StocklistSettings } from './settings';

/** One attribute of a category's items, coded once: the filter compares small integers, not strings. */
interface Column {
  /** Code → value; codes are given in order of first item, which keeps facet order as a scan gives it. */
  values: string[];
  /** Per item position, its value's code. */
  codes: Int32Array;
  /** Per code, the item positions holding it, ascending. */
  postings: Int32Array[];
  counts: Map<string, number>;
}

interface CategoryIndex {
  items: StockItem[];
  columns: Map<string, Column>;
  /** Per item position, its group's number; numbers in order of each group's first item. */
  groupOf: Int32Array;
  groupKeys: string[];
  /** Per group number, its place in the sort of all groups, when any subset sorts the same (else sorted per query). */
  groupRank: Int32Array | null;
  /** The items' words, made on the first search of the revision (most revisions are never searched). */
  words?: WordIndex;
}

const valueOf = (attribute: string) =>
  attribute === WAREHOUSE_KEY ? (i: StockItem) => i.warehouse : (i: StockItem) => attributeOf(i, attribute);

function column(items: readonly StockItem[], attribute: string): Column {
  const key = valueOf(attribute);
  const codeOf = new Map<string, number>();
  const values: string[] = [];
  const codes = new Int32Array(items.length);
  const lists: number[][] = [];
  items.forEach((item, position) => {
    const value = key(item);
    let code = codeOf.get(value);
    if (code === undefined) {
      code = values.length;
      codeOf.set(value, code);
      values.push(value);
      lists.push([]);
    }
    codes[position] = code;
    lists[code]!.push(position);
  });
  return {
    values,
    codes,
    postings: lists.map((l) => Int32Array.from(l)),
    counts: new Map(values.map((v, c) => [v, lists[c]!.length])),
  };
}

function categoryIndex(items: StockItem[], attributes: readonly string[], settings: StocklistSettings): CategoryIndex {
  const numberOf = new Map<string, number>();
  const groupKeys: string[] = [];
  const groupOf = new Int32Array(items.length);
  items.forEach((item, position) => {
    const key = groupKeyOf(item);
    let number = numberOf.get(key);
    if (number === undefined) numberOf.set(key, (number = groupKeys.push(key) - 1));
    groupOf[position] = number;
  });
  const index: CategoryIndex = {
    items,
    columns: new Map(attributes.map((a) => [a, column(items, a)])),
    groupOf,
    groupKeys,
    groupRank: null,
  };
  const all = groupsAt(index, null);
  if (sortHoldsForSubsets(all, settings)) {
    const rank = new Int32Array(groupKeys.length);
    sortGroups(all, settings).forEach((group, place) => (rank[numberOf.get(group.key)!] = place));
    index.groupRank = rank;
  }
  return index;
}

/** The items at these positions (all when null) in their groups: in the list's order when the rank holds, else in order of first item. */
function groupsAt(index: CategoryIndex, positions: Int32Array | null): RawGroup[] {
  const { items, groupOf, groupKeys } = index;
  const lists: StockItem[][] = new Array(groupKeys.length);
  const present: number[] = [];
  const add = (position: number) => {
    const number = groupOf[position]!;
    const list = lists[number];
    if (list) list.push(items[position]!);
    else {
      lists[number] = [items[position]!];
      present.push(number);
    }
  };
  if (positions === null) for (let position = 0; position < items.length; position++) add(position);
  else for (let i = 0; i < positions.length; i++) add(positions[i]!);
  const rank = index.groupRank;
  if (rank) present.sort((a, b) => rank[a]! - rank[b]!);
  return present.map((number) => ({ key: groupKeys[number]!, items: lists[number]! }));
}

/** Positions of the items whose code is wanted, walking only `from` (or, when null, the postings). */
function narrowPositions(col: Column, from: Int32Array | null, chosen: readonly string[]): Int32Array {
  const wanted = chosen.map((v) => col.values.indexOf(v)).filter((c) => c >= 0);
  if (from === null) {
    const lists = [...new Set(wanted)].map((c) => col.postings[c]!);
    if (lists.length === 1) return lists[0]!;
    // Marks in item order give the union in order without sorting it.
    const marked = new Uint8Array(col.codes.length);
    for (const list of lists) for (let i = 0; i < list.length; i++) marked[list[i]!] = 1;
    const merged = new Int32Array(lists.reduce((n, l) => n + l.length, 0));
    let at = 0;
    for (let p = 0; p < marked.length; p++) if (marked[p]) merged[at++] = p;
    return merged;
  }
  const flags = new Uint8Array(col.values.length);
  for (const c of wanted) flags[c] = 1;
  const out = new Int32Array(from.length);
  let n = 0;
  const codes = col.codes;
  for (let i = 0; i < from.length; i++) {
    const p = from[i]!;
    if (flags[codes[p]!]) out[n++] = p;
  }
  return out.subarray(0, n);
}

function indexedSelection(index: CategoryIndex, positions: Int32Array | null, settings: StocklistSettings): Selection {
  const fallback = () => {
    const items = positions === null ? index.items : Array.from(positions, (p) => index.items[p]!);
    return { items, key: (attribute: string) => valueOf(attribute) };
  };
  return {
    size: positions === null ? index.items.length : positions.length,
    countBy(attribute) {
      const col = index.columns.get(attribute);
      if (!col) {
        const { items, key } = fallback();
        const k = key(attribute);
        const counts = new Map<string, number>();
        for (const item of items) counts.set(k(item), (counts.get(k(item)) ?? 0) + 1);
        return counts;
      }
      if (positions === null) return col.counts;
      const perCode = new Int32Array(col.values.length);
      const order: number[] = [];
      const codes = col.codes;
      for (let i = 0; i < positions.length; i++) {
        const c = codes[positions[i]!]!;
        if (perCode[c]++ === 0) order.push(c);
      }
      return new Map(order.map((c) => [col.values[c]!, perCode[c]!]));
    },
    narrow(attribute, chosen) {
      const col = index.columns.get(attribute);
      if (col) return indexedSelection(index, narrowPositions(col, positions, chosen), settings);
      const { items, key } = fallback();
      const k = key(attribute);
      const wanted = new Set(chosen);
      const kept: number[] = [];
      items.forEach((item, i) => {
        if (wanted.has(k(item))) kept.push(positions === null ? i : positions[i]!);
      });
      return indexedSelection(index, Int32Array.from(kept), settings);
    },
    search: (terms) =>
      indexedSelection(index, positionsHolding((index.words ??= wordIndex(index.items)), terms, positions), settings),
    items: () => (positions === null ? index.items : Array.from(positions, (p) => index.items[p]!)),
    groups: () => (index.groupRank ? groupsAt(index, positions) : sortGroups(groupsAt(index, positions), settings)),
  };
}

/**
 * A warehouse group's stock indexed once per revision: per visibility (in stock, or all), per
 * category, and within a category per warehouse, search level value and grade. A filter then starts
 * from the lists of the values it chose and walks only the items that can still match; facets of an
 * unfiltered category are counted in advance. Items are grouped by their group's number, and the
 * groups, when any subset of them sorts as all do, come in an order ranked once. Gives the same
 * answers as scanSource.
 */
export function indexStock(allItems: readonly StockItem[], settings: StocklistSettings): StockSource {
  const build = (visible: readonly StockItem[]) => {
    const byCategory = new Map<string, StockItem[]>();
    for (const item of visible) {
      const list = byCategory.get(item.category);
      if (list) list.push(item);
      else byCategory.set(item.category, [item]);
    }
    const categories = new Map(
      [...byCategory].map(([code, items]) => [
        code,
        categoryIndex(items, [WAREHOUSE_KEY, GRADE_ATTRIBUTE, ...levelAttributes(settings, code)], settings),
      ]),
    );
    return { counts: new Map([...byCategory].map(([code, items]) => [code, items.length])), categories };
  };
  const empty = categoryIndex([], [], settings);
  const inStockView = build(allItems.filter(inStock));
  const allView = build(allItems);
  return {
    initial: defaultCategory(allItems, settings),
    categoryCounts: (includeOutOfStock) => (includeOutOfStock ? allView : inStockView).counts,
    category: (code, includeOutOfStock) =>
      indexedSelection(
        (code === undefined ? undefined : (includeOutOfStock ? allView : inStockView).categories.get(code)) ?? empty,
        null,
        settings,
      ),
  };
}
