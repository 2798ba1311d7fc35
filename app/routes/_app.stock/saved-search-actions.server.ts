import { json } from '~/.server/json';
import { z } from 'zod';
import { ApiFailure } from '~/.server/api/client';
import { savedSearchesApi } from '~/.server/api/saved-searches';
import { endsSession } from '~/.server/auth';
import { fields, parseForm } from '~/.server/forms';
import { participantsInView } from '~/.server/network-view';
import { redirectWithToast } from '~/.server/toast';
import { parseStockQuery } from '~/domain/stock/query';
import { savedQuery, savedSearchName, SAVED_SEARCH_NAME_MAX, MAX_SAVED_SEARCHES } from '~/domain/stock/saved-search';
import { defaultWarehouseGroup, participantOfGroup } from '~/domain/stock/warehouse-groups';
import type { StockActionHandler } from './actions.server';

/** What a refused save shows next to the name field: the error and what was typed. */
export interface SaveSearchResult {
  intent: 'save-search';
  name: string;
  alerts: boolean;
  error: string;
  values?: Record<string, number>;
}

const saveForm = z.object({ intent: z.literal('save-search'), name: fields.typed(400), alerts: z.literal('on').optional() });

const refused = (result: Omit<SaveSearchResult, 'intent'>) => json<SaveSearchResult>({ intent: 'save-search', ...result }, { status: 400 });

/**
 * Saves the list's current search, filters and sort under a name (issue 37): the list's own URL, in
 * its canonical form on page 1, on the participant of its warehouse group. The name's errors, a
 * taken name and too many saved searches are said next to the field.
 */
const saveSearch: StockActionHandler = async ({ form, request, context, signedIn, back }) => {
  const { name: typed, alerts: alertsBox } = parseForm(form, saveForm);
  const alerts = alertsBox === 'on';
  const checked = savedSearchName(typed);
  if ('error' in checked) return refused({ name: typed, alerts, error: checked.error, values: { max: SAVED_SEARCH_NAME_MAX } });
  const query = parseStockQuery(new URL(request.url).searchParams);
  const participants = await participantsInView(context, signedIn.token);
  const groupId = participantOfGroup(participants, query.warehouseGroup) ? query.warehouseGroup : defaultWarehouseGroup(participants, signedIn.user.pxParticipantId);
  const participant = participantOfGroup(participants, groupId);
  if (!participant || !groupId) return redirectWithToast(back, { type: 'error', key: 'saveSearch.failed' });
  try {
    await savedSearchesApi.create(context, signedIn.token, participant.pxnParticipantId, { name: checked.name, query: savedQuery({ ...query, warehouseGroup: groupId }), alerts });
  } catch (error) {
    if (endsSession(error)) throw error;
    if (error instanceof ApiFailure && error.messageCode === 'savedSearchNameTaken') return refused({ name: typed, alerts, error: 'saveSearch.nameTaken' });
    if (error instanceof ApiFailure && error.messageCode === 'savedSearchLimit') return refused({ name: typed, alerts, error: 'saveSearch.tooMany', values: { max: MAX_SAVED_SEARCHES } });
    context.logger.error({ err: error }, 'saved search not kept');
    return redirectWithToast(back, { type: 'error', key: 'saveSearch.failed' });
  }
  return redirectWithToast(back, { type: 'success', key: 'saveSearch.saved', values: { name: checked.name } });
};

export const SAVED_SEARCH_INTENTS: [string, StockActionHandler][] = [['save-search', saveSearch]];
