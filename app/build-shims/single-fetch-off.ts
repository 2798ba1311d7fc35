/**
 * In the browser build in place of Remix's `single-fetch.js` (vite.config.ts): the client imports
 * it, and through it turbo-stream, for single fetch, which this app does not turn on; Remix calls
 * these only when `future.v3_singleFetch` is set (docs/decisions/012-single-fetch-off.md).
 */
function singleFetchIsOff(): never {
  throw new Error('single fetch is left out of the browser build: future.v3_singleFetch is off');
}

export const StreamTransfer = singleFetchIsOff;
export const decodeViaTurboStream = singleFetchIsOff;
export const getSingleFetchDataStrategy = singleFetchIsOff;
export const singleFetchUrl = singleFetchIsOff;
