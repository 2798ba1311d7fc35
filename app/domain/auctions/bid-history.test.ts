import { describe, expect, it } from 'vitest';
import { BID_HISTORY_PAGE_SIZE, historyPageCount, historyPageOf } from './bid-history';

describe('a lot’s bid history pages', () => {
  it('reads a page number from the URL, anything else as page 1', () => {
    expect(historyPageOf('3')).toBe(3);
    for (const text of [null, '', '0', '-2', '2.5', 'two', '1e3', ' 2', '9999999']) expect(historyPageOf(text)).toBe(1);
  });

  it('counts the pages of a history, one for none', () => {
    expect(historyPageCount(0)).toBe(1);
    expect(historyPageCount(BID_HISTORY_PAGE_SIZE)).toBe(1);
    expect(historyPageCount(BID_HISTORY_PAGE_SIZE + 1)).toBe(2);
    expect(historyPageCount(300)).toBe(Math.ceil(300 / BID_HISTORY_PAGE_SIZE));
  });
});
