import { describe, expect, it } from 'vitest';
import { pgTable, text } from 'drizzle-orm/pg-core';
import type { ChangeFeed } from '../../db/change-feed';
import { keptUntilChanged } from './kept-until-changed';

const watched = pgTable('watched', { id: text('id') });
const other = pgTable('other', { id: text('id') });

/** A feed whose tables change when the test says so. */
function testFeed(exact = true) {
  const counts = new Map<string, number>();
  const feed: ChangeFeed = {
    exact,
    version: (tables) => tables.reduce((sum, t) => sum + (counts.get(t === watched ? 'watched' : 'other') ?? 0), 0),
  };
  return { feed, change: (name: 'watched' | 'other') => counts.set(name, (counts.get(name) ?? 0) + 1) };
}

function countingLookup() {
  let runs = 0;
  const lookup = async (key: string) => `${key}:${(runs += 1)}`;
  return { lookup, runs: () => runs };
}

describe('keptUntilChanged', () => {
  it('keeps each answer until a table it reads changes; other tables do not matter', async () => {
    const { feed, change } = testFeed();
    const { lookup, runs } = countingLookup();
    const kept = keptUntilChanged(feed, [watched], lookup);
    expect([await kept('a'), await kept('a'), await kept('b')]).toEqual(['a:1', 'a:1', 'b:2']);
    change('other');
    expect(await kept('a')).toBe('a:1');
    change('watched');
    expect([await kept('a'), await kept('b'), await kept('a')]).toEqual(['a:3', 'b:4', 'a:3']);
    expect(runs()).toBe(4);
  });

  it('drops an answer when its table changed while it was being read', async () => {
    const { feed, change } = testFeed();
    let runs = 0;
    const kept = keptUntilChanged(feed, [watched], async () => {
      runs += 1;
      if (runs === 1) change('watched');
      return runs;
    });
    expect(await kept('x')).toBe(1);
    expect(await kept('x')).toBe(2);
    expect(await kept('x')).toBe(2);
  });

  it('runs a query builder once: the kept answer is its promise, not the builder', async () => {
    const { feed } = testFeed();
    let runs = 0;
    const builder = { then: (resolve: (v: number) => void) => resolve((runs += 1)) };
    const kept = keptUntilChanged(feed, [watched], () => builder as unknown as Promise<number>);
    await kept('x');
    await kept('x');
    expect(runs).toBe(1);
  });

  it('tries again after a failed lookup', async () => {
    const { feed } = testFeed();
    let fail = true;
    const kept = keptUntilChanged(feed, [watched], async () => {
      if (fail) throw new Error('down');
      return 'up';
    });
    await expect(kept('x')).rejects.toThrow('down');
    fail = false;
    expect(await kept('x')).toBe('up');
  });

  it('keeps nothing on a feed that does not see every write (PostgreSQL replicas)', async () => {
    const { feed } = testFeed(false);
    const { lookup } = countingLookup();
    const kept = keptUntilChanged(feed, [watched, other], lookup);
    expect(await kept('a')).toBe('a:1');
    expect(await kept('a')).toBe('a:2');
  });
});
