import { describe, expect, it } from 'vitest';
import { browseStock, defaultCategory, filterAndGroup, pageOf, scanSource, type StockItem } from './engine';
import type { StockQuery } from './query';
import { stocklistSettingsSchema } from './settings-schema';

const settings = stocklistSettingsSchema.parse({
  pxParticipantId: 'own',
  category: ['PHONES', 'TABLETS', 'WATCHES'],
  categoryLabels: { PHONES: 'Phones', TABLETS: 'Tablets', WATCHES: 'Watches' },
  attributeLabels: { manufacturer: 'Manufacturer', model: 'Model', capacity: 'Capacity' },
  searchLevels: { PHONES: ['manufacturer', 'model', 'capacity'], TABLETS: ['manufacturer'] },
  grade: ['A', 'B', 'C'],
  gradeLabels: { A: 'Grade A', B: 'Grade B', C: 'Grade C' },
  gradeFilterGroups: [
    { header: 'Top', footer: 'Best', grades: ['A'] },
    { header: 'Value', footer: 'Cheap', grades: ['B', 'C'] },
  ],
  sortOrder: ['manufacturer', 'model', 'capacity'],
  warehouse: ['MIA', 'LAX'],
  warehouseLabels: { MIA: 'Miami', LAX: 'Los Angeles' },
  warehouseAcceptingOffer: ['MIA'],
  maxItemQuantityToBeDisplayed: 500,
});

let serial = 0;
function item(overrides: Partial<StockItem> & { manufacturer?: string; model?: string; capacity?: string }): StockItem {
  const { manufacturer = 'Apple', model = 'iPhone 13', capacity = '128GB', ...rest } = overrides;
  serial += 1;
  return {
    itemNumber: `I${serial}`,
    itemNumberWarehouse: `I${serial}-${rest.warehouse ?? 'MIA'}`,
    warehouse: 'MIA',
    category: 'PHONES',
    groupKey: `${model}|${capacity}`,
    groupTitle: `${manufacturer} ${model} ${capacity}`,
    groupDescription: 'desc',
    skuDescription: `${manufacturer} ${model} ${capacity} #${serial}`,
    grade: 'A',
    attributes: { manufacturer, model, capacity },
    quantityAvailable: 10,
    listPrice: 100,
    incrementSize: 1,
    minimumCheckoutQuantity: 1,
    pendingOrderItemCount: 0,
    ...rest,
  };
}

const query = (overrides: Partial<StockQuery> = {}): StockQuery => ({
  warehouses: [],
  includeOutOfStock: false,
  filters: {},
  page: 1,
  ...overrides,
});

const catalogue: StockItem[] = [
  item({ manufacturer: 'Apple', model: 'iPhone 13', capacity: '128GB', grade: 'A', listPrice: 300 }),
  item({ manufacturer: 'Apple', model: 'iPhone 13', capacity: '128GB', grade: 'B', listPrice: 250 }),
  item({ manufacturer: 'Apple', model: 'iPhone 13', capacity: '256GB', grade: 'A', warehouse: 'LAX' }),
  item({ manufacturer: 'Apple', model: 'iPhone 12', capacity: '64GB', grade: 'C', quantityAvailable: 0 }),
  item({ manufacturer: 'Samsung', model: 'Galaxy S23', capacity: '128GB', grade: 'B', quantityAvailable: 900 }),
  item({ manufacturer: 'Samsung', model: 'Galaxy S22', capacity: '256GB', grade: 'C' }),
  item({ category: 'TABLETS', manufacturer: 'Apple', model: 'iPad Air', capacity: '64GB' }),
];

describe('default category', () => {
  it('is the first category with an in-stock priced item', () => {
    const items = [
      item({ category: 'PHONES', quantityAvailable: 0 }),
      item({ category: 'PHONES', listPrice: null }),
      item({ category: 'TABLETS' }),
    ];
    expect(defaultCategory(items, settings)).toBe('TABLETS');
  });

  it('is used when no category is asked for, without a reset', () => {
    const result = browseStock(catalogue, settings, query());
    expect(result.query.category).toBe('PHONES');
    expect(result.reset).toBe(false);
  });
});

describe('categories', () => {
  it('counts items per category; an empty one is offered with count 0 (disabled)', () => {
    const result = browseStock(catalogue, settings, query());
    expect(result.categories.map((c) => [c.value, c.count])).toEqual([
      ['PHONES', 5],
      ['TABLETS', 1],
      ['WATCHES', 0],
    ]);
  });

  it('resets an unknown or empty category to the initial one, dropping its filters', () => {
    for (const category of ['NOPE', 'WATCHES']) {
      const result = browseStock(
        catalogue,
        settings,
        query({ category, filters: { manufacturer: ['Apple'] }, warehouses: ['MIA'] }),
      );
      expect(result.reset).toBe(true);
      expect(result.query).toMatchObject({ category: 'PHONES', filters: {}, warehouses: [] });
    }
  });

  it('resets to the initial category when filters of a category with items leave nothing (spec 1 §4)', () => {
    // Samsung and grade A have nothing in common in PHONES.
    const result = browseStock(
      catalogue,
      settings,
      query({ category: 'PHONES', filters: { manufacturer: ['Samsung'], grade: ['A'] } }),
    );
    expect(result.reset).toBe(true);
    expect(result.query).toMatchObject({ category: 'PHONES', filters: {}, warehouses: [] });
    expect(result.totals.items).toBe(5);
    const tablets = browseStock(catalogue, settings, query({ category: 'TABLETS', filters: { grade: ['C'] } }));
    expect(tablets).toMatchObject({ reset: true, query: { category: 'PHONES' } });
  });
});

describe('attribute levels', () => {
  it('offers level 1 only until a value is chosen there', () => {
    const result = browseStock(catalogue, settings, query({ category: 'PHONES' }));
    expect(result.levels.map((l) => l.attribute)).toEqual(['manufacturer']);
    expect(result.levels[0]!.options.map((o) => [o.value, o.count])).toEqual([
      ['Apple', 3],
      ['Samsung', 2],
    ]);
  });

  it('descends: each level offers what the levels above leave', () => {
    const result = browseStock(
      catalogue,
      settings,
      query({ category: 'PHONES', filters: { manufacturer: ['Apple'], model: ['iPhone 13'] } }),
    );
    expect(result.levels.map((l) => l.attribute)).toEqual(['manufacturer', 'model', 'capacity']);
    expect(result.levels[1]!.options.map((o) => o.value)).toEqual(['iPhone 13']);
    expect(result.levels[2]!.options.map((o) => o.value)).toEqual(['128GB', '256GB']);
    expect(result.totals.items).toBe(3);
  });

  it('clears the deeper levels when a level has nothing chosen', () => {
    const result = browseStock(
      catalogue,
      settings,
      query({ category: 'PHONES', filters: { model: ['iPhone 13'], capacity: ['128GB'] } }),
    );
    expect(result.query.filters).toEqual({});
    expect(result.totals.items).toBe(5);
  });

  it('drops values the level does not offer', () => {
    const result = browseStock(
      catalogue,
      settings,
      query({ category: 'PHONES', filters: { manufacturer: ['Apple', 'Nokia'] } }),
    );
    expect(result.query.filters).toEqual({ manufacturer: ['Apple'] });
  });
});

describe('stock, warehouses and grades', () => {
  it('hides out-of-stock items unless asked to include them', () => {
    expect(browseStock(catalogue, settings, query({ category: 'PHONES' })).totals.items).toBe(5);
    expect(browseStock(catalogue, settings, query({ category: 'PHONES', includeOutOfStock: true })).totals.items).toBe(
      6,
    );
  });

  it('filters by warehouse with counts, ignoring unknown codes', () => {
    const result = browseStock(catalogue, settings, query({ category: 'PHONES', warehouses: ['LAX', 'XXX'] }));
    expect(result.warehouses.map((w) => [w.value, w.count, w.selected])).toEqual([
      ['MIA', 4, false],
      ['LAX', 1, true],
    ]);
    expect(result.query.warehouses).toEqual(['LAX']);
    expect(result.totals.items).toBe(1);
  });

  it('filters by grade within the configured grade groups', () => {
    const result = browseStock(catalogue, settings, query({ category: 'PHONES', filters: { grade: ['B', 'Z'] } }));
    expect(result.grades.map((g) => g.header)).toEqual(['Top', 'Value']);
    expect(result.grades[1]!.options.map((o) => [o.value, o.count, o.selected])).toEqual([
      ['B', 2, true],
      ['C', 1, false],
    ]);
    expect(result.query.filters).toEqual({ grade: ['B'] });
    expect(result.totals.items).toBe(2);
  });

  it('caps displayed quantities with a plus sign', () => {
    const result = browseStock(
      catalogue,
      settings,
      query({ category: 'PHONES', filters: { manufacturer: ['Samsung'] } }),
      ['Galaxy S23|128GB|MIA'],
    );
    expect(result.totals.quantity).toBe('510+');
    const s23 = result.groups.find((g) => g.title.includes('S23'))!;
    expect(s23.items[0]!.displayQuantity).toBe('500+');
    expect(s23.quantityAvailable).toBe('500+');
  });
});

describe('groups', () => {
  it('groups items by group and warehouse, with count, minimum price and offer acceptance', () => {
    const result = browseStock(
      catalogue,
      settings,
      query({ category: 'PHONES', filters: { manufacturer: ['Apple'] } }),
    );
    const iphone128 = result.groups.find((g) => g.title === 'Apple iPhone 13 128GB')!;
    expect(iphone128).toMatchObject({
      countOfItems: 2,
      minPrice: 250,
      showMinPriceSymbol: true,
      isOfferAccepted: true,
      wareHouse: 'MIA',
    });
    const iphone256 = result.groups.find((g) => g.title === 'Apple iPhone 13 256GB')!;
    expect(iphone256).toMatchObject({
      countOfItems: 1,
      minPrice: 100,
      showMinPriceSymbol: false,
      isOfferAccepted: false,
    });
    expect(iphone128.groupAttributes).toEqual({ topRight: null, bottomRight: null });
  });

  it("shows a group's corner values: one as it is, several in order (grades as the settings rank them, labelled), three and a count of the rest", () => {
    const cornered = {
      ...settings,
      grade: ['A', 'B', 'C', 'D'],
      gradeLabels: { A: 'Grade A', B: 'Grade B', C: 'Grade C' },
      groupTopRightAttribute: 'manufacturer',
      groupBottomRightAttribute: 'grade',
    };
    const group = (items: StockItem[], over = cornered) =>
      browseStock(items, over, query({ category: 'PHONES' })).groups[0]!.groupAttributes;
    expect(group([item({ grade: 'B' }), item({ grade: 'B' })])).toEqual({ topRight: 'Apple', bottomRight: 'Grade B' });
    expect(group([item({ grade: 'C' }), item({ grade: 'A' }), item({ grade: 'C' }), item({ grade: 'B' })])).toEqual({
      topRight: 'Apple',
      bottomRight: 'Grade A, Grade B, Grade C',
    });
    // A grade the settings do not rank comes first, as before; one without a label shows its code.
    expect(
      group([
        item({ grade: 'D' }),
        item({ grade: 'C' }),
        item({ grade: 'Z' }),
        item({ grade: 'A' }),
        item({ grade: 'B' }),
      ]).bottomRight,
    ).toBe('Z, Grade A, Grade B +2');
    const capacities = { ...cornered, groupTopRightAttribute: 'capacity', attributeSortAlgorithm: 'Default' as const };
    const mixed = [
      item({ capacity: '1TB' }),
      item({ capacity: '' }),
      item({ capacity: '64GB' }),
      item({ capacity: '128GB' }),
    ].map((i) => ({ ...i, groupKey: 'same' }));
    expect(group(mixed, capacities).topRight).toBe('64GB, 128GB, 1TB');
    expect(
      group(
        [item({ capacity: '' })].map((i) => ({ ...i, attributes: {} })),
        capacities,
      ).topRight,
    ).toBeNull();
  });

  it("takes a group's lowest price from its priced items in stock, or from all its priced items when none is in stock", () => {
    const group = (items: StockItem[]) =>
      browseStock(items, settings, query({ category: 'PHONES', includeOutOfStock: true })).groups[0]!;
    const mixed = group([
      item({ listPrice: 90, quantityAvailable: 0 }),
      item({ listPrice: 120 }),
      item({ listPrice: null }),
      item({ listPrice: 110 }),
    ]);
    expect(mixed).toMatchObject({ minPrice: 110, showMinPriceSymbol: true });
    const onePrice = group([
      item({ listPrice: 80, quantityAvailable: 0 }),
      item({ listPrice: 120 }),
      item({ listPrice: 120 }),
    ]);
    expect(onePrice).toMatchObject({ minPrice: 120, showMinPriceSymbol: false });
    const noneInStock = group([
      item({ listPrice: 130, quantityAvailable: 0 }),
      item({ listPrice: 95, quantityAvailable: 0 }),
      item({ listPrice: null }),
    ]);
    expect(noneInStock).toMatchObject({ minPrice: 95, showMinPriceSymbol: true });
    const unpriced = group([item({ listPrice: null }), item({ listPrice: null, quantityAvailable: 0 })]);
    expect(unpriced).toMatchObject({ minPrice: null, showMinPriceSymbol: false });
  });

  it('sorts groups by the sort order attributes', () => {
    const result = browseStock(catalogue, settings, query({ category: 'PHONES' }));
    expect(result.groups.map((g) => g.title)).toEqual([
      'Apple iPhone 13 128GB',
      'Apple iPhone 13 256GB',
      'Samsung Galaxy S22 256GB',
      'Samsung Galaxy S23 128GB',
    ]);
  });
});

describe('opened groups', () => {
  it('carry their item rows; the others only their summary', () => {
    const result = browseStock(catalogue, settings, query({ category: 'PHONES' }), ['iPhone 13|128GB|MIA']);
    const opened = result.groups.find((g) => g.groupId === 'iPhone 13|128GB|MIA')!;
    expect(opened.items.map((i) => i.grade)).toEqual(['A', 'B']);
    expect(result.groups.filter((g) => g !== opened).every((g) => g.items.length === 0 && g.countOfItems > 0)).toBe(
      true,
    );
  });
});

describe('paging', () => {
  const many = Array.from({ length: 50 }, (_, i) => item({ model: `Model ${String(i).padStart(2, '0')}` }));

  it('shows 24 groups a page; the page count rounds up', () => {
    const result = browseStock(many, settings, query({ category: 'PHONES' }));
    expect(result.pageCount).toBe(3);
    expect(result.groups).toHaveLength(24);
    expect(browseStock(many, settings, query({ category: 'PHONES', page: 3 })).groups).toHaveLength(2);
  });

  it('keeps a page past the end on the last page', () => {
    const result = browseStock(many, settings, query({ category: 'PHONES', page: 99 }));
    expect(result.page).toBe(3);
    expect(result.query.page).toBe(3);
  });

  it('starts a list reset to the initial category on page 1', () => {
    const result = browseStock(many, settings, query({ category: 'PHONES', filters: { grade: ['C'] }, page: 2 }));
    expect(result).toMatchObject({ reset: true, page: 1, query: { page: 1 } });
  });

  it('gives an empty page for an empty stock', () => {
    const result = browseStock([], settings, query());
    expect(result).toMatchObject({ pageCount: 0, page: 1, groups: [], totals: { items: 0, quantity: '0' } });
  });
});

describe('a page of one filtered list asked for again', () => {
  it('describes each closed group once; an open group and another settings object are described anew', () => {
    const list = filterAndGroup(scanSource(catalogue, settings), settings, query());
    const [first, again] = [pageOf(list, settings, 1), pageOf(list, settings, 1)];
    expect(again.groups[0]).toBe(first.groups[0]);
    const opened = pageOf(list, settings, 1, [first.groups[0]!.groupId]);
    expect(opened.groups[0]).not.toBe(first.groups[0]);
    expect(opened.groups[0]!.items.length).toBeGreaterThan(0);
    const relabelled = { ...settings, warehouseLabels: { ...settings.warehouseLabels, MIA: 'Miami Beach' } };
    expect(pageOf(list, relabelled, 1).groups[0]!.warehouseLabel).toBe('Miami Beach');
  });
});
