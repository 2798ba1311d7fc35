import type { SubmissionResult } from '@conform-to/react';
import { getZodConstraint } from '@conform-to/zod/v4';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { PREFERENCES_SIZE, preferencesErrors, preferencesToSave } from '~/domain/checkout/preferences';
import { applyChange, ROWS, type Selection } from '~/domain/checkout/selection';
import type { FailureParts } from '~/domain/failure-message';
import { checkoutApi, type CheckoutOptionsView } from '~/.server/api/checkout';
import { ApiFailure, failureParts } from '~/.server/api/client';
import { requireBuyer } from '~/.server/auth';
import {
  parseSelectionForm,
  refuseRows,
  refuseTyped,
  selectionFields,
  selectionOf,
  type RowsReply,
} from '~/.server/checkout-form';
import { intentOf, readForm } from '~/.server/forms';
import { redirectWithToast } from '~/.server/toast';
import {
  CHOSEN_ZONE_COOKIE,
  decodedCookie,
  isTimeZone,
  timeZoneChoices,
  ZONE_COOKIE_MAX_AGE,
  type TimeZoneChoice,
} from '~/domain/time-zone';
import { parseSubmission } from '~/.server/conform';
import { getTenantConfig } from '~/.server/api/settings';
import { getEnv } from '~/.server/env';

/** The commands of the page: SAVE PREFERENCES (spec 3 §2.4), and the time zone's own save (issue 51). CANCEL is a link. */
const INTENTS = ['save', 'time-zone'] as const;

/** The time zone form: the zone times are shown in without scripts (time-zone.ts). */
const timeZoneSchema = z.object({
  intent: z.literal('time-zone'),
  timeZone: z.string({ error: 'preferences.timeZone.invalid' }).refine(isTimeZone, 'preferences.timeZone.invalid'),
});
/** The buyer's chosen zone, a preference of this browser's read by the root loader for every page: a plain name, checked again on every read. */
const chosenZoneCookie = (zone: string) =>
  `${CHOSEN_ZONE_COOKIE}=${encodeURIComponent(zone)}; Path=/; Max-Age=${ZONE_COOKIE_MAX_AGE}; SameSite=Lax; HttpOnly${getEnv().SECURE_COOKIES === 'true' ? '; Secure' : ''}`;

/** The page's form, as its replies name it. */
export const PREFERENCES_FORM = 'preferences';
const preferencesSchema = z.object({ ...selectionFields, intent: z.literal('save') });
const constraint = getZodConstraint(preferencesSchema);

/** The options and the saved choice, or the failure that replaces the page; the form's constraint. */
export interface PreferencesLoaderData {
  failure: FailureParts | null;
  options: CheckoutOptionsView | null;
  selection: Selection | null;
  constraint: typeof constraint;
  /** The zone chosen for pages without scripts, else the tenant's. */
  timeZone: string;
  /** The zones to choose from, named in the tenant's language. */
  timeZones: TimeZoneChoice[];
}

/**
 * What the action answers when the page shows again: the form with its errors (the first one also
 * as the form's own, said above the rows) and the row to focus, or with the failure of its save; or a
 * failure that replaces the page.
 */
export type PreferencesActionData =
  | (RowsReply & { failure?: FailureParts })
  | { kind: 'failure'; failure: FailureParts }
  | { kind: 'timeZone'; result: SubmissionResult<string[]> };

/** The options and the saved choice (the marketplace drops the ids today's options no longer have). */
const loadPreferences = (context: LoaderFunctionArgs['context'], token: string) =>
  Promise.all([checkoutApi.preferencesOptions(context, token), checkoutApi.preferences(context, token)]).then(
    ([options, selection]) => ({ options, selection }),
  );

/** A failure of the tenant API (an ended session's answer is thrown on): its message, to show in place of the page (spec 3 §8). */
function failed(context: LoaderFunctionArgs['context'], error: unknown, what: string): FailureParts {
  if (!(error instanceof ApiFailure)) throw error;
  context.logger.warn({ err: error }, what);
  return failureParts(error, 'preferences.loadFailed');
}

/** The zone the buyer chose (a value that is no zone counts as none), else the tenant's. */
async function chosenTimeZone(request: Request, context: LoaderFunctionArgs['context']): Promise<string> {
  const chosen = decodedCookie(request.headers.get('Cookie'), CHOSEN_ZONE_COOKIE);
  return isTimeZone(chosen) ? chosen : (await getTenantConfig(context)).timeZone;
}

export async function preferencesLoader({ request, context }: LoaderFunctionArgs) {
  const { token } = await requireBuyer(request, context);
  const timeZone = await chosenTimeZone(request, context);
  const timeZones = timeZoneChoices((await getTenantConfig(context)).language);
  try {
    return data<PreferencesLoaderData>({
      failure: null,
      ...(await loadPreferences(context, token)),
      constraint,
      timeZone,
      timeZones,
    });
  } catch (error) {
    // 'Preferences options load failure: the message replaces the page' (spec 3 §8).
    return data<PreferencesLoaderData>({
      failure: failed(context, error, 'preferences could not be loaded'),
      options: null,
      selection: null,
      constraint,
      timeZone,
      timeZones,
    });
  }
}

/** SAVE TIME ZONE: kept in this browser's cookie; a name that is no zone is refused beside the field. */
async function saveTimeZone(form: FormData) {
  const submission = parseSubmission(form, timeZoneSchema);
  if (submission.status !== 'success')
    return data({ kind: 'timeZone' as const, result: submission.reply() }, { status: 400 });
  return redirectWithToast(
    '/preferences',
    { type: 'success', key: 'preferences.timeZone.saved' },
    { headers: { 'Set-Cookie': chosenZoneCookie(submission.value.timeZone) } },
  );
}

export async function preferencesAction({ request, context }: ActionFunctionArgs) {
  const { token } = await requireBuyer(request, context);
  const form = await readForm(request);
  if (intentOf(form, INTENTS) === 'time-zone') return saveTimeZone(form);
  let loaded: Awaited<ReturnType<typeof loadPreferences>>;
  try {
    loaded = await loadPreferences(context, token);
  } catch (error) {
    return data<PreferencesActionData>(
      { kind: 'failure', failure: failed(context, error, 'preferences could not be loaded') },
      { status: 502 },
    );
  }
  const { options } = loaded;
  // A form outside the selection fields is a 400 that changes nothing.
  const submission = parseSelectionForm(form, preferencesSchema);
  if (submission.status !== 'success') return refuseTyped(PREFERENCES_FORM, submission, loaded.selection, form);
  const { selection: posted, shown } = selectionOf(submission.value, loaded.selection);
  // The reset rules against what the page showed (with scripts they ran already and change nothing here).
  const edited = applyChange(shown, posted, options, PREFERENCES_SIZE);
  const { errors, first } = preferencesErrors(edited, options);
  if (first) {
    const said = Object.values(errors[first] ?? {})[0]!.key;
    return refuseRows(
      PREFERENCES_FORM,
      submission,
      { selection: edited, open: [...ROWS], errors, focus: first },
      { formErrors: [said] },
    );
  }
  try {
    await checkoutApi.savePreferences(context, token, preferencesToSave(edited, options));
  } catch (error) {
    const failure = failed(context, error, 'preferences could not be saved');
    return refuseRows(
      PREFERENCES_FORM,
      submission,
      { selection: edited, open: [...ROWS], errors: {} },
      { status: 502, extra: { failure } },
    );
  }
  return redirectWithToast('/preferences', { type: 'success', key: 'preferences.saved' });
}
