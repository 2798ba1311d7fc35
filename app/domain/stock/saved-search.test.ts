import { describe, expect, it } from 'vitest';
import type { StockItem } from './engine';
import { parseStockQuery } from './query';
import {
  matchChanges,
  MAX_SEEN_ITEMS,
  parseSeen,
  sameName,
  SAVED_SEARCH_NAME_MAX,
  savedQuery,
  savedQueryOf,
  savedSearchName,
  savedSearchPath,
  seenOf,
} from './saved-search';

const item = (n: number, listPrice: number | null = 100, listed = n): StockItem => ({
  itemNumber: `IT-${n}`,
  itemNumberWarehouse: `IT-${n}-MIA`,
  warehouse: 'MIA',
  category: 'PHONES',
  groupKey: 'g',
  groupTitle: 'Group',
  groupDescription: '',
  skuDescription: `Item ${n}`,
  grade: 'A',
  attributes: {},
  quantityAvailable: 5,
  listPrice,
  incrementSize: 1,
  minimumCheckoutQuantity: 1,
  pendingOrderItemCount: 0,
  listed,
});

describe('saved search names', () => {
  it('collapse spaces, and are required and bounded', () => {
    expect(savedSearchName('  iPhone   13 ')).toEqual({ name: 'iPhone 13' });
    expect(savedSearchName(' \t ')).toEqual({ error: 'saveSearch.nameRequired' });
    expect(savedSearchName('é'.repeat(SAVED_SEARCH_NAME_MAX))).toEqual({ name: 'é'.repeat(SAVED_SEARCH_NAME_MAX) });
    expect(savedSearchName('x'.repeat(SAVED_SEARCH_NAME_MAX + 1))).toEqual({ error: 'saveSearch.nameTooLong' });
  });

  it('are the same whatever their case and spacing', () => {
    expect(sameName('iPhone  13', 'iphone 13 ')).toBe(true);
    expect(sameName('iPhone 13', 'iPhone 14')).toBe(false);
  });
});

describe('the saved query', () => {
  it('is the list’s canonical query on page 1, without opened groups or dialogs', () => {
    const query = parseStockQuery(
      new URLSearchParams('sort=price&page=4&q=ipad&open=a,b&dialog=import&category=TABLETS&warehouse=MIA,LAX'),
    );
    expect(savedQuery(query)).toBe('q=ipad&category=TABLETS&warehouse=MIA%2CLAX&sort=price');
    expect(savedQuery(savedQueryOf(savedQuery(query)))).toBe(savedQuery(query));
    expect(savedSearchPath('')).toBe('/stock');
    expect(savedSearchPath('q=ipad')).toBe('/stock?q=ipad');
  });
});

describe('the changes an alert run finds', () => {
  it('are new matches and lower prices since the last run, each found once', () => {
    const seen = seenOf([item(1, 100), item(2, 200), item(3, null)]);
    const now = [item(1, 90), item(2, 210), item(3, 50), item(4, 10)];
    const changes = matchChanges(seen, now);
    expect(changes.added.map((i) => i.itemNumber)).toEqual(['IT-4']);
    expect(changes.cheaper.map((c) => [c.item.itemNumber, c.previousPrice])).toEqual([['IT-1', 100]]);
    const again = matchChanges(changes.seen, now);
    expect(again.added).toEqual([]);
    expect(again.cheaper).toEqual([]);
  });

  it('count an item back after it left the matches as new', () => {
    const gone = matchChanges(seenOf([item(1), item(2)]), [item(1)]);
    expect(matchChanges(gone.seen, [item(1), item(2)]).added.map((i) => i.itemNumber)).toEqual(['IT-2']);
  });

  it('stay bounded: past the bound only items listed since the last run are new', () => {
    const many = Array.from({ length: MAX_SEEN_ITEMS + 50 }, (_, i) => item(i + 1));
    const seen = seenOf(many);
    expect(Object.keys(seen.prices)).toHaveLength(MAX_SEEN_ITEMS);
    expect(seen.complete).toBe(false);
    const changes = matchChanges(seen, [...many, item(MAX_SEEN_ITEMS + 100)]);
    expect(changes.added.map((i) => i.itemNumber)).toEqual([`IT-${MAX_SEEN_ITEMS + 100}`]);
  });

  it('read a stored baseline without trusting it', () => {
    expect(parseSeen(null)).toEqual({ prices: {}, complete: true, listedUpTo: 0 });
    expect(parseSeen({ prices: { a: 1, b: 'x', c: null }, complete: false, listedUpTo: 7 })).toEqual({
      prices: { a: 1, c: null },
      complete: false,
      listedUpTo: 7,
    });
  });
});
