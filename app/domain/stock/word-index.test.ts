import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StockItem } from './engine';
import { foldText, itemSearchText } from './search';
import { positionsHolding, wordIndex } from './word-index';

const itemOf = (itemNumber: string, title: string): StockItem => ({
  itemNumber,
  itemNumberWarehouse: `${itemNumber}-MIA`,
  warehouse: 'MIA',
  category: 'PHONES',
  groupKey: title,
  groupTitle: title,
  groupDescription: '',
  skuDescription: '',
  grade: 'A',
  attributes: {},
  quantityAvailable: 1,
  listPrice: 100,
  incrementSize: 1,
  minimumCheckoutQuantity: 1,
  pendingOrderItemCount: 0,
  listed: 0,
});

// Item numbers of letters, digits, '-' and characters the runs share one code for ('/', '.', 'é', 'ß').
const chars = fc.constantFrom(...'ab1-2/.éßIP'.split(''), '12');
const itemNumber = fc.array(chars, { minLength: 1, maxLength: 9 }).map((c) => c.join(''));
const itemsArb = fc
  .array(
    fc.tuple(itemNumber, fc.constantFrom('Apple iPhone 11', 'Apple iPhone 12 128 GB', 'Pixel 8 Pro', 'Galaxy S21')),
    { minLength: 1, maxLength: 60 },
  )
  .map((rows) => rows.map(([n, t]) => itemOf(n, t)));
const termArb = fc.array(chars, { minLength: 1, maxLength: 5 }).map((c) => foldText(c.join('')));

const escape = (s: string) => s.replace(/[\\^$.*+?()[\]{}|-]/g, '\\$&');
/** A word as a regular expression: a number at either of its ends is not joined to another digit there. */
const whole = (term: string) =>
  new RegExp(`${/^\d/.test(term) ? '(?<!\\d)' : ''}${escape(term)}${/\d$/.test(term) ? '(?!\\d)' : ''}`);
const plainScan = (items: StockItem[], terms: string[]) =>
  items.flatMap((item, position) =>
    terms.every((term) => whole(term).test(foldText(item.itemNumber)) || whole(term).test(itemSearchText(item)))
      ? [position]
      : [],
  );

describe('the word index', () => {
  it('finds the same items through the runs of item numbers as through their joined text, and as a plain scan', () => {
    fc.assert(
      fc.property(itemsArb, fc.array(termArb, { minLength: 1, maxLength: 3 }), (items, terms) => {
        const throughRuns = [...positionsHolding(wordIndex(items, 0), terms, null)];
        expect(throughRuns).toEqual([...positionsHolding(wordIndex(items, Infinity), terms, null)]);
        expect(throughRuns).toEqual(plainScan(items, terms));
      }),
      { numRuns: 500 },
    );
  });

  it('indexes the runs only of item numbers longer in all than the threshold', () => {
    const items = [itemOf('IP11-64GB-BLA', 'Apple iPhone 11'), itemOf('IP11-128GB-WHI', 'Apple iPhone 11')];
    expect(wordIndex(items, 0).numbers.grams).not.toBeNull();
    expect(wordIndex(items).numbers.grams).toBeNull();
    expect([...positionsHolding(wordIndex(items, 0), ['128gb'], null)]).toEqual([1]);
    expect([...positionsHolding(wordIndex(items, 0), ['ip11', 'bla'], null)]).toEqual([0]);
    expect([...positionsHolding(wordIndex(items, 0), ['ip1'], null)]).toEqual([]);
    expect([...positionsHolding(wordIndex(items, Infinity), ['12'], null)]).toEqual([]);
  });
});
