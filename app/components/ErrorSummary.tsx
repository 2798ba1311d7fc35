import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { scrollBelowStickyBars } from './sticky-bars';

/** What a summary reads of Conform's form metadata: its id (a field's is `<form>-<name>`) and every error by field name (i18n keys; '' is the form's own). */
export interface SummarisedForm {
  id: string;
  allErrors: Record<string, string[] | undefined>;
}

export interface SummaryItem {
  /** The id of the field the error is about: the link's target. */
  target: string;
  text: string;
}

/**
 * A refused form's errors as the summary lists them: each field's as a link to the field (Conform's
 * ids), in the order the answer gave them; the form's own errors as sentences, but those a field
 * already says (a form that repeats its first field error as its own).
 */
export function summaryOf(form: SummarisedForm, text: (key: string) => string) {
  const items: SummaryItem[] = [];
  const saidByFields = new Set<string>();
  for (const [name, errors] of Object.entries(form.allErrors)) {
    if (!name || !errors?.length) continue;
    errors.forEach((key) => saidByFields.add(key));
    items.push({ target: `${form.id}-${name}`, text: errors.map(text).join(' ') });
  }
  const sentences = (form.allErrors[''] ?? []).filter((key) => !saidByFields.has(key)).map(text);
  return { sentences, items };
}

/**
 * The GOV.UK Design System's error summary (docs/design.md §8): at the top of a form that came back
 * refused, "There is a problem" and each error as a link to its field. It takes focus on arrival:
 * `autofocus` on a full page load without scripts, and with scripts when the answer mounts it. Its id
 * is Conform's for the form's own errors, which the form's aria-describedby names.
 */
export function ErrorSummary({
  form,
  text,
  lead,
}: {
  /** The form whose errors to list (Conform's `form`). */
  form: SummarisedForm;
  /** An error key's words (i18next's `t` unless the form's messages need values). */
  text?: (key: string) => string;
  /** What the page says first about the refusal, before the errors. */
  lead?: ReactNode;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const { sentences, items } = summaryOf(form, text ?? ((key) => t(key)));
  const shown = items.length > 0 || sentences.length > 0 || Boolean(lead);
  useEffect(() => {
    if (!shown || !ref.current) return;
    scrollBelowStickyBars(ref.current);
    ref.current.focus({ preventScroll: true });
  }, [shown]);
  if (!shown) return null;
  const titleId = `${form.id}-error-summary`;
  return (
    // eslint-disable-next-line jsx-a11y/no-autofocus -- the summary is where the buyer starts again (GOV.UK's pattern)
    <div
      ref={ref}
      id={`${form.id}-error`}
      className="error-summary"
      role="alert"
      aria-labelledby={titleId}
      tabIndex={-1}
      autoFocus
    >
      <h2 className="error-summary__title" id={titleId}>
        {t('errors.summaryTitle')}
      </h2>
      {lead}
      {sentences.map((sentence) => (
        <p key={sentence}>{sentence}</p>
      ))}
      {items.length ? (
        <ul className="error-summary__list">
          {items.map((item) => (
            <li key={item.target}>
              <a href={`#${item.target}`}>{item.text}</a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
