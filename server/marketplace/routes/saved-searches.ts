import { Hono } from 'hono';
import { z } from 'zod';
import {
  SAVED_QUERY_MAX,
  SAVED_SEARCH_NAME_MAX,
  savedQuery,
  savedQueryOf,
  savedSearchName,
} from '../../../app/domain/stock/saved-search';
import type { MarketplaceDeps, MarketplaceEnv } from '../context';
import { ApiError, badRequest } from '../errors';
import { PARTICIPANT_HEADER } from '../services/stock/network';
import type { SavedSearches } from '../services/stock/saved-searches';
import { ownParticipantId } from '../services/shared/settings';
import { idParam, idSegment, jsonBody } from './validate';

/** A name by the same rules as the portal's form: spaces collapsed, not empty, not too long. */
const name = z
  .string()
  .max(400)
  .transform((typed, ctx) => {
    const checked = savedSearchName(typed);
    if ('error' in checked) {
      ctx.addIssue({
        code: 'custom',
        message: checked.error === 'saveSearch.nameRequired' ? 'a name is required' : 'the name is too long',
      });
      return z.NEVER;
    }
    return checked.name;
  })
  .meta({ maxLength: SAVED_SEARCH_NAME_MAX, pattern: '\\S' });

export const newSearch = z.object({
  name,
  /** The stock list's query string; kept in its canonical form, page 1. */
  query: z.string().max(SAVED_QUERY_MAX),
  alerts: z.boolean().default(false),
});

export const change = z
  .object({ name: name.optional(), alerts: z.boolean().optional() })
  .refine((c) => c.name !== undefined || c.alerts !== undefined, 'name or alerts')
  .meta({ minProperties: 1 });

/**
 * Saved searches of the signed-in user (issue 37). Each call is scoped to the user: another user's
 * search id is not found. A new search is on the participant the header names (the tenant by default).
 */
export function savedSearchRoutes({ db }: MarketplaceDeps, searches: SavedSearches) {
  const participantOf = async (header: string | undefined) => {
    if (header === undefined) return (await ownParticipantId(db)) ?? '';
    if (header.trim() === '') throw badRequest('participantRequired', `${PARTICIPANT_HEADER}: names no participant`);
    return header;
  };
  return new Hono<MarketplaceEnv>()
    .get('/saved-searches', async (c) => c.json({ savedSearches: await searches.list(c.get('user').id) }))
    .post('/saved-searches', async (c) => {
      const body = await jsonBody(c, newSearch);
      const query = savedQuery(savedQueryOf(body.query.replace(/^\?/, '')));
      if (query.length > SAVED_QUERY_MAX) throw new ApiError(400, 'validationFailed', 'query: too long');
      const participantId = await participantOf(c.req.header(PARTICIPANT_HEADER));
      return c.json(
        await searches.create(c.get('user').id, participantId, { name: body.name, query, alerts: body.alerts }),
        201,
      );
    })
    .get(`/saved-searches/${idSegment('id')}`, async (c) =>
      c.json(await searches.get(c.get('user').id, idParam(c, 'id'))),
    )
    .put(`/saved-searches/${idSegment('id')}`, async (c) => {
      const body = await jsonBody(c, change);
      return c.json(await searches.update(c.get('user').id, idParam(c, 'id'), body));
    })
    .delete(`/saved-searches/${idSegment('id')}`, async (c) => {
      await searches.remove(c.get('user').id, idParam(c, 'id'));
      return c.body(null, 204);
    });
}
