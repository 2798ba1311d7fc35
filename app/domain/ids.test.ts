import { describe, expect, it } from 'vitest';
import { idListSchema, idSchema, idTextSchema, MAX_ID } from './ids';

describe('ids at the boundary', () => {
  it('are positive 32-bit integers', () => {
    expect(idSchema.safeParse(1).success).toBe(true);
    expect(idSchema.safeParse(MAX_ID).success).toBe(true);
    for (const id of [0, -1, 1.5, MAX_ID + 1, 2 ** 53, Number.NaN, Infinity, '1', null]) {
      expect(idSchema.safeParse(id).success, String(id)).toBe(false);
    }
  });

  it('are one to five thousand in a list', () => {
    expect(idListSchema.safeParse([1, 2]).success).toBe(true);
    expect(idListSchema.safeParse([]).success).toBe(false);
    expect(idListSchema.safeParse([2147483648]).success).toBe(false);
    expect(idListSchema.safeParse(Array.from({ length: 5001 }, (_, i) => i + 1)).success).toBe(false);
  });

  it('are written in ASCII digits in paths and forms, within the same range', () => {
    expect(idTextSchema.parse('42')).toBe(42);
    expect(idTextSchema.parse('2147483647')).toBe(MAX_ID);
    for (const text of ['0', '007', '-1', '1.0', '1e3', ' 1', '2147483648', '99999999999', '٣', '５', '']) {
      expect(idTextSchema.safeParse(text).success, text).toBe(false);
    }
  });

  it('say which rule a refused id breaks: zero is not positive, anything else is not written in digits', () => {
    expect(idTextSchema.safeParse('0').error?.issues[0]?.message).toBe('an id is positive');
    expect(idTextSchema.safeParse('007').error?.issues[0]?.message).toBe('an id is written in digits');
    expect(idTextSchema.safeParse('2147483648').error?.issues[0]?.message).toBe('an id is at most 2147483647');
  });
});
