import { describe, expect, it } from 'vitest';
import { bidderStatus, type LotForStatus } from './bidder-status';

const open: LotForStatus = { status: 'ACTIVE', outcome: null, ended: false, leaderBuyerId: 1, reserveMet: true };

describe('a bidder’s status on a lot', () => {
  it('says highest, reserve not met or outbid while the lot is open, and nothing to one who never bid', () => {
    expect(bidderStatus(open, 1, true)).toBe('HIGHEST');
    expect(bidderStatus({ ...open, reserveMet: false }, 1, true)).toBe('RESERVE_NOT_MET');
    expect(bidderStatus(open, 2, true)).toBe('OUTBID');
    expect(bidderStatus(open, 2, false)).toBeNull();
  });

  it('says won or lost once closed; a reserve not met sells to nobody', () => {
    const sold = { ...open, status: 'CLOSED', outcome: 'SOLD', ended: true };
    expect(bidderStatus(sold, 1, true)).toBe('WON');
    expect(bidderStatus(sold, 2, true)).toBe('LOST');
    const unsold = { ...sold, outcome: 'RESERVE_NOT_MET', reserveMet: false };
    expect(bidderStatus(unsold, 1, true)).toBe('RESERVE_NOT_MET');
    expect(bidderStatus(unsold, 2, true)).toBe('LOST');
  });
});
