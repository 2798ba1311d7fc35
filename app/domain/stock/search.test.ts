import { describe, expect, it } from 'vitest';
import type { StockItem } from './engine';
import { itemMatches, searchTerms } from './search';

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
});
