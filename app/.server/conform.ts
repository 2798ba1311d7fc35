import { data } from '@remix-run/node';
import type { Submission } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import type { z } from 'zod';
import { formRefusal } from '~/.server/forms';
import type { FormReply } from '~/components/form-reply';

/** Names every form may carry besides its schema's: the command (read by intentOf) and Conform's own. */
const ALWAYS_KNOWN = ['intent', '__intent__'];

/** The names a schema reads, as Conform writes them (`units[].imei`), worked out once per schema. */
const namesBySchema = new WeakMap<z.ZodType, ReadonlySet<string>>();

function namesOf(schema: z.ZodType): ReadonlySet<string> {
  let names = namesBySchema.get(schema);
  if (!names) {
    names = new Set([...Object.keys(getZodConstraint(schema)), ...ALWAYS_KNOWN]);
    namesBySchema.set(schema, names);
  }
  return names;
}

const INDEX = /\[(\d*)\]/g;

/** A posted name with its indices taken out (`units[3].imei` → `units[].imei`), or null when an index is `rows` or more. */
function shapeOf(name: string, rows: number): string | null {
  let withinRows = true;
  const shape = name.replace(INDEX, (_, digits: string) => {
    // Seven digits are past every form's rows: no need to read a longer number to refuse it.
    if (digits !== '' && (digits.length > 7 || Number(digits) >= rows)) withinRows = false;
    return '[]';
  });
  return withinRows ? shape : null;
}

export interface ParseOptions {
  /** How many rows the form's lists may have: a name with an index past it is refused (none by default). */
  rows?: number;
  /** Conform's coercion of empty fields to undefined (on unless the schema reads values as posted). */
  coerce?: boolean;
  /** Names the page writes one per row (`file-12`), which the action reads itself, not the schema. */
  rowNames?: RegExp;
}

/**
 * The one server-side parse of a form or query with its schema. Conform reads `name[N]` as index N
 * of a list, and a refused form is sent back with what it held: a name with an index past the form's
 * rows, or one its schema does not read, is a 400 that reads, changes and sends back nothing (an
 * 83-byte `x[100000000]=1` would otherwise build and echo a list of a hundred million entries).
 */
export function parseSubmission<T extends z.ZodType>(
  form: FormData | URLSearchParams,
  schema: T,
  { rows = 0, coerce = true, rowNames }: ParseOptions = {},
) {
  const names = namesOf(schema);
  for (const name of new Set(form.keys())) {
    if (rowNames?.test(name)) continue;
    const shape = shapeOf(name, rows);
    if (shape === null || !names.has(shape)) throw formRefusal(400);
  }
  return parseWithZod(form, { schema, disableAutoCoercion: !coerce });
}

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
export function refuseForm<E extends object = object>(
  form: string,
  submission: Submission<unknown>,
  { values, notices, status = 400, ...options }: RefuseOptions = {},
  extra?: E,
) {
  const result = submission.reply(options);
  if (values) result.initialValue = { ...result.initialValue, ...values };
  return data<FormReply & E>({ ...(extra as E), form, result, ...(notices?.length ? { notices } : {}) }, { status });
}

/**
 * Parses a form whose person-typed fields are `typed` and the rest hidden fields, choices and
 * buttons the page itself wrote: a refusal of any of those comes from no page of ours, a 400 that
 * changes nothing; a refusal of typed fields is for the page to show beside them (refuseForm).
 */
export function parseTyped<T extends z.ZodType>(
  form: FormData,
  schema: T,
  typed: ReadonlySet<string>,
  { rows }: Pick<ParseOptions, 'rows'> = {},
) {
  // Values as posted (an empty field is '', not absent): the schemas say themselves what they make of them.
  const submission = parseSubmission(form, schema, { rows, coerce: false });
  if (submission.status === 'error' && Object.keys(submission.error ?? {}).some((name) => !typed.has(name)))
    throw formRefusal(400);
  return submission;
}

/**
 * A form of buttons and hidden fields (nothing a person types) parsed with its schema: it carries
 * only what the page put in it, so one outside the schema is a 400 that changes nothing.
 */
export function parseButtons<T extends z.ZodType>(
  form: FormData,
  schema: T,
  options: Pick<ParseOptions, 'rows' | 'rowNames'> = {},
): z.output<T> {
  const submission = parseSubmission(form, schema, options);
  if (submission.status !== 'success') throw formRefusal(400);
  return submission.value as z.output<T>;
}
