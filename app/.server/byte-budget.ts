import { getEnv } from './env';
import { MAX_FORM_BYTES } from './forms';
import { RETURN_LIMITS } from '~/domain/returns/rules';

/**
 * Bytes of uploads the process holds at once. A request takes what its body declares before reading
 * it and gives it back when done; one that finds too little free waits its turn (first come, first
 * served) and gets null when the wait runs out or its client goes away, to answer "busy" instead.
 */
export class ByteBudget {
  #free: number;
  readonly #waiting: { bytes: number; grant: () => void }[] = [];

  constructor(readonly capacity: number) {
    this.#free = capacity;
  }

  get free() {
    return this.#free;
  }

  /** Takes `bytes` (at most the whole budget) within `waitMs`: the release, or null. */
  take(bytes: number, waitMs: number, signal?: AbortSignal): Promise<(() => void) | null> {
    const wanted = Math.min(Math.max(0, bytes), this.capacity);
    if (this.#waiting.length === 0 && wanted <= this.#free) {
      this.#free -= wanted;
      return Promise.resolve(this.#release(wanted));
    }
    if (signal?.aborted) return Promise.resolve(null);
    return new Promise((resolve) => {
      const giveUp = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', giveUp);
        const at = this.#waiting.indexOf(entry);
        if (at >= 0) this.#waiting.splice(at, 1);
        resolve(null);
        // The one that gave up may have been what held the others back.
        this.#grant();
      };
      const entry = {
        bytes: wanted,
        grant: () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', giveUp);
          resolve(this.#release(wanted));
        },
      };
      const timer = setTimeout(giveUp, waitMs);
      signal?.addEventListener('abort', giveUp, { once: true });
      this.#waiting.push(entry);
    });
  }

  #release(bytes: number) {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.#free += bytes;
      this.#grant();
    };
  }

  #grant() {
    while (this.#waiting.length && this.#waiting[0]!.bytes <= this.#free) {
      const next = this.#waiting.shift()!;
      this.#free -= next.bytes;
      next.grant();
    }
  }
}

/** The largest body of a return request: its photos and the form around them. */
export const PHOTO_REQUEST_BODY_BYTES = RETURN_LIMITS.photoRequestBytes + MAX_FORM_BYTES;

/**
 * Return photos held at once: two requests of the largest size. Each holds its photos about once
 * while it is stored (issue 49: six of 25 MB at once took the server past 1 GB); the others wait.
 */
export const PHOTO_BYTES_IN_FLIGHT = 2 * PHOTO_REQUEST_BODY_BYTES;
/** How long a request waits for its turn before the buyer is asked to send it again (PHOTO_WAIT_SECONDS). */
export const photoWaitMs = () => getEnv().PHOTO_WAIT_SECONDS * 1000;

const KEY = Symbol.for('buyer-portal.photo-bytes-in-flight');

/**
 * The process's one budget for return photos, shared by the portal's form and the tenant API's
 * route. The portal's build and the server's are separate bundles, each with its own copy of this
 * module, so the budget is kept on globalThis.
 */
export function photoBytesInFlight(): ByteBudget {
  const shared = globalThis as { [KEY]?: ByteBudget };
  return (shared[KEY] ??= new ByteBudget(PHOTO_BYTES_IN_FLIGHT));
}

/** What a request's body will hold at most: its declared length, or the largest allowed when it declares none. */
export function declaredBytes(headers: Headers, largest: number): number {
  const declared = Number(headers.get('content-length') ?? NaN);
  return Number.isSafeInteger(declared) && declared >= 0 ? Math.min(declared, largest) : largest;
}
