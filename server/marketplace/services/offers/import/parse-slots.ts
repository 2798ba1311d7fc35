import { ApiError } from '../../../errors';

/**
 * How many spreadsheets this process reads at once. Each read holds its file, exceljs's or
 * SheetJS's working set and a CPU: a few at once keep the server's memory and its other requests
 * within bounds whatever is uploaded. The rest wait their turn in a short queue, for a while; past
 * that they are answered at once that the import is busy (a 503 the upload dialog shows).
 */
export interface ParseSlotsOptions {
  /** Reads at once. */
  atOnce: number;
  /** Uploads waiting for a slot; one more is turned away. */
  queue: number;
  /** How long an upload waits for a slot before it is turned away. */
  waitMs: number;
}

export const PARSE_SLOTS: ParseSlotsOptions = { atOnce: 2, queue: 8, waitMs: 20_000 };

export const importBusy = () =>
  new ApiError(503, 'importBusy', 'Too many files are being imported just now; please try again in a minute');

export function parseSlots({ atOnce, queue, waitMs }: ParseSlotsOptions) {
  let running = 0;
  const waiting: (() => void)[] = [];

  function release() {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }

  /** Waits for a slot (the slot passes straight from one read to the next waiting one). */
  function acquire(): Promise<void> {
    if (running < atOnce) {
      running++;
      return Promise.resolve();
    }
    if (waiting.length >= queue) return Promise.reject(importBusy());
    return new Promise<void>((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(turn), 1);
        reject(importBusy());
      }, waitMs);
      waiting.push(turn);
    });
  }

  return {
    /** Runs `read` in a slot, waiting for one if all are taken. */
    async run<T>(read: () => Promise<T>): Promise<T> {
      await acquire();
      try {
        return await read();
      } finally {
        release();
      }
    },
    /** Reads under way and uploads waiting, for tests and metrics. */
    get load() {
      return { running, waiting: waiting.length };
    },
  };
}
