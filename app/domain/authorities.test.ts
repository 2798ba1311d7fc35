import { describe, expect, it } from 'vitest';
import { revokedAuthorities, revokedNotices } from './authorities';

describe('revokedAuthorities', () => {
  it('keeps what was held before and is not now, with earlier ones still missing', () => {
    expect(revokedAuthorities(['CAN_BUY_ONLINE', 'CAN_VIEW_ORDER'], ['CAN_VIEW_ORDER'])).toEqual(['CAN_BUY_ONLINE']);
    expect(revokedAuthorities(['CAN_VIEW_ORDER'], [], ['CAN_BUY_ONLINE'])).toEqual([
      'CAN_BUY_ONLINE',
      'CAN_VIEW_ORDER',
    ]);
  });
  it('forgets an authority given back', () => {
    expect(revokedAuthorities([], ['CAN_BUY_ONLINE'], ['CAN_BUY_ONLINE'])).toEqual([]);
  });
});

describe('revokedNotices', () => {
  it('says each loss once, the two order authorities as one, and ignores unknown ones', () => {
    expect(revokedNotices(['CAN_UPDATE_ORDER', 'CAN_BUY_ONLINE', 'CAN_VIEW_ORDER', 'SOMETHING_ELSE'])).toEqual([
      'revoked.buy',
      'revoked.orders',
    ]);
  });
});
