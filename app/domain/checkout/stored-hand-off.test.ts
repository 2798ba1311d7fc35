import { describe, expect, it } from 'vitest';
import { clearHandOff, readHandOff, resumeForm, STORED_KEYS, storeHandOff } from './stored-hand-off';

const memory = () => {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
};

describe('the hand-off kept in the browser (spec 3 §9)', () => {
  it('keeps a new order under the checkout keys and reads it back for its warehouse only', () => {
    const store = memory();
    storeHandOff(store, { warehouseCode: 'MIA', warehouseLabel: 'Miami', offerIds: [3, 4], salesOrder: null });
    expect(store.map.get(STORED_KEYS.warehouseCode)).toBe('MIA');
    expect(store.map.get(STORED_KEYS.offerIds)).toBe('[3,4]');
    expect(readHandOff(store, 'Miami')).toEqual({
      warehouseCode: 'MIA',
      warehouseLabel: 'Miami',
      offerIds: [3, 4],
      salesOrder: null,
    });
    expect(readHandOff(store, 'Amsterdam')).toBeNull();
    expect(resumeForm(readHandOff(store, 'Miami')!)).toEqual([
      ['intent', 'checkout'],
      ['box', 'MIA'],
      ['offerId', '3'],
      ['offerId', '4'],
    ]);
  });

  it('keeps an addition to an open order under its own keys, and a new hand-off replaces the old', () => {
    const store = memory();
    storeHandOff(store, { warehouseCode: 'MIA', warehouseLabel: 'Miami', offerIds: [3], salesOrder: null });
    storeHandOff(store, { warehouseCode: 'AMS', warehouseLabel: 'Amsterdam', offerIds: [9], salesOrder: 'SO-1' });
    expect(store.map.has(STORED_KEYS.offerIds)).toBe(false);
    expect(resumeForm(readHandOff(store, 'Amsterdam')!)[0]).toEqual(['intent', 'add-to-existing-order']);
  });

  it('ignores tampered values, is cleared after a submit, and a browser refusing storage is no error', () => {
    const store = memory();
    storeHandOff(store, { warehouseCode: 'MIA', warehouseLabel: 'Miami', offerIds: [3], salesOrder: null });
    store.map.set(STORED_KEYS.offerIds, '["1 OR 1=1"]');
    expect(readHandOff(store, 'Miami')).toBeNull();
    clearHandOff(store);
    expect(store.map.size).toBe(0);
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() =>
      storeHandOff(refusing, { warehouseCode: 'MIA', warehouseLabel: 'Miami', offerIds: [3], salesOrder: null }),
    ).not.toThrow();
    expect(readHandOff(refusing, 'Miami')).toBeNull();
  });
});
