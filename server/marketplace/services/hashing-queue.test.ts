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
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected').map((o) => o.reason as unknown);
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
