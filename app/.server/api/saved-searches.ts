import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { callApi } from './client';
import { PARTICIPANT_HEADER } from './stock';

export const savedSearchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  query: z.string(),
  participantId: z.string(),
  alerts: z.boolean(),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;
export const savedSearchListSchema = z.object({ savedSearches: z.array(savedSearchSchema) });

const BASE = '/px-api-gateway/saved-searches';

/** The signed-in user's saved stock list searches (issue 37), kept by the tenant API. */
export const savedSearchesApi = {
  list: (context: AppLoadContext, token: string) => callApi(context, BASE, { token, schema: savedSearchListSchema }),
  create: (
    context: AppLoadContext,
    token: string,
    participantId: string,
    body: { name: string; query: string; alerts: boolean },
  ) =>
    callApi(context, BASE, {
      method: 'POST',
      token,
      headers: { [PARTICIPANT_HEADER]: participantId },
      body,
      schema: savedSearchSchema,
    }),
  update: (context: AppLoadContext, token: string, id: number, change: { name?: string; alerts?: boolean }) =>
    callApi(context, `${BASE}/${id}`, { method: 'PUT', token, body: change, schema: savedSearchSchema }),
  remove: (context: AppLoadContext, token: string, id: number) =>
    callApi(context, `${BASE}/${id}`, { method: 'DELETE', token, schema: z.unknown() }),
};
