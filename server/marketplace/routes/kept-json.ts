import type { Context } from 'hono';

/** Answer texts by the kept value they were made from. */
const texts = new WeakMap<object, string>();

/**
 * The JSON answer made from a value the marketplace keeps until its revision moves (the participant
 * list, a page of the stock list): written once per value, not once per request, and the same text
 * each time, which the portal's kept answers then find at once. `answer` makes the body from the
 * kept value; neither may change once answered.
 */
export function keptJson(c: Context, kept: object, answer: () => unknown = () => kept): Response {
  let text = texts.get(kept);
  if (text === undefined) texts.set(kept, (text = JSON.stringify(answer())));
  return c.body(text, 200, { 'content-type': 'application/json' });
}
