import { getFormProps, useForm } from '@conform-to/react';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from '~/i18n/light-react-i18next';
import type { CheckoutOptionsView } from '~/.server/api/checkout';
import {
  preferencesAction,
  preferencesLoader,
  type PreferencesActionData,
  type PreferencesLoaderData,
} from './preferences.server';
import { SELECTION_FIELD_ORDER, SelectionRows, useSelectionErrorText } from '~/components/checkout/SelectionRows';
import type { FormConstraint } from '~/components/form-reply';
import { ErrorSummary } from '~/components/ErrorSummary';
import { Field } from '~/components/Field';
import { titled } from '~/components/page-title';
import { useHydrated } from '~/components/use-hydrated';
import { PREFERENCES_SIZE } from '~/domain/checkout/preferences';
import { applyChange, ROWS, type Selection } from '~/domain/checkout/selection';
import { failureText, type FailureParts } from '~/domain/failure-message';
import { useTexts } from '~/i18n/use-texts';
import type { TimeZoneChoice } from '~/domain/time-zone';

export const meta = titled('pageTitle.preferences');
export const loader = preferencesLoader;
export const action = preferencesAction;

/** The page's form, as the action's replies name it (PREFERENCES_FORM). */
const FORM_ID = 'preferences';

/** The failure's message in the buyer's language: the server's code translated, its text, or the page's fallback. */
function useFailureText() {
  const { t, i18n } = useTranslation();
  const translate = (key: string, params?: Record<string, unknown>) => (i18n.exists(key) ? t(key, params) : undefined);
  return (failure: FailureParts) => failureText(failure, translate);
}

/**
 * Shipping and billing preferences (spec 3 §2.4): the five rows of the checkout, all open at once,
 * saved together. Without scripts the reset rules run on the server against what the page showed;
 * with scripts they run as the buyer chooses (the same applyChange).
 */
export default function PreferencesPage() {
  useTexts('checkout', 'preferences');
  const data = useLoaderData<PreferencesLoaderData>();
  const action = useActionData<PreferencesActionData>();
  const { t } = useTranslation();
  const message = useFailureText();
  const hydrated = useHydrated();
  const failure = action?.kind === 'failure' ? action.failure : data.failure;
  return (
    <section className="page checkout preferences">
      <h1>{t('preferences.heading')}</h1>
      {failure || !data.options || !data.selection ? (
        // 'Preferences options load failure: the message replaces the page' (spec 3 §8).
        <div className="banner banner--error" role="alert">
          <p>{message(failure ?? {})}</p>
        </div>
      ) : (
        // The form starts again from each answer of the server (a save, or errors to show).
        <PreferencesForm
          key={JSON.stringify([data.selection, action ?? null])}
          options={data.options}
          saved={data.selection}
          constraint={data.constraint}
          action={action?.kind === 'rows' ? action : null}
          hydrated={hydrated}
        />
      )}
      <TimeZoneForm
        chosen={data.timeZone}
        choices={data.timeZones}
        reply={action?.kind === 'timeZone' ? action.result : undefined}
      />
    </section>
  );
}

function PreferencesForm({
  options,
  saved,
  constraint,
  action,
  hydrated,
}: {
  options: CheckoutOptionsView;
  saved: Selection;
  constraint: FormConstraint;
  action: Extract<PreferencesActionData, { kind: 'rows' }> | null;
  hydrated: boolean;
}) {
  const { t } = useTranslation();
  const message = useFailureText();
  const errorText = useSelectionErrorText(options, PREFERENCES_SIZE);
  const navigation = useNavigation();
  const [form, fields] = useForm<Record<string, string | string[]>>({
    id: FORM_ID,
    lastResult: action?.result,
    constraint,
  });
  const [selection, setSelection] = useState<Selection>(action?.rows.selection ?? saved);
  const busy = navigation.state !== 'idle';

  const onChange = (change: Partial<Selection>) =>
    setSelection((previous) => applyChange(previous, { ...previous, ...change }, options, PREFERENCES_SIZE));

  return (
    <Form method="post" {...getFormProps(form)} preventScrollReset>
      <p className="lead">{t('preferences.intro')}</p>
      {/* The first missing item first (spec 3 §5), then each error as a link to its field. */}
      {action ? (
        <ErrorSummary
          form={{ id: form.id, errors: action.result.error }}
          order={SELECTION_FIELD_ORDER}
          text={errorText}
          lead={action.failure ? <p>{message(action.failure)}</p> : null}
        />
      ) : null}
      {/* While an answer is on its way the rows wait: a change made now would be lost when it comes. */}
      <fieldset className="plain-fieldset" disabled={busy}>
        <SelectionRows
          options={options}
          size={PREFERENCES_SIZE}
          selection={selection}
          open={ROWS}
          fields={fields}
          withDone={false}
          editHref={() => '/preferences'}
          onChange={hydrated ? onChange : undefined}
        />
      </fieldset>
      <p className="checkout-actions">
        <Link to="/stock" className="button button--secondary">
          {t('preferences.cancel')}
        </Link>
        <button type="submit" name="intent" value="save" className="button button--primary" disabled={busy}>
          {t('preferences.save')}
        </button>
      </p>
    </Form>
  );
}

/**
 * The zone times are shown in (issue 51): with scripts the browser's own, so this choice is for pages
 * without them; the tenant's zone until the buyer chooses one. Kept in this browser.
 */
function TimeZoneForm({
  chosen,
  choices,
  reply,
}: {
  chosen: string;
  choices: TimeZoneChoice[];
  reply: Extract<PreferencesActionData, { kind: 'timeZone' }>['result'] | undefined;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== 'idle';
  const [form, fields] = useForm<{ timeZone: string }>({
    id: 'time-zone',
    lastResult: reply,
    defaultValue: { timeZone: chosen },
  });
  return (
    <Form method="post" {...getFormProps(form)} preventScrollReset className="stack time-zone-form">
      <h2>{t('preferences.timeZone.heading')}</h2>
      <Field
        field={fields.timeZone}
        label={t('preferences.timeZone.label')}
        type="select"
        hint={t('preferences.timeZone.hint')}
      >
        {choices.map(({ zone, label }) => (
          <option key={zone} value={zone}>
            {label}
          </option>
        ))}
      </Field>
      <p>
        <button type="submit" name="intent" value="time-zone" className="button button--primary" disabled={busy}>
          {t('preferences.timeZone.save')}
        </button>
      </p>
    </Form>
  );
}
