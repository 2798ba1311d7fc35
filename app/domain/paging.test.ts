import { describe, expect, it } from 'vitest';
import { shownPages } from './paging';

describe('shownPages', () => {
  it('links the first and last pages and two each side of the current one', () => {
    expect(shownPages(1, 200)).toEqual([1, 2, 3, 200]);
    expect(shownPages(100, 200)).toEqual([1, 98, 99, 100, 101, 102, 200]);
    expect(shownPages(200, 200)).toEqual([1, 198, 199, 200]);
    expect(shownPages(1, 1)).toEqual([1]);
  });
});
