import { z } from 'zod';
import { ApiFailure } from '~/.server/api/client';
import { savedSearchesApi } from '~/.server/api/saved-searches';
import { parseSubmission, refuseForm } from '~/.server/conform';
import { fields } from '~/.server/forms';
import { participantsInView } from '~/.server/network-view';
import { redirectWithToast } from '~/.server/toast';
import { parseStockQuery } from '~/domain/stock/query';
import { savedQuery, savedSearchName } from '~/domain/stock/saved-search';
import { defaultWarehouseGroup, participantOfGroup } from '~/domain/stock/warehouse-groups';
import type { StockActionHandler } from './actions.server';

/** The "Save this search" form, as its replies name it. */
export const SAVE_SEARCH_FORM = 'save-search';

const saveSearchSchema = z.object({
  intent: z.literal('save-search'),
  name: fields.typed(400, 'saveSearch.nameTooLong'),
  alerts: z.literal('on').optional(),
});

/**
 * Saves the list's current search, filters and sort under a name (issue 37): the list's own URL, in
 * its canonical form on page 1, on the participant of its warehouse group. The name's errors, a
 * taken name and too many saved searches are said next to the field.
 */
const saveSearch: StockActionHandler = async ({ form, request, context, signedIn, back }) => {
  const submission = parseSubmission(form, saveSearchSchema);
  if (submission.status !== 'success') return refuseForm(SAVE_SEARCH_FORM, submission);
  const refused = (error: string) => refuseForm(SAVE_SEARCH_FORM, submission, { fieldErrors: { name: [error] } });
  const alerts = submission.value.alerts === 'on';
  const checked = savedSearchName(submission.value.name);
  if ('error' in checked) return refused(checked.error);
  const query = parseStockQuery(new URL(request.url).searchParams);
  const participants = await participantsInView(context, signedIn.token);
  const groupId = participantOfGroup(participants, query.warehouseGroup)
    ? query.warehouseGroup
    : defaultWarehouseGroup(participants, signedIn.user.pxParticipantId);
  const participant = participantOfGroup(participants, groupId);
  if (!participant || !groupId) return redirectWithToast(back, { type: 'error', key: 'saveSearch.failed' });
  try {
    await savedSearchesApi.create(context, signedIn.token, participant.pxnParticipantId, {
      name: checked.name,
      query: savedQuery({ ...query, warehouseGroup: groupId }),
      alerts,
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiFailure && error.messageCode === 'savedSearchNameTaken')
      return refused('saveSearch.nameTaken');
    if (error instanceof ApiFailure && error.messageCode === 'savedSearchLimit') return refused('saveSearch.tooMany');
    context.logger.error({ err: error }, 'saved search not kept');
    return redirectWithToast(back, { type: 'error', key: 'saveSearch.failed' });
  }
  return redirectWithToast(back, { type: 'success', key: 'saveSearch.saved', values: { name: checked.name } });
};

export const SAVED_SEARCH_INTENTS: [string, StockActionHandler][] = [['save-search', saveSearch]];
