import { json as remixJson, type TypedResponse } from '@remix-run/node';

/** Where the portal's server (server/http/string-bodies.ts) puts its maker of data responses: on the global Response. */
export const DATA_RESPONSE = Symbol.for('buyer-portal.data-response');

export type MakeDataResponse = (data: unknown, init: ResponseInit) => Response;

/**
 * Remix's json(), for loaders and actions. On the portal's server the data is kept as it is rather
 * than written out at once: on a document request Remix reads a loader's answer straight back
 * (parsing what was just written, about 0.2 ms of a stock page) before it renders the page and
 * writes the page's handoff itself. The data is written as JSON only when it is sent as data (a
 * navigation with scripts). Without that server (unit tests) it is Remix's json().
 */
export function json<Data>(data: Data, init: number | ResponseInit = {}): TypedResponse<Data> {
  const make = (globalThis.Response as { [DATA_RESPONSE]?: MakeDataResponse })[DATA_RESPONSE];
  if (!make) return remixJson(data, init);
  const responseInit = typeof init === 'number' ? { status: init } : init;
  const headers = new Headers(responseInit.headers);
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json; charset=utf-8');
  return make(data, { ...responseInit, headers }) as TypedResponse<Data>;
}
