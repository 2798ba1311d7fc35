import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayQuantity, displayTotal } from './quantity';
import { applyFormChange, listSearch, parseOpenGroups, parseStockQuery, stockSearch, toggledOpen } from './query';
import { compareAttributeValues, sortValues } from './sort';
import { defaultWarehouseGroup } from './warehouse-groups';

const params = (search: string) => new URLSearchParams(search);

describe('query string', () => {
  it('reads comma lists, repeated parameters and attribute filters', () => {
    const query = parseStockQuery(
      params(
        'category=PHONES&warehouse=MIA,LAX&warehouse=DAL&includeOutOfStock=true&manufacturer=Apple,Samsung&grade=A&page=2',
      ),
    );
    expect(query).toEqual({
      warehouseGroup: undefined,
      category: 'PHONES',
      warehouses: ['MIA', 'LAX', 'DAL'],
      includeOutOfStock: true,
      filters: { manufacturer: ['Apple', 'Samsung'], grade: ['A'] },
      page: 2,
    });
  });

  it('survives garbage: negative or huge pages, empty lists, 10,000-character values, odd names', () => {
    const long = 'x'.repeat(10_000);
    const query = parseStockQuery(
      params(`page=-3&warehouse=,,,&category=${long}&model=${long}&${'%3Cscript%3E'}=1&gradeInfo=A`),
    );
    expect(query).toEqual({
      warehouseGroup: undefined,
      category: undefined,
      warehouses: [],
      includeOutOfStock: false,
      filters: {},
      page: 1,
    });
    expect(parseStockQuery(params('page=1e9')).page).toBe(1);
    expect(parseStockQuery(params('page=2.5')).page).toBe(1);
  });

  it('writes a canonical query string and reads it back', () => {
    const query = parseStockQuery(
      params('warehouseGroup=us&category=PHONES&warehouse=MIA,LAX&manufacturer=Apple&page=3'),
    );
    const search = stockSearch(query);
    expect(search).toBe('warehouseGroup=us&category=PHONES&warehouse=MIA%2CLAX&manufacturer=Apple&page=3');
    expect(parseStockQuery(params(search))).toEqual(query);
  });

  it('reads the group toggle form (the list, its open groups and `toggle`) back as the list with that group toggled', () => {
    const sent = params('warehouseGroup=us&category=PHONES&page=2&open=g1%2Cg2&toggle=g3');
    expect(parseStockQuery(sent).filters).toEqual({});
    const opened = toggledOpen(parseOpenGroups(sent), sent.get('toggle')!);
    expect(listSearch(parseStockQuery(sent), opened)).toBe(
      'warehouseGroup=us&category=PHONES&page=2&open=g1%2Cg2%2Cg3',
    );
    expect(toggledOpen(opened, 'g1')).toEqual(['g2', 'g3']);
    expect(listSearch(parseStockQuery(sent), [])).toBe('warehouseGroup=us&category=PHONES&page=2');
  });
});

describe('filter form changes', () => {
  const levels = (category: string) => (category === 'PHONES' ? ['manufacturer', 'model'] : ['manufacturer']);

  it('a new category clears the levels below it and the warehouse filter, but keeps grades', () => {
    const next = applyFormChange(
      params(
        'previousWarehouseGroup=us&previousCategory=PHONES&warehouseGroup=us&category=TABLETS&warehouse=MIA&manufacturer=Apple&model=X&grade=A&page=4',
      ),
      levels,
    );
    expect(next).toMatchObject({ category: 'TABLETS', warehouses: [], filters: { grade: ['A'] }, page: 1 });
  });

  it('a new warehouse group keeps only the out-of-stock switch and goes to page 1', () => {
    const next = applyFormChange(
      params(
        'previousWarehouseGroup=us&previousCategory=PHONES&warehouseGroup=eu&category=PHONES&includeOutOfStock=true&manufacturer=Apple',
      ),
      levels,
    );
    expect(next).toEqual({ warehouseGroup: 'eu', includeOutOfStock: true, warehouses: [], filters: {}, page: 1 });
  });

  it('a level left empty clears the levels below it', () => {
    const next = applyFormChange(
      params('previousWarehouseGroup=us&previousCategory=PHONES&warehouseGroup=us&category=PHONES&model=X&grade=A'),
      levels,
    );
    expect(next.filters).toEqual({ grade: ['A'] });
  });

  it('any other change keeps the filters and goes back to page 1', () => {
    const next = applyFormChange(
      params(
        'previousWarehouseGroup=us&previousCategory=PHONES&warehouseGroup=us&category=PHONES&manufacturer=Apple&page=3',
      ),
      levels,
    );
    expect(next).toMatchObject({ filters: { manufacturer: ['Apple'] }, page: 1 });
  });
});

describe('attribute sort algorithms', () => {
  it('Default sorts text as text and sizes by what they hold, before the text', () => {
    expect(sortValues(['128GB', '64GB', '1TB', '256GB'], 'Default')).toEqual(['64GB', '128GB', '256GB', '1TB']);
    expect(sortValues(['Black', '1 TB', 'iPhone 9', '512 MB', 'iPhone 11'], 'Default')).toEqual([
      '512 MB',
      '1 TB',
      'Black',
      'iPhone 11',
      'iPhone 9',
    ]);
    expect(compareAttributeValues('apple', 'Apple', 'Default')).toBe(0);
  });

  it('AlphanumericAsNumeric compares numbers as numbers and sizes by what they hold', () => {
    expect(sortValues(['128GB', '64GB', '1TB', '256GB', '512GB'], 'AlphanumericAsNumeric')).toEqual([
      '64GB',
      '128GB',
      '256GB',
      '512GB',
      '1TB',
    ]);
    expect(sortValues(['iPhone 11 Pro', 'iPhone 9', 'iPhone 11', 'iPad'], 'AlphanumericAsNumeric')).toEqual([
      'iPad',
      'iPhone 9',
      'iPhone 11',
      'iPhone 11 Pro',
    ]);
    expect(sortValues(['Galaxy S23 256 GB', 'Galaxy S23 1TB', 'Galaxy S23 128GB'], 'AlphanumericAsNumeric')).toEqual([
      'Galaxy S23 128GB',
      'Galaxy S23 256 GB',
      'Galaxy S23 1TB',
    ]);
    expect(compareAttributeValues('apple', 'Apple', 'AlphanumericAsNumeric')).toBe(0);
  });

  it('is a total order (sorting any shuffle gives one answer)', () => {
    const values = ['2 SIM', '128GB', '1TB', 'x', '64GB', 'Apple', '10', '9', 'a1', 'a10', 'a2', '1.5TB', ''];
    for (const algorithm of ['Default', 'AlphanumericAsNumeric'] as const) {
      const sorted = sortValues(values, algorithm);
      fc.assert(
        fc.property(fc.shuffledSubarray(values, { minLength: values.length }), (shuffled) => {
          expect(sortValues(shuffled, algorithm)).toEqual(sorted);
        }),
      );
    }
  });
});

describe('displayed quantities', () => {
  it('caps at the maximum with a plus sign', () => {
    expect(displayQuantity(501, 500)).toBe('500+');
    expect(displayQuantity(500, 500)).toBe('500');
    expect(displayQuantity(-4, 500)).toBe('0');
    expect(displayQuantity(9000)).toBe('9000');
    expect(displayTotal([10, 600, 20], 500)).toBe('530+');
    expect(displayTotal([10, 20], 500)).toBe('30');
  });
});

describe('default warehouse group', () => {
  const participant = (id: string, order: number | null, itemsCount: number, hasSettings = true, isOwn = false) => ({
    pxnParticipantId: id,
    isOwn,
    warehouseGroupSelectOrder: order,
    hasSettings,
    itemsCount,
    warehouseGroups: [
      { id: `${id}-small`, itemsCount: Math.floor(itemsCount / 3) },
      { id: `${id}-big`, itemsCount: itemsCount - Math.floor(itemsCount / 3) },
    ],
  });

  it('is the participant with the lowest select order that has items and settings', () => {
    const chosen = defaultWarehouseGroup(
      [participant('a', 1, 0), participant('b', 3, 10), participant('c', 2, 10, false), participant('d', 2, 5)],
      null,
    );
    expect(chosen).toBe('d-big');
  });

  it("prefers the buyer's own participant when no order is set", () => {
    expect(defaultWarehouseGroup([participant('a', null, 10), participant('b', null, 10)], 'b')).toBe('b-big');
    expect(defaultWarehouseGroup([participant('a', null, 10), participant('own', null, 10, true, true)], null)).toBe(
      'own-big',
    );
  });
});
