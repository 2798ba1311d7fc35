import type { Context } from 'hono';
import { isInProcessRequest } from '../../http/in-process-request';
import { dataJson } from './data-json';

/** The answer made from each kept value, and its text once written. */
const answers = new WeakMap<object, { value: unknown; text?: string }>();

/**
 * The JSON answer made from a value the marketplace keeps until its revision moves (the participant
 * list, a page of the stock list): made once per value, not once per request, and the same each
 * time, which the portal's kept answers then find at once. Over HTTP it is the text, written once.
 * To the embedded portal it is the answer itself as data (data-json.ts): a page asked for the first
 * time is then neither written out as JSON nor parsed again (about 0.1 ms of a new filter's page).
 * `answer` makes the body from the kept value; neither may change once answered.
 */
export function keptJson(c: Context, kept: object, answer: () => unknown = () => kept): Response {
  let made = answers.get(kept);
  if (!made) answers.set(kept, (made = { value: answer() }));
  if (isInProcessRequest(c.req.raw)) return dataJson(c, made.value);
  made.text ??= JSON.stringify(made.value);
  return c.body(made.text, 200, { 'content-type': 'application/json' });
}
