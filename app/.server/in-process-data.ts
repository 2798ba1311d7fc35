/**
 * The embedded marketplace's answers as data for the portal in the same process: the portal's server
 * (server/http/string-bodies.ts) makes responses that keep their value, and the portal's API client
 * takes it back without JSON written and parsed in between (docs/decisions/009).
 */
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
