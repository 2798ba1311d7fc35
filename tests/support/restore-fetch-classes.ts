import { afterAll } from 'vitest';

/**
 * Puts the platform's Response and Request back after the file: @hono/node-server's listener and the
 * server's string-keeping Response replace them, and the files of a fork share one global scope
 * (scripts/test.sh runs them with `--no-isolate`), where a later file's `instanceof Response` would
 * otherwise meet another class than the one its refusals are made of.
 */
export function restoreFetchClassesAfterAll(): { Response: typeof Response; Request: typeof Request } {
  const original = { Response: globalThis.Response, Request: globalThis.Request };
  afterAll(() => {
    for (const [name, value] of Object.entries(original))
      Object.defineProperty(globalThis, name, { value, writable: true, configurable: true });
  });
  return original;
}
