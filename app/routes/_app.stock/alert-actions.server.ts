import { redirect } from '@remix-run/node';
import { json } from '~/.server/json';
import { endsSession } from '~/.server/auth';
import { alertsApi } from '~/.server/api/alerts';
import { fields, parseForm } from '~/.server/forms';
import { redirectWithToast } from '~/.server/toast';
import { postedAlertQuantity } from '~/domain/stock/alert-quantity';
import { getTenantConfig } from '~/.server/api/settings';
import { canSetAlerts } from '~/domain/permissions';
import { z } from 'zod';
import type { StockActionArgs, StockActionHandler } from './actions.server';

/** What the alert dialog shows again when the server refused the value. */
export interface AlertDialogResult {
  intent: 'alert-save';
  value: string;
  error: string;
}

const alertKey = { participantId: fields.key(100), itemNumberWarehouse: fields.key() };
const saveForm = z.object({ ...alertKey, quantity: fields.typed(20), existing: z.literal('1').optional() });
const removeForm = z.object(alertKey);

const allowed = ({ signedIn }: StockActionArgs) => canSetAlerts(signedIn.user);

/** Alert call failures are only logged (spec 1 §8); the buyer sees the list again, unchanged. */
function logged(args: StockActionArgs, error: unknown) {
  if (endsSession(error)) throw error;
  args.context.logger.error({ err: error }, 'stock alert call failed');
  return redirect(args.back);
}

/** Set or change an alert: the quantity rules run in the marketplace; here only whole numbers pass. */
const save: StockActionHandler = async (args) => {
  const { form, context, signedIn, back } = args;
  const { participantId, itemNumberWarehouse, quantity: typed, existing } = parseForm(form, saveForm);
  if (!allowed(args)) return redirectWithToast(back, { type: 'error', key: 'alerts.notAllowed' });
  const entry = postedAlertQuantity(typed, (await getTenantConfig(context)).language);
  if (!('quantity' in entry)) return json<AlertDialogResult>({ intent: 'alert-save', ...entry }, { status: 400 });
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
  const { participantId, itemNumberWarehouse } = parseForm(form, removeForm);
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
