import type { Context } from 'hono';
import { dataResponseMaker } from '../../../app/.server/in-process-data';

/**
 * A large answer as data for a caller in this process: on the portal's server (string-bodies) the
 * response keeps the value, so the embedded portal reads it back without the marketplace writing
 * it out as JSON and the portal parsing that again (an order of 500 lines: 178 KB each way, about
 * 2 ms of its page). Over HTTP its body is the same JSON c.json would send; elsewhere it is c.json.
 */
export function dataJson(c: Context, value: unknown): Response {
  const make = dataResponseMaker();
  if (!make) return c.json(value);
  return make(value, { status: 200, headers: { 'content-type': 'application/json' } });
}
