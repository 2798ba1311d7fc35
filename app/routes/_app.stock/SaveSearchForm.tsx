import { Form, useActionData, useNavigation } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SAVED_SEARCH_NAME_MAX } from '~/domain/stock/saved-search';
import type { SaveSearchResult } from './saved-search-actions.server';

/**
 * "Save this search" (issue 37): a disclosure holding a small POST form with a name, posting to the
 * list's own URL, so the list's search, filters and sort are what is saved. A refused name comes back
 * next to the field with the form open; a saved one returns to the list with a message.
 */
export function SaveSearchForm({ search }: { search: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const data = useActionData<SaveSearchResult | Record<string, unknown>>();
  const result = data && data.intent === 'save-search' ? (data as SaveSearchResult) : undefined;
  const details = useRef<HTMLDetailsElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const sent = useRef(false);
  // With JavaScript the page stays: a save that went through (no error came back) closes and empties the form.
  useEffect(() => {
    if (navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save-search') sent.current = true;
    if (navigation.state !== 'idle' || !sent.current) return;
    sent.current = false;
    if (result) return;
    form.current?.reset();
    if (details.current) details.current.open = false;
  }, [navigation.state, navigation.formData, result]);
  return (
    <details ref={details} className="save-search" open={result ? true : undefined}>
      <summary className="button button--small button--secondary">{t('saveSearch.saveThis')}</summary>
      <Form ref={form} method="post" action={`/stock${search ? `?${search}` : ''}`} className="save-search__form" preventScrollReset>
        <input type="hidden" name="intent" value="save-search" />
        <div className="field">
          <label htmlFor="saved-search-name">{t('saveSearch.nameLabel')}</label>
          <input
            id="saved-search-name"
            name="name"
            type="text"
            autoComplete="off"
            defaultValue={result?.name ?? ''}
            aria-invalid={result ? true : undefined}
            aria-describedby={result ? 'saved-search-name-error saved-search-name-hint' : 'saved-search-name-hint'}
          />
          <p id="saved-search-name-hint" className="field__hint">
            {t('saveSearch.nameHint', { max: SAVED_SEARCH_NAME_MAX })}
          </p>
          {result ? (
            <p id="saved-search-name-error" className="field__error" role="alert">
              {t(result.error, result.values)}
            </p>
          ) : null}
        </div>
        <label className="checkbox">
          <input type="checkbox" name="alerts" value="on" defaultChecked={result?.alerts ?? false} /> {t('saveSearch.alertsLabel')}
        </label>
        <button type="submit" className="button button--small button--primary" disabled={busy}>
          {t('saveSearch.save')}
        </button>
      </Form>
    </details>
  );
}
