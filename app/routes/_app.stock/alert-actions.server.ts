import { getZodConstraint } from '@conform-to/zod/v4';
import { redirect } from '@remix-run/node';
import { alertsApi } from '~/.server/api/alerts';
import { parseSubmission, refuseForm } from '~/.server/conform';
import { fields } from '~/.server/forms';
import { redirectWithToast } from '~/.server/toast';
import { postedAlertQuantity } from '~/domain/stock/alert-quantity';
import { getTenantConfig } from '~/.server/api/settings';
import { canSetAlerts } from '~/domain/permissions';
import { z } from 'zod';
import type { StockActionArgs, StockActionHandler } from './actions.server';

/** The alert dialog's form, as its replies name it. */
export const ALERT_FORM = 'alert';

const alertKey = { participantId: fields.key(100), itemNumberWarehouse: fields.key() };
const alertSaveSchema = z.object({
  intent: z.literal('alert-save'),
  ...alertKey,
  quantity: fields.typed(20, 'entry.errors.tooLarge'),
  existing: z.literal('1').optional(),
});
const alertDeleteSchema = z.object({ intent: z.literal('alert-delete'), ...alertKey });

export const alertConstraint = getZodConstraint(alertSaveSchema);

const allowed = ({ signedIn }: StockActionArgs) => canSetAlerts(signedIn.user);

/** Alert call failures are only logged (spec 1 §8); the buyer sees the list again, unchanged. */
function logged(args: StockActionArgs, error: unknown) {
  if (error instanceof Response) throw error;
  args.context.logger.error({ err: error }, 'stock alert call failed');
  return redirect(args.back);
}

/** Set or change an alert: the quantity rules run in the marketplace; here only whole numbers pass. */
const save: StockActionHandler = async (args) => {
  const { form, context, signedIn, back } = args;
  const submission = parseSubmission(form, alertSaveSchema);
  if (submission.status !== 'success') return refuseForm(ALERT_FORM, submission);
  const { participantId, itemNumberWarehouse, quantity: typed, existing } = submission.value;
  if (!allowed(args)) return redirectWithToast(back, { type: 'error', key: 'alerts.notAllowed' });
  const entry = postedAlertQuantity(typed, (await getTenantConfig(context)).language);
  if (!('quantity' in entry))
    return refuseForm(ALERT_FORM, submission, {
      fieldErrors: { quantity: [entry.error] },
      values: { quantity: entry.value },
    });
  const { quantity } = entry;
  try {
    if (existing) {
      await alertsApi.update(context, signedIn.token, participantId, itemNumberWarehouse, quantity);
      return redirectWithToast(back, { type: 'success', key: 'alerts.updated' });
    }
    await alertsApi.create(context, signedIn.token, participantId, itemNumberWarehouse, quantity);
    return redirectWithToast(back, { type: 'success', key: 'alerts.created' });
  } catch (error) {
    return logged(args, error);
  }
};

const remove: StockActionHandler = async (args) => {
  const { form, context, signedIn, back } = args;
  const submission = parseSubmission(form, alertDeleteSchema);
  if (submission.status !== 'success') return refuseForm(ALERT_FORM, submission);
  const { participantId, itemNumberWarehouse } = submission.value;
  if (!allowed(args)) return redirectWithToast(back, { type: 'error', key: 'alerts.notAllowed' });
  try {
    await alertsApi.remove(context, signedIn.token, participantId, itemNumberWarehouse);
    return redirectWithToast(back, { type: 'success', key: 'alerts.deleted' });
  } catch (error) {
    return logged(args, error);
  }
};

export const ALERT_INTENTS: [string, StockActionHandler][] = [
  ['alert-save', save],
  ['alert-delete', remove],
];
