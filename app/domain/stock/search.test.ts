import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StockItem } from './engine';
import { foldText, itemMatches, itemSearchText, searchTerms } from './search';

const item: StockItem = {
  itemNumber: 'APL-IP13-128-BLK',
  itemNumberWarehouse: 'APL-IP13-128-BLK-MIA',
  warehouse: 'MIA',
  category: 'PHONES',
  groupKey: 'g',
  groupTitle: 'Apple iPhone 13',
  groupDescription: 'Unlocked, tested',
  skuDescription: 'iPhone 13 128GB Midnight',
  grade: 'A',
  attributes: { manufacturer: 'Apple', capacity: '128GB', colour: 'Écru' },
  quantityAvailable: 1,
  listPrice: 100,
  incrementSize: 1,
  minimumCheckoutQuantity: 1,
  pendingOrderItemCount: 0,
};

describe('stock search', () => {
  it('reads words, folded and each once, and at most eight', () => {
    expect(searchTerms('  iPhone   ÉCRU iphone ')).toEqual(['iphone', 'ecru']);
    expect(searchTerms('')).toEqual([]);
    expect(searchTerms(undefined)).toEqual([]);
    expect(searchTerms('a b c d e f g h i j')).toHaveLength(8);
  });

  it('matches every word anywhere in the number, model, descriptions and attribute values', () => {
    expect(itemMatches(item, searchTerms('iphone 128'))).toBe(true);
    expect(itemMatches(item, searchTerms('ip13-128'))).toBe(true);
    expect(itemMatches(item, searchTerms('ecru midnight'))).toBe(true);
    expect(itemMatches(item, searchTerms('unlocked apple'))).toBe(true);
    expect(itemMatches(item, searchTerms('iphone 256'))).toBe(false);
    expect(itemMatches(item, searchTerms('samsung'))).toBe(false);
  });

  it('matches numbers whole: "12" finds iPhone 12, not 128GB; a size matches written together or apart', () => {
    const model = (title: string, capacity: string, itemNumber: string): StockItem => ({
      ...item,
      itemNumber,
      groupTitle: title,
      skuDescription: `${title} ${capacity}`,
      attributes: { capacity },
    });
    const iphone11 = model('Apple iPhone 11', '128GB', 'IP11-128-BLK');
    const iphone12 = model('Apple iPhone 12', '64GB', 'IP12-64-BLK');
    const apart = model('Apple iPhone 12', '128 GB', 'IP12-128-RED');
    expect([iphone11, iphone12, apart].filter((i) => itemMatches(i, searchTerms('iPhone 12')))).toEqual([
      iphone12,
      apart,
    ]);
    expect([iphone11, iphone12, apart].filter((i) => itemMatches(i, searchTerms('128GB')))).toEqual([iphone11, apart]);
    expect([iphone11, iphone12, apart].filter((i) => itemMatches(i, searchTerms('128 gb')))).toEqual([iphone11, apart]);
    expect(itemMatches(iphone11, searchTerms('ip11-128'))).toBe(true);
    expect(itemMatches(iphone11, searchTerms('ip1'))).toBe(false);
    expect(itemMatches(iphone12, searchTerms('4gb'))).toBe(false);
    expect(itemMatches(iphone12, searchTerms('iphone'))).toBe(true);
  });

  it('finds an item exactly when each word is in its texts without a digit joined to a number at its ends', () => {
    const escape = (s: string) => s.replace(/[\\^$.*+?()[\]{}|-]/g, '\\$&');
    // A reference written apart from the code: a regular expression per word, looking around its ends.
    const whole = (term: string) =>
      new RegExp(`${/^\d/.test(term) ? '(?<!\\d)' : ''}${escape(term)}${/\d$/.test(term) ? '(?!\\d)' : ''}`);
    const piece = fc.constantFrom('1', '2', '12', '128', 'gb', 'GB', ' ', '-', 'ip', 'é', 'x');
    const text = fc.array(piece, { maxLength: 8 }).map((p) => p.join(''));
    fc.assert(
      fc.property(
        text,
        text,
        fc.array(
          fc.array(piece, { minLength: 1, maxLength: 4 }).map((p) => p.join('')),
          { minLength: 1, maxLength: 3 },
        ),
        (number, title, words) => {
          const it: StockItem = {
            ...item,
            itemNumber: number,
            groupTitle: title,
            groupDescription: '',
            skuDescription: '',
            attributes: {},
          };
          const terms = searchTerms(words.join(' '));
          const expected = terms.every(
            (term) => whole(term).test(foldText(number)) || whole(term).test(itemSearchText(it)),
          );
          expect(itemMatches(it, terms)).toBe(expected);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
