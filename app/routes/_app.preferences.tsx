import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckoutOptionsView } from '~/.server/api/checkout';
import { preferencesAction, preferencesLoader, type PreferencesActionData, type PreferencesLoaderData } from '~/.server/preferences-screen';
import { SelectionRows } from '~/components/checkout/SelectionRows';
import { useMoneyFormat } from '~/components/use-money-format';
import { useFocusRow } from '~/components/checkout/use-rows';
import { titled } from '~/components/page-title';
import { useHydrated } from '~/components/use-hydrated';
import { MAX_SHIPPING_INSTRUCTIONS } from '~/domain/checkout/options';
import { PREFERENCES_SIZE } from '~/domain/checkout/preferences';
import { applyChange, ROWS, type Row, type RowErrors, type Selection } from '~/domain/checkout/selection';
import { failureText, type FailureParts } from '~/domain/failure-message';
import { formatMinor } from '~/domain/money';
import { useTexts } from '~/i18n/use-texts';

export const meta = titled('pageTitle.preferences');
export const loader = preferencesLoader;
export const action = preferencesAction;

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
        <PreferencesForm key={JSON.stringify([data.selection, action ?? null])} options={data.options} saved={data.selection} action={action?.kind === 'rows' ? action : null} hydrated={hydrated} />
      )}
    </section>
  );
}

function PreferencesForm({ options, saved, action, hydrated }: { options: CheckoutOptionsView; saved: Selection; action: Extract<PreferencesActionData, { kind: 'rows' }> | null; hydrated: boolean }) {
  const { t } = useTranslation();
  const message = useFailureText();
  const money = useMoneyFormat();
  const navigation = useNavigation();
  const [selection, setSelection] = useState<Selection>(action?.selection ?? saved);
  const errors: Partial<Record<Row, RowErrors>> = action?.errors ?? {};
  const busy = navigation.state !== 'idle';
  const first = action?.focus ? Object.values(errors[action.focus] ?? {})[0] : undefined;

  useFocusRow(action?.focus);

  const onChange = (change: Partial<Selection>) => setSelection((previous) => applyChange(previous, { ...previous, ...change }, options, PREFERENCES_SIZE));

  return (
    <Form method="post" preventScrollReset noValidate>
      <p className="lead">{t('preferences.intro')}</p>
      {first || action?.failure ? (
        <div className="banner banner--error" role="alert">
          <p>{action?.failure ? message(action.failure) : t(first!.key, { amount: first!.amount === undefined ? '' : formatMinor(first!.amount, money), max: MAX_SHIPPING_INSTRUCTIONS })}</p>
        </div>
      ) : null}
      {/* While an answer is on its way the rows wait: a change made now would be lost when it comes. */}
      <fieldset className="plain-fieldset" disabled={busy}>
        <SelectionRows options={options} size={PREFERENCES_SIZE} selection={selection} open={ROWS} errors={errors} withDone={false} editHref={() => '/preferences'} onChange={hydrated ? onChange : undefined} />
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
