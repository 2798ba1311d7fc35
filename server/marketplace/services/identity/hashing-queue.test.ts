import { describe, expect, it } from 'vitest';
import { createHashingQueue, HashingBusyError } from './hashing-queue';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('the hashing queue', () => {
  it('runs at most `running` hashes at once, lets `waiting` wait and refuses the rest at once', async () => {
    const queue = createHashingQueue({ running: 2, waiting: 3, expectedHashMs: 1000 });
    let now = 0;
    let most = 0;
    const hash = async () => {
      most = Math.max(most, ++now);
      await tick();
      now--;
      return 'hashed';
    };
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => queue.run(hash)));
    expect(most).toBe(2);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(5);
    const refused = outcomes
      .filter((o): o is PromiseRejectedResult => o.status === 'rejected')
      .map((o) => o.reason as unknown);
    expect(refused).toHaveLength(15);
    for (const reason of refused) {
      expect(reason).toBeInstanceOf(HashingBusyError);
      expect((reason as HashingBusyError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    }
    expect(queue.stats()).toEqual({ running: 0, waiting: 0, peakRunning: 2, refused: 15 });
  });

  it('a failed hash frees its slot', async () => {
    const queue = createHashingQueue({ running: 1, waiting: 1 });
    await expect(queue.run(() => Promise.reject(new Error('scrypt failed')))).rejects.toThrow('scrypt failed');
    await expect(queue.run(async () => 'next')).resolves.toBe('next');
    expect(queue.stats().running).toBe(0);
  });
});

describe('the hashing queue on a slow machine', () => {
  const slowHash = (ms: number) => () => new Promise((r) => setTimeout(r, ms));

  it('lets no more wait than the longest wait holds at the expected pace', async () => {
    const queue = createHashingQueue({ running: 1, waiting: 16, longestWaitMs: 100, expectedHashMs: 40 });
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => queue.run(slowHash(40))));
    // one running and two in line (2 x 40 ms fit in 100 ms)
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
  });

  it('learns the pace from the hashes that ran', async () => {
    const queue = createHashingQueue({ running: 1, waiting: 16, longestWaitMs: 100, expectedHashMs: 1 });
    for (let i = 0; i < 20; i++) await queue.run(slowHash(20));
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => queue.run(slowHash(20))));
    const done = outcomes.filter((o) => o.status === 'fulfilled').length;
    // about 100 / 20 in line, not the 16 the first estimate allowed
    expect(done).toBeGreaterThanOrEqual(4);
    expect(done).toBeLessThanOrEqual(8);
  });
});
