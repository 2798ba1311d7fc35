import { availableParallelism } from 'node:os';

/** The waiting line is full: the caller should answer "busy, try again in `retryAfterSeconds`". */
export class HashingBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Too many password checks at once');
  }
}

export interface HashingQueueOptions {
  /** Hashes that may run at once. */
  running: number;
  /** Hashes that may wait for a turn; one more is refused at once. */
  waiting: number;
  /** What a hash is expected to take, for the Retry-After of a refusal. */
  expectedHashMs?: number;
}

/**
 * A bounded queue in front of the password hashing. scrypt runs on libuv's threadpool (4 threads
 * unless UV_THREADPOOL_SIZE says otherwise), which file reads, zlib and DNS also wait for, and each
 * hash is a core's worth of CPU for a tenth of a second or more: a hundred sign-ins at once took every
 * thread and core, and every page waited behind them. Here at most `running` hashes run, at most
 * `waiting` wait, and the rest are refused at once instead of piling up.
 */
export function createHashingQueue(options: HashingQueueOptions) {
  const line: (() => void)[] = [];
  let running = 0;
  let peakRunning = 0;
  let refused = 0;
  const expectedHashMs = options.expectedHashMs ?? 200;

  /** The slot goes straight to the next in line, if any, so `running` counts it throughout. */
  function release() {
    const next = line.shift();
    if (next) next();
    else running--;
  }

  return {
    async run<T>(hash: () => Promise<T>): Promise<T> {
      if (running >= options.running) {
        if (line.length >= options.waiting) {
          refused++;
          const aheadMs = ((line.length + options.running) * expectedHashMs) / options.running;
          throw new HashingBusyError(Math.max(1, Math.ceil(aheadMs / 1000)));
        }
        await new Promise<void>((resolve) => line.push(resolve));
      } else {
        running++;
      }
      peakRunning = Math.max(peakRunning, running);
      try {
        return await hash();
      } finally {
        release();
      }
    },
    /** How it is doing: hashes running and waiting now, the most ever running at once, refusals. */
    stats: () => ({ running, waiting: line.length, peakRunning, refused }),
  };
}

export type HashingQueue = ReturnType<typeof createHashingQueue>;

/**
 * One core is left to the server (pages, the database); on two cores one hash runs at a time. The
 * waiting line holds about three seconds of hashing at the expected pace.
 */
export function defaultHashingQueue(): HashingQueue {
  const running = Math.max(1, Math.min(4, availableParallelism() - 1));
  return createHashingQueue({ running, waiting: 16 * running, expectedHashMs: 200 });
}
