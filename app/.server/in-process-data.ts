import { json as remixJson, type TypedResponse } from '@remix-run/node';

/** Where the portal's server (server/http/string-bodies.ts) puts its maker of data responses: on the global Response. */
export const DATA_RESPONSE = Symbol.for('buyer-portal.data-response');

export type MakeDataResponse = (data: unknown, init: ResponseInit) => Response;

/** The maker of data responses, when the portal's server put one in place. */
export function dataResponseMaker(): MakeDataResponse | undefined {
  return (globalThis.Response as { [DATA_RESPONSE]?: MakeDataResponse })[DATA_RESPONSE];
}

/** The method of a data response that hands over its data as it is, once (string-bodies.ts). */
export const TAKE_DATA = Symbol.for('buyer-portal.take-data');

/**
 * The data of a data response made in this process, as it is and once: no JSON written or parsed,
 * and no copy (the caller checks it with a schema, whose output is its own). Null for any other
 * response, or one whose body was read.
 */
export function takenData(response: Response): { data: unknown } | null {
  const take = (response as { [TAKE_DATA]?: () => { data: unknown } | null })[TAKE_DATA];
  return take ? take.call(response) : null;
}

/**
 * Remix's json(), for loaders and actions. On the portal's server the data is kept as it is rather
 * than written out at once: on a document request Remix reads a loader's answer straight back
 * (parsing what was just written, about 0.2 ms of a stock page) before it renders the page and
 * writes the page's handoff itself. The data is written as JSON only when it is sent as data (a
 * navigation with scripts). Without that server (unit tests) it is Remix's json().
 */
export function json<Data>(data: Data, init: number | ResponseInit = {}): TypedResponse<Data> {
  const make = dataResponseMaker();
  if (!make) return remixJson(data, init);
  const responseInit = typeof init === 'number' ? { status: init } : init;
  const headers = new Headers(responseInit.headers);
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json; charset=utf-8');
  return make(data, { ...responseInit, headers }) as TypedResponse<Data>;
}
