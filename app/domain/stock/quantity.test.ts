import { describe, expect, it } from 'vitest';
import { badgeCount, displayTotal, localQuantity } from './quantity';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('quantities as shown', () => {
  it('writes a displayed total as the language writes numbers, keeping the +', () => {
    expect(localQuantity('16733+', 'en')).toEqual({ count: 16733, text: '16,733+' });
    expect(plain(localQuantity('16733', 'fr').text)).toBe('16 733');
    expect(localQuantity('1', 'en')).toEqual({ count: 1, text: '1' });
  });

  it('leaves anything else as it is', () => {
    expect(localQuantity('—', 'en').text).toBe('—');
  });

  it('caps badges and totals', () => {
    expect(badgeCount(1_000_000)).toBe('999999+');
    expect(displayTotal([5, 2000], 1000)).toBe('1005+');
  });
});
