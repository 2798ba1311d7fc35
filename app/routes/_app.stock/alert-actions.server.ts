import { json } from '@remix-run/node';
import { alertsApi } from '~/.server/api/alerts';
import { ApiFailure } from '~/.server/api/client';
import { redirectWithToast } from '~/.server/toast';
import { hasAuthority } from '~/domain/authorities';
import type { StockActionArgs, StockActionHandler } from './actions.server';

/** What the alert dialog shows again when the server refused the value. */
export interface AlertDialogResult {
  intent: 'alert-save';
  value: string;
  error: string;
}

const WHOLE = /^\s*\d{0,9}\s*$/;

const allowed = ({ signedIn }: StockActionArgs) => hasAuthority(signedIn.user.authorities, 'CAN_SET_STOCKLIST_ALERT') && !signedIn.user.isPxns;

/** Alert call failures are only logged (spec 1 §8); the buyer sees the list again, unchanged. */
function logged(args: StockActionArgs, error: unknown) {
  if (error instanceof ApiFailure && error.status === 403) throw error;
  args.context.logger.error({ err: error }, 'stock alert call failed');
  return redirectWithToast(args.back, { type: 'error', key: 'alerts.notSaved' });
}

/** Set or change an alert: the quantity rules run in the marketplace; here only whole numbers pass. */
const save: StockActionHandler = async (args) => {
  const { form, context, signedIn, back } = args;
  const value = String(form.get('quantity') ?? '').slice(0, 20);
  if (!allowed(args)) return redirectWithToast(back, { type: 'error', key: 'alerts.notAllowed' });
  if (!WHOLE.test(value)) return json<AlertDialogResult>({ intent: 'alert-save', value, error: 'alerts.errors.wholeNumber' }, { status: 400 });
  const participantId = String(form.get('participantId') ?? '');
  const itemNumberWarehouse = String(form.get('itemNumberWarehouse') ?? '');
  const quantity = Number(value.trim() || '0');
  try {
    if (form.get('existing') === '1') {
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
  try {
    await alertsApi.remove(context, signedIn.token, String(form.get('participantId') ?? ''), String(form.get('itemNumberWarehouse') ?? ''));
    return redirectWithToast(back, { type: 'success', key: 'alerts.deleted' });
  } catch (error) {
    return logged(args, error);
  }
};

export const ALERT_INTENTS: Record<string, StockActionHandler> = { 'alert-save': save, 'alert-delete': remove };
