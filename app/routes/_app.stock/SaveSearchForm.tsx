import { Form, useNavigation } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { FieldError } from '~/components/FieldError';
import { useFormReply } from '~/components/form-reply';
import { MAX_SAVED_SEARCHES, SAVED_SEARCH_NAME_MAX } from '~/domain/stock/saved-search';

/** The form, as the action's replies name it (SAVE_SEARCH_FORM), and its name field's ids as Conform makes them. */
const FORM_ID = 'save-search';
const NAME = { id: `${FORM_ID}-name`, errorId: `${FORM_ID}-name-error`, descriptionId: `${FORM_ID}-name-description` };

/** The numbers the messages name. */
const errorValues = (key: string) => ({
  max: key === 'saveSearch.tooMany' ? MAX_SAVED_SEARCHES : SAVED_SEARCH_NAME_MAX,
});

/**
 * "Save this search" (issue 37): a disclosure holding a small POST form with a name, posting to the
 * list's own URL, so the list's search, filters and sort are what is saved. A refused name comes back
 * next to the field with the form open; a saved one returns to the list with a message. The form is
 * part of the stock page's first load, held to its JavaScript budget: it reads Conform's last result
 * itself rather than load Conform (decision 021).
 */
export function SaveSearchForm({ search }: { search: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const result = useFormReply(FORM_ID)?.result;
  const sent = (name: string) =>
    typeof result?.initialValue?.[name] === 'string' ? (result.initialValue[name] as string) : undefined;
  const errors = result?.error?.name ?? undefined;
  const details = useRef<HTMLDetailsElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const posted = useRef(false);
  // With JavaScript the page stays: a save that went through (no error came back) closes and empties the form.
  useEffect(() => {
    if (navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save-search')
      posted.current = true;
    if (navigation.state !== 'idle' || !posted.current) return;
    posted.current = false;
    if (result) return;
    form.current?.reset();
    if (details.current) details.current.open = false;
  }, [navigation.state, navigation.formData, result]);
  return (
    <details ref={details} className="save-search" open={result ? true : undefined}>
      <summary className="button button--small button--secondary">{t('saveSearch.saveThis')}</summary>
      <Form
        ref={form}
        id={FORM_ID}
        method="post"
        action={`/stock${search ? `?${search}` : ''}`}
        className="save-search__form"
        preventScrollReset
      >
        <input type="hidden" name="intent" value="save-search" />
        <div className="field">
          <label htmlFor={NAME.id}>{t('saveSearch.nameLabel')}</label>
          <input
            id={NAME.id}
            name="name"
            type="text"
            autoComplete="off"
            maxLength={400}
            defaultValue={sent('name') ?? ''}
            aria-invalid={errors ? true : undefined}
            aria-describedby={errors ? `${NAME.errorId} ${NAME.descriptionId}` : NAME.descriptionId}
          />
          <p id={NAME.descriptionId} className="field__hint">
            {t('saveSearch.nameHint', { max: SAVED_SEARCH_NAME_MAX })}
          </p>
          <FieldError id={NAME.errorId} errors={errors} words={(key) => t(key, errorValues(key))} />
        </div>
        <label className="checkbox">
          <input type="checkbox" name="alerts" value="on" defaultChecked={sent('alerts') === 'on'} />{' '}
          {t('saveSearch.alertsLabel')}
        </label>
        <button type="submit" className="button button--small button--primary" disabled={busy}>
          {t('saveSearch.save')}
        </button>
      </Form>
    </details>
  );
}
