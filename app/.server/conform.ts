import type { Submission } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { z } from 'zod';
import { formRefusal } from '~/.server/forms';
import { json } from '~/.server/json';
import type { FormReply } from '~/components/form-reply';

interface RefuseOptions {
  /** i18n keys for the whole form and for fields, added to the schema's own. */
  formErrors?: string[];
  fieldErrors?: Record<string, string[]>;
  /** Fields whose sent values are not sent back (passwords). */
  hideFields?: string[];
  /** Values the rules changed, shown in place of what was sent. */
  values?: Record<string, string>;
  notices?: string[];
  status?: 400 | 403 | 404 | 409 | 413 | 422 | 502;
}

/** A refused form answered as Conform's last result for the page to show beside its fields (with what else the page needs to show it again: `extra`). */
export function refuseForm<E extends object = object>(form: string, submission: Submission<unknown>, { values, notices, status = 400, ...options }: RefuseOptions = {}, extra?: E) {
  const result = submission.reply(options);
  if (values) result.initialValue = { ...result.initialValue, ...values };
  return json<FormReply & E>({ ...(extra as E), form, result, ...(notices?.length ? { notices } : {}) }, { status });
}

/**
 * Parses a form whose person-typed fields are `typed` and the rest hidden fields, choices and
 * buttons the page itself wrote: a refusal of any of those comes from no page of ours, a 400 that
 * changes nothing; a refusal of typed fields is for the page to show beside them (refuseForm).
 */
export function parseTyped<T extends z.ZodType>(form: FormData, schema: T, typed: ReadonlySet<string>) {
  // Values as posted (an empty field is '', not absent): the schemas say themselves what they make of them.
  const submission = parseWithZod(form, { schema, disableAutoCoercion: true });
  if (submission.status === 'error' && Object.keys(submission.error ?? {}).some((name) => !typed.has(name))) throw formRefusal(400);
  return submission;
}

/**
 * A form of buttons and hidden fields (nothing a person types) parsed with its schema: it carries
 * only what the page put in it, so one outside the schema is a 400 that changes nothing.
 */
export function parseButtons<T extends z.ZodType>(form: FormData, schema: T): z.output<T> {
  const submission = parseWithZod(form, { schema });
  if (submission.status !== 'success') throw formRefusal(400);
  return submission.value as z.output<T>;
}
