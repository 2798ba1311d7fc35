import { describe, expect, it } from 'vitest';
import { singleFlight } from './single-flight';

describe('singleFlight', () => {
  it('runs one lookup for the calls made while it is under way, and a new one after it settled', async () => {
    let runs = 0;
    const lookup = singleFlight(async (key: string) => {
      const run = (runs += 1);
      await new Promise((r) => setTimeout(r, 5));
      return `${key}:${run}`;
    });
    const together = await Promise.all([lookup('a'), lookup('a'), lookup('b')]);
    expect(together).toEqual(['a:1', 'a:1', 'b:2']);
    expect(await lookup('a')).toBe('a:3');
  });

  it('forgets a failed lookup so that the next call tries again', async () => {
    let fail = true;
    const lookup = singleFlight(async () => {
      if (fail) throw new Error('down');
      return 'up';
    });
    await expect(lookup('x')).rejects.toThrow('down');
    fail = false;
    expect(await lookup('x')).toBe('up');
  });
});
