import { describe, expect, it } from 'vitest';
import { changedLots, type LiveLot } from './live-changes';

const lot = (id: number, change: Partial<LiveLot> = {}): LiveLot => ({
  id,
  currentPrice: 10_000,
  bidCount: 1,
  endsAt: '2027-01-01T12:00:00.000Z',
  phase: 'OPEN',
  myStatus: 'HIGHEST',
  ...change,
});

describe('changedLots', () => {
  it('names the lots whose price, bids, end, phase or the buyer’s status moved, in the list’s order', () => {
    const before = [lot(1), lot(2), lot(3), lot(4), lot(5), lot(6)];
    const after = [
      lot(6, { myStatus: 'OUTBID' }),
      lot(1),
      lot(2, { currentPrice: 10_500, bidCount: 2 }),
      lot(3, { endsAt: '2027-01-01T12:02:00.000Z' }),
      lot(4, { phase: 'ENDED' }),
      lot(5),
    ];
    expect(changedLots(before, after).map((l) => l.id)).toEqual([6, 2, 3, 4]);
  });

  it('announces nothing on the first reading, nor for a lot that just came onto the list', () => {
    expect(changedLots([], [lot(1)])).toEqual([]);
    expect(changedLots([lot(1)], [lot(1), lot(2, { bidCount: 9 })])).toEqual([]);
  });
});
