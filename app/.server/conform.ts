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
  status?: 400 | 403 | 404 | 409 | 413 | 422;
}

/** A refused form answered as Conform's last result for the page to show beside its fields. */
export function refuseForm(form: string, submission: Submission<unknown>, { values, notices, status = 400, ...options }: RefuseOptions = {}) {
  const result = submission.reply(options);
  if (values) result.initialValue = { ...result.initialValue, ...values };
  return json<FormReply>({ form, result, ...(notices?.length ? { notices } : {}) }, { status });
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
