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
  /** Hashes that may wait for a turn at most; one more is refused at once. */
  waiting: number;
  /**
   * The longest a hash should wait for its turn: fewer may wait when hashes are slow (a busy
   * machine), going by how long the recent ones took. Default 5 s.
   */
  longestWaitMs?: number;
  /** What a hash is expected to take before any has run. */
  expectedHashMs?: number;
}

/** How much each finished hash moves the estimate of the next one's time. */
const ESTIMATE_WEIGHT = 0.2;

/**
 * A bounded queue in front of the password hashing. scrypt runs on libuv's threadpool (4 threads
 * unless UV_THREADPOOL_SIZE says otherwise), which file reads, zlib and DNS also wait for, and each
 * hash is a core's worth of CPU for a tenth of a second or more: a hundred sign-ins at once took every
 * thread and core, and every page waited behind them. Here at most `running` hashes run, at most
 * `waiting` wait (fewer when hashes are slow, so none waits much more than `longestWaitMs`), and the
 * rest are refused at once instead of piling up.
 */
export function createHashingQueue(options: HashingQueueOptions) {
  const line: (() => void)[] = [];
  let running = 0;
  let peakRunning = 0;
  let refused = 0;
  let expectedHashMs = options.expectedHashMs ?? 200;
  const longestWaitMs = options.longestWaitMs ?? 5000;
  /** Those in line wait about their place times a hash's time over the slots. */
  const mayWait = () => Math.min(options.waiting, Math.floor((longestWaitMs * options.running) / expectedHashMs));

  /** The slot goes straight to the next in line, if any, so `running` counts it throughout. */
  function release() {
    const next = line.shift();
    if (next) next();
    else running--;
  }

  return {
    async run<T>(hash: () => Promise<T>): Promise<T> {
      if (running >= options.running) {
        if (line.length >= mayWait()) {
          refused++;
          const aheadMs = ((line.length + options.running) * expectedHashMs) / options.running;
          throw new HashingBusyError(Math.max(1, Math.ceil(aheadMs / 1000)));
        }
        await new Promise<void>((resolve) => line.push(resolve));
      } else {
        running++;
      }
      peakRunning = Math.max(peakRunning, running);
      const started = performance.now();
      try {
        return await hash();
      } finally {
        expectedHashMs += ESTIMATE_WEIGHT * (performance.now() - started - expectedHashMs);
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
 * waiting line holds at most 16 per running hash and about five seconds of hashing at the pace of
 * the recent ones.
 */
export function defaultHashingQueue(): HashingQueue {
  const running = Math.max(1, Math.min(4, availableParallelism() - 1));
  return createHashingQueue({ running, waiting: 16 * running, longestWaitMs: 5000, expectedHashMs: 200 });
}
