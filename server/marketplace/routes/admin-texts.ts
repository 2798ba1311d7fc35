import { Hono } from 'hono';
import type { Db } from '../db/client';
import { ApiError } from '../errors';
import { knownTexts } from '../services/texts/known-texts';
import { createTexts, textKey, textKeySchema, textSchema } from '../services/texts/texts';
import { jsonBody } from './validate';

/** Which texts to list: a language, and a kind if only one. */
const listQuery = textKey.pick({ language: true }).extend({ kind: textKey.shape.kind.optional() });

/**
 * The tenant operator's texts per language, under the admin token: GET lists every word with its
 * English and its text in a language, PUT sets one, DELETE removes one (the English shows again).
 */
export function adminTextRoutes(db: Db) {
  const texts = createTexts(db, () => knownTexts(db));
  return new Hono()
    .get('/', async (c) => {
      const parsed = listQuery.safeParse({ language: c.req.query('language'), kind: c.req.query('kind') });
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new ApiError(400, 'validationFailed', `${issue.path.join('.')}: ${issue.message}`);
      }
      return c.json(await texts.list(parsed.data.language, parsed.data.kind));
    })
    .put('/', async (c) => c.json(await texts.set(await jsonBody(c, textSchema))))
    .delete('/', async (c) => c.json(await texts.remove(await jsonBody(c, textKeySchema))));
}
