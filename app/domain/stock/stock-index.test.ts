import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { browseStock, filterAndGroup, filteredItems, itemsInOrder, pageOf, type StockItem } from './engine';
import { STOCK_SORTS, type StockQuery } from './query';
import type { StocklistSettings } from './settings';
import { stocklistSettingsSchema } from './settings-schema';
import { indexStock } from './stock-index';

// Small alphabets, so generated filters hit, miss, tie ('apple' and 'Apple' compare equal) and empty out.
const CATEGORIES = ['PHONES', 'TABLETS', 'WATCHES', 'ODD'];
const WAREHOUSES = ['MIA', 'LAX', 'NYC', 'AMS'];
const GRADES = ['A', 'B', 'C', 'D'];
const ATTRIBUTES = ['manufacturer', 'model', 'capacity', 'colour'];
const VALUES = ['Apple', 'apple', 'Samsung', '64GB', '128GB', '1TB', 'x', ''];

const subset = <T>(values: readonly T[]) => fc.subarray([...values]);

const settingsArb: fc.Arbitrary<StocklistSettings> = fc
  .record({
    category: subset(CATEGORIES.slice(0, 3)),
    levels: fc.dictionary(
      fc.constantFrom(...CATEGORIES),
      fc.shuffledSubarray([...ATTRIBUTES, 'grade'], { maxLength: 3 }),
    ),
    grade: fc.shuffledSubarray(GRADES),
    groups: fc.option(fc.array(subset(GRADES), { maxLength: 2 })),
    sortOrder: fc.shuffledSubarray([...ATTRIBUTES, 'grade'], { maxLength: 3 }),
    algorithm: fc.constantFrom('Default' as const, 'AlphanumericAsNumeric' as const),
    warehouse: fc.shuffledSubarray(WAREHOUSES.slice(0, 3)),
    accepting: subset(WAREHOUSES),
    max: fc.option(fc.integer({ min: 1, max: 50 }), { nil: undefined }),
    topRight: fc.option(fc.constantFrom(...ATTRIBUTES, 'grade'), { nil: undefined }),
  })
  .map((s) =>
    stocklistSettingsSchema.parse({
      pxParticipantId: 'p',
      category: s.category,
      searchLevels: s.levels,
      grade: s.grade,
      gradeFilterGroups: (s.groups ?? []).map((grades, i) => ({ header: `H${i}`, footer: '', grades })),
      sortOrder: s.sortOrder,
      attributeSortAlgorithm: s.algorithm,
      warehouse: s.warehouse,
      warehouseAcceptingOffer: s.accepting,
      maxItemQuantityToBeDisplayed: s.max,
      groupTopRightAttribute: s.topRight,
    }),
  );

const itemArb = fc.record({
  category: fc.constantFrom('PHONES', 'PHONES', ...CATEGORIES),
  warehouse: fc.constantFrom(...WAREHOUSES),
  grade: fc.constantFrom(...GRADES, 'Z'),
  group: fc.integer({ min: 0, max: 40 }).map((g) => (g > 30 ? g % 5 : g)),
  attributes: fc.dictionary(fc.constantFrom(...ATTRIBUTES), fc.constantFrom(...VALUES), { maxKeys: 4 }),
  quantityAvailable: fc.constantFrom(0, 0, 1, 5, 60),
  listPrice: fc.option(fc.integer({ min: 1, max: 500 }), { nil: null }),
  sku: fc.constantFrom('a', 'B', 'b', 'c', 'Écran'),
  listed: fc.integer({ min: 0, max: 20 }),
});

const catalogueOf = (minLength: number) =>
  fc.array(itemArb, { minLength, maxLength: 150 }).map((rows) =>
    rows.map((r, i): StockItem => ({
      itemNumber: `I${i}`,
      itemNumberWarehouse: `I${i}-${r.warehouse}`,
      warehouse: r.warehouse,
      category: r.category,
      groupKey: `G${r.group}`,
      groupTitle: `Group ${r.group}`,
      groupDescription: '',
      skuDescription: r.sku,
      grade: r.grade,
      attributes: r.attributes,
      quantityAvailable: r.quantityAvailable,
      listPrice: r.listPrice,
      incrementSize: 1,
      minimumCheckoutQuantity: 1,
      pendingOrderItemCount: 0,
      listed: r.listed,
    })),
  );
const catalogueArb = catalogueOf(0);

// Few groups of many items, so that a filter can drop a group's first item or the first of two
// groups whose values compare equal ('apple', 'Apple'): either changes where a group sorts. In the
// first, items of a group differ in their sort values; in the second, as sellers keep catalogues,
// they share them (and the index ranks the groups once per revision).
const fewGroupsArb = fc
  .tuple(catalogueOf(30), fc.integer({ min: 1, max: 6 }))
  .map(([items, groups]) =>
    items.map((item, i) => ({ ...item, groupKey: `G${i % groups}`, groupTitle: `Group ${i % groups}` })),
  );
const groupedCatalogueArb = fc
  .tuple(
    fewGroupsArb,
    fc.array(fc.dictionary(fc.constantFrom(...ATTRIBUTES), fc.constantFrom(...VALUES), { maxKeys: 4 }), {
      minLength: 6,
      maxLength: 6,
    }),
  )
  .map(([items, attributesOfGroup]) =>
    items.map((item) => ({ ...item, attributes: attributesOfGroup[Number(item.groupKey.slice(1))]! })),
  );

const queryArb: fc.Arbitrary<StockQuery> = fc.record({
  category: fc.option(fc.constantFrom(...CATEGORIES, 'NOPE'), { nil: undefined }),
  warehouses: subset([...WAREHOUSES, 'XXX']),
  includeOutOfStock: fc.boolean(),
  filters: fc.dictionary(
    fc.constantFrom(...ATTRIBUTES, 'grade'),
    fc.subarray([...VALUES.filter(Boolean), ...GRADES, 'Z'], { minLength: 1, maxLength: 3 }),
  ),
  page: fc.integer({ min: 1, max: 3 }),
  // Words that hit item numbers, titles, descriptions and attribute values, in any case, or nothing.
  q: fc.option(
    fc
      .array(fc.constantFrom('apple', 'APPLE', 'gb', '128', 'i1', 'group 1', 'b', 'zzz', 'é'), {
        minLength: 1,
        maxLength: 3,
      })
      .map((w) => w.join(' ')),
    { nil: undefined },
  ),
  sort: fc.option(fc.constantFrom(...STOCK_SORTS), { nil: undefined }),
});

const openArb = fc.array(
  fc.tuple(fc.integer({ min: 0, max: 6 }), fc.constantFrom(...WAREHOUSES)).map(([g, w]) => `G${g}|${w}`),
  { maxLength: 4 },
);

describe('the snapshot index', () => {
  it('gives the same page as a plain scan for every filter rule of spec 1 §4', () => {
    fc.assert(
      fc.property(
        catalogueArb,
        settingsArb,
        fc.array(fc.tuple(queryArb, openArb), { minLength: 1, maxLength: 5 }),
        (items, settings, queries) => {
          const index = indexStock(items, settings);
          for (const [query, open] of queries) {
            const indexed = pageOf(filterAndGroup(index, settings, query), settings, query.page, open);
            expect(indexed).toEqual(browseStock(items, settings, query, open));
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('gives the same pages as a plain scan whether or not each group holds its sort values for all its items', () => {
    fc.assert(
      fc.property(
        fc.oneof(groupedCatalogueArb, fewGroupsArb),
        settingsArb,
        fc.array(fc.tuple(queryArb, openArb), { minLength: 1, maxLength: 5 }),
        (items, settings, queries) => {
          const index = indexStock(items, settings);
          for (const [query, open] of queries) {
            expect(pageOf(filterAndGroup(index, settings, query), settings, query.page, open)).toEqual(
              browseStock(items, settings, query, open),
            );
            expect(itemsInOrder(filterAndGroup(index, settings, query), settings)).toEqual(
              filteredItems(items, settings, query),
            );
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('gives the same page when the query chooses values the catalogue holds, level by level', () => {
    const case_ = fc
      .tuple(catalogueArb, settingsArb, fc.shuffledSubarray([...ATTRIBUTES, 'grade'], { minLength: 1, maxLength: 3 }))
      .chain(([items, anySettings, levels]) => {
        const category = items[0]?.category ?? 'PHONES';
        const settings = { ...anySettings, searchLevels: { ...anySettings.searchLevels, [category]: levels } };
        const held = (attribute: string) =>
          [...new Set(items.map((i) => (attribute === 'grade' ? i.grade : (i.attributes[attribute] ?? ''))))].filter(
            Boolean,
          );
        const filters = fc.record(
          Object.fromEntries(
            [...levels, 'grade'].map((a) => [a, fc.subarray(held(a), { minLength: held(a).length ? 1 : 0 })]),
          ),
        );
        const query = fc.record({
          category: fc.constant(category),
          warehouses: fc.oneof(fc.constant<string[]>([]), subset([...new Set(items.map((i) => i.warehouse))])),
          includeOutOfStock: fc.boolean(),
          filters,
          page: fc.integer({ min: 1, max: 3 }),
        });
        const groupIds = [...new Set(items.map((i) => `${i.groupKey}|${i.warehouse}`))];
        const open = fc.subarray(groupIds, { maxLength: Math.min(4, groupIds.length) });
        return fc.tuple(fc.constant(items), fc.constant(settings), query, open);
      });
    fc.assert(
      fc.property(case_, ([items, settings, query, open]) => {
        expect(
          pageOf(filterAndGroup(indexStock(items, settings), settings, query), settings, query.page, open),
        ).toEqual(browseStock(items, settings, query, open));
        expect(itemsInOrder(filterAndGroup(indexStock(items, settings), settings, query), settings)).toEqual(
          filteredItems(items, settings, query),
        );
      }),
      { numRuns: 400 },
    );
  });

  it('gives the same items in the same order as a plain scan (the export)', () => {
    fc.assert(
      fc.property(catalogueArb, settingsArb, queryArb, (items, settings, query) => {
        expect(itemsInOrder(filterAndGroup(indexStock(items, settings), settings, query), settings)).toEqual(
          filteredItems(items, settings, query),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('is not changed by the queries it answers', () => {
    fc.assert(
      fc.property(catalogueArb, settingsArb, queryArb, queryArb, (items, settings, first, second) => {
        const index = indexStock(items, settings);
        const before = filterAndGroup(index, settings, second);
        filterAndGroup(index, settings, first);
        expect(filterAndGroup(index, settings, second)).toEqual(before);
      }),
      { numRuns: 200 },
    );
  });

  describe('orders groups as a scan does when a filter leaves part of them', () => {
    const settings = stocklistSettingsSchema.parse({
      pxParticipantId: 'p',
      category: ['PHONES'],
      grade: ['A', 'B'],
      sortOrder: ['manufacturer'],
      warehouse: ['MIA'],
    });
    const item = (n: number, group: number, manufacturer: string, grade: string): StockItem => ({
      itemNumber: `I${n}`,
      itemNumberWarehouse: `I${n}-MIA`,
      warehouse: 'MIA',
      category: 'PHONES',
      groupKey: `G${group}`,
      groupTitle: `Group ${group}`,
      groupDescription: '',
      skuDescription: 'a',
      grade,
      attributes: { manufacturer },
      quantityAvailable: 1,
      listPrice: 1,
      incrementSize: 1,
      minimumCheckoutQuantity: 1,
      pendingOrderItemCount: 0,
    });
    const gradeB: StockQuery = {
      category: 'PHONES',
      warehouses: [],
      includeOutOfStock: false,
      filters: { grade: ['B'] },
      page: 1,
    };
    const order = (items: StockItem[], query: StockQuery) => ({
      indexed: pageOf(filterAndGroup(indexStock(items, settings), settings, query), settings, 1).groups.map(
        (g) => g.groupId,
      ),
      scanned: browseStock(items, settings, query).groups.map((g) => g.groupId),
    });

    it("when a group's items differ in a sort value, by the first item the filter leaves", () => {
      const { indexed, scanned } = order([item(1, 1, 'B', 'A'), item(2, 1, 'Z', 'B'), item(3, 2, 'M', 'B')], gradeB);
      expect(scanned).toEqual(['G2|MIA', 'G1|MIA']);
      expect(indexed).toEqual(scanned);
    });

    it("when two groups' values compare equal (apple, Apple), by which comes first in what the filter leaves", () => {
      const { indexed, scanned } = order(
        [item(1, 1, 'apple', 'A'), item(2, 2, 'Apple', 'B'), item(3, 1, 'apple', 'B')],
        gradeB,
      );
      expect(scanned).toEqual(['G2|MIA', 'G1|MIA']);
      expect(indexed).toEqual(scanned);
    });
  });
});
