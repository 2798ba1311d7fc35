import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { json } from '~/.server/json';
import { PREFERENCES_SIZE, preferencesErrors, preferencesToSave } from '~/domain/checkout/preferences';
import { applyChange, type Row, type RowErrors, type Selection } from '~/domain/checkout/selection';
import type { FailureParts } from '~/domain/failure-message';
import { checkoutApi, type CheckoutOptionsView } from './api/checkout';
import { ApiFailure, failureParts } from './api/client';
import { endsSession, requireBuyer, signOutOnForbidden } from './auth';
import { parseSelectionForm } from './checkout-form';
import { intentOf, readForm } from './forms';
import { redirectWithToast } from './toast';

/** The one command of the page (spec 3 §2.4): SAVE PREFERENCES. CANCEL is a link. */
const INTENTS = ['save'] as const;

/** The options and the saved choice, or the failure that replaces the page. */
export interface PreferencesLoaderData {
  failure: FailureParts | null;
  options: CheckoutOptionsView | null;
  selection: Selection | null;
}

/** What the action answers when the page shows again: the form with its errors and the row to focus, or a failure that replaces the page. */
export type PreferencesActionData =
  | { kind: 'rows'; selection: Selection; errors: Partial<Record<Row, RowErrors>>; focus: Row | null; failure?: FailureParts }
  | { kind: 'failure'; failure: FailureParts };

/** The options and the saved choice (the marketplace drops the ids today's options no longer have). */
const loadPreferences = (context: LoaderFunctionArgs['context'], token: string) =>
  Promise.all([checkoutApi.preferencesOptions(context, token), checkoutApi.preferences(context, token)]).then(([options, selection]) => ({ options, selection }));

/** A failure of the tenant API that is not the end of the session: its message, to show in place of the page (spec 3 §8). */
async function failed(request: Request, context: LoaderFunctionArgs['context'], error: unknown, what: string): Promise<FailureParts> {
  if (!(error instanceof ApiFailure) || endsSession(error)) return signOutOnForbidden(request, error);
  context.logger.warn({ err: error }, what);
  return failureParts(error, 'preferences.loadFailed');
}

export async function preferencesLoader({ request, context }: LoaderFunctionArgs) {
  const { token } = await requireBuyer(request, context);
  try {
    return json<PreferencesLoaderData>({ failure: null, ...(await loadPreferences(context, token)) });
  } catch (error) {
    // 'Preferences options load failure: the message replaces the page' (spec 3 §8).
    return json<PreferencesLoaderData>({ failure: await failed(request, context, error, 'preferences could not be loaded'), options: null, selection: null });
  }
}

export async function preferencesAction({ request, context }: ActionFunctionArgs) {
  const { token } = await requireBuyer(request, context);
  const form = await readForm(request);
  intentOf(form, INTENTS);
  let loaded: Awaited<ReturnType<typeof loadPreferences>>;
  try {
    loaded = await loadPreferences(context, token);
  } catch (error) {
    return json<PreferencesActionData>({ kind: 'failure', failure: await failed(request, context, error, 'preferences could not be loaded') }, { status: 502 });
  }
  const { options } = loaded;
  // A form outside the selection fields is a 400 that changes nothing.
  const { selection: posted, shown } = parseSelectionForm(form, loaded.selection);
  // The reset rules against what the page showed (with scripts they ran already and change nothing here).
  const edited = applyChange(shown, posted, options, PREFERENCES_SIZE);
  const { errors, first } = preferencesErrors(edited, options);
  if (first) return json<PreferencesActionData>({ kind: 'rows', selection: edited, errors, focus: first }, { status: 400 });
  try {
    await checkoutApi.savePreferences(context, token, preferencesToSave(edited, options));
  } catch (error) {
    const failure = await failed(request, context, error, 'preferences could not be saved');
    return json<PreferencesActionData>({ kind: 'rows', selection: edited, errors: {}, focus: null, failure }, { status: 502 });
  }
  return redirectWithToast('/preferences', { type: 'success', key: 'preferences.saved' });
}
