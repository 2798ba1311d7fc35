import { describe, expect, it } from 'vitest';
import { parseBidEntry } from './bid-entry';
import { timeLeft } from './time-left';

describe('a typed maximum bid', () => {
  it('reads a whole amount, with spaces or thousands separators, in minor units', () => {
    expect(parseBidEntry('560')).toEqual({ amount: 56_000 });
    expect(parseBidEntry(' 1 250 ')).toEqual({ amount: 125_000 });
    expect(parseBidEntry('1,250')).toEqual({ amount: 125_000 });
    expect(parseBidEntry('1.250.000')).toEqual({ amount: 125_000_000 });
  });

  it('says why it refuses the rest', () => {
    expect(parseBidEntry('')).toEqual({ error: 'auctions.bid.errors.required' });
    expect(parseBidEntry('560.50')).toEqual({ error: 'auctions.bid.errors.notWhole' });
    expect(parseBidEntry('12abc')).toEqual({ error: 'auctions.bid.errors.notWhole' });
    expect(parseBidEntry('-5')).toEqual({ error: 'auctions.bid.errors.notPositive' });
    expect(parseBidEntry('0')).toEqual({ error: 'auctions.bid.errors.notPositive' });
    expect(parseBidEntry('99999999999')).toMatchObject({ error: 'auctions.bid.errors.aboveLimit' });
  });
});

describe('time left', () => {
  it('says days and hours, hours and minutes, minutes and seconds, or ended', () => {
    const now = Date.parse('2026-11-29T10:00:00Z');
    expect(timeLeft('2026-12-01T13:30:00Z', now)).toEqual({ key: 'auctions.left.days', values: { days: 2, hours: 3 } });
    expect(timeLeft('2026-11-29T12:05:00Z', now)).toEqual({
      key: 'auctions.left.hours',
      values: { hours: 2, minutes: 5 },
    });
    expect(timeLeft('2026-11-29T10:01:30Z', now)).toEqual({
      key: 'auctions.left.minutes',
      values: { minutes: 1, seconds: 30 },
    });
    expect(timeLeft('2026-11-29T10:00:00Z', now)).toEqual({ key: 'auctions.left.ended', values: {} });
  });
});
