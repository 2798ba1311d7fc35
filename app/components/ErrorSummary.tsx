import type { MouseEvent, ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { scrollBelowStickyBars } from './sticky-bars';

/**
 * A refused form as the summary reads it: its id (a field's is `<form>-<name>`, Conform's ids) and
 * the errors of the action's reply by field name (i18n keys; '' is the form's own).
 */
export interface SummarisedForm {
  id: string;
  errors: Record<string, string[] | null | undefined> | undefined;
}

/** A Conform form as the summary reads it: its id, whether its last check refused it, and its errors now. */
interface ConformForm {
  id: string;
  status?: 'success' | 'error';
  allErrors: Record<string, string[]>;
}

/** An action's answer as Conform's `lastResult` (the reply of `parseSubmission`). */
interface Answer {
  status?: 'success' | 'error';
  error?: Record<string, string[] | null> | null;
}

const answered = (answer: Answer | null | undefined) => (answer?.status === 'error' ? (answer.error ?? {}) : undefined);

/**
 * The errors a form's summary lists: what its last submit was refused for, by the action's answer
 * or (with scripts) by the browser's check of the same schema, kept as they were until the next
 * submit. Live errors would shrink the summary as each field is put right, moving the form's button
 * away from under the pointer between the press and the release that leaves the last field.
 */
export function useSubmittedErrors(form: ConformForm, answer: Answer | null | undefined): SummarisedForm {
  const [kept, setKept] = useState(() => ({ answer, errors: answered(answer) }));
  const latest = useRef(form);
  latest.current = form;
  useEffect(() => {
    const element = document.getElementById(form.id);
    if (!element) return;
    // Read once the browser's check has answered the submit (Conform reports it in the same event).
    const submitted = () =>
      setTimeout(() =>
        setKept((k) => ({
          answer: k.answer,
          errors: latest.current.status === 'error' ? latest.current.allErrors : undefined,
        })),
      );
    element.addEventListener('submit', submitted);
    return () => element.removeEventListener('submit', submitted);
  }, [form.id]);
  if (kept.answer !== answer) {
    const next = { answer, errors: answered(answer) };
    setKept(next);
    return { id: form.id, errors: next.errors };
  }
  return { id: form.id, errors: kept.errors };
}

export interface SummaryItem {
  /** The id of the field the error is about: the link's target. */
  target: string;
  text: string;
}

/**
 * A refused form's errors as the summary lists them: each field's as a link to the field (Conform's
 * ids), in the page's `order` of field names (the reply's keys keep the schema's order, not the
 * page's); the form's own errors as sentences, but those a field already says (a form that repeats
 * its first field error as its own).
 */
export function summaryOf(form: SummarisedForm, text: (key: string) => string, order: readonly string[] = []) {
  const items: (SummaryItem & { at: number })[] = [];
  const saidByFields = new Set<string>();
  for (const [name, errors] of Object.entries(form.errors ?? {})) {
    if (!name || !errors?.length) continue;
    errors.forEach((key) => saidByFields.add(key));
    const at = order.indexOf(name);
    items.push({ target: `${form.id}-${name}`, text: errors.map(text).join(' '), at: at < 0 ? order.length : at });
  }
  const sentences = (form.errors?.[''] ?? []).filter((key) => !saidByFields.has(key)).map(text);
  return { sentences, items: items.sort((a, b) => a.at - b.at).map(({ target, text }) => ({ target, text })) };
}

/** A summary link's field, scrolled to below the sticky bars and focused, without changing the URL. */
function focusField(event: MouseEvent<HTMLAnchorElement>, target: string) {
  const field = document.getElementById(target);
  if (!field) return;
  event.preventDefault();
  scrollBelowStickyBars(field);
  field.focus({ preventScroll: true });
}

/**
 * The GOV.UK Design System's error summary (docs/design.md §8): at the top of a form that came back
 * refused, "There is a problem" and each error as a link to its field. It takes focus on arrival:
 * `autofocus` on a full page load without scripts, and with scripts when the answer mounts it. Its id
 * is Conform's for the form's own errors, which the form's aria-describedby names. With scripts a
 * link moves the focus itself: a change of the URL's fragment is a navigation to the router, which
 * would drop the action's answer, and the errors with it.
 */
export function ErrorSummary({
  form,
  text,
  order,
  lead,
}: {
  /** The form whose errors to list: its id and its reply's errors. */
  form: SummarisedForm;
  /** An error key's words (i18next's `t` unless the form's messages need values). */
  text?: (key: string) => string;
  /** The form's field names in the order the page shows them: the errors are listed in it. */
  order?: readonly string[];
  /** What the page says first about the refusal, before the errors. */
  lead?: ReactNode;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const { sentences, items } = summaryOf(form, text ?? ((key) => t(key)), order);
  const shown = items.length > 0 || sentences.length > 0 || Boolean(lead);
  useEffect(() => {
    if (!shown || !ref.current) return;
    scrollBelowStickyBars(ref.current);
    ref.current.focus({ preventScroll: true });
  }, [shown]);
  if (!shown) return null;
  const titleId = `${form.id}-error-summary`;
  return (
    <div
      ref={ref}
      id={`${form.id}-error`}
      className="error-summary"
      role="alert"
      aria-labelledby={titleId}
      tabIndex={-1}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- the summary is where the buyer starts again (GOV.UK's pattern)
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
              <a href={`#${item.target}`} onClick={(event) => focusField(event, item.target)}>
                {item.text}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
