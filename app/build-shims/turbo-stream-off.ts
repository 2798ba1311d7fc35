/**
 * In the browser build in place of `turbo-stream` (vite.config.ts): Remix's client imports it for
 * single fetch, which this app does not turn on, so its decoder and encoder are never called.
 */
function singleFetchIsOff(): never {
  throw new Error('turbo-stream is left out of the browser build: single fetch (future.v3_singleFetch) is off');
}

export const decode = singleFetchIsOff;
export const encode = singleFetchIsOff;
