import { z } from 'zod';
import { idTextSchema } from '~/domain/ids';
import { isStorableText } from '~/domain/storable-text';

/** The largest plain form any screen posts (a cart box of a thousand ticked lines is about 20 KB). */
export const MAX_FORM_BYTES = 256 * 1024;

/** How far past its limit a refused body is still read (and dropped) before it is left unread and the connection closed. */
const DRAIN_LIMIT = 16;

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/**
 * What an action answers to a body it cannot take: a 4xx with a message key, never a 500, thrown. A
 * Response rather than Remix's data(): resource routes (the uploads, the spreadsheets) throw it too,
 * and Remix 2 keeps a thrown body there only when it is a Response. A body
 * refused part-read leaves the connection unusable for another request; the server closes it
 * (server/http/bad-requests.ts, closeWhenBodyUnread), whatever headers reach it from here.
 */
export function formRefusal(
  status: 400 | 413 | 415,
  message = status === 413 ? 'errors.tooLarge' : status === 415 ? 'errors.notAForm' : 'errors.badRequest',
) {
  return Response.json({ message }, { status, headers: status === 413 ? { Connection: 'close' } : {} });
}

/** Keeps at most `limit` bytes of the body; a longer one is drained (up to DRAIN_LIMIT times the limit) and refused with a 413. */
async function boundedBody(request: Request, limit: number): Promise<Blob> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > DRAIN_LIMIT * limit) throw formRefusal(413);
  if (!request.body) return new Blob([]);
  const chunks: BlobPart[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size <= limit) chunks.push(value as Uint8Array<ArrayBuffer>);
    else if (size > DRAIN_LIMIT * limit) break;
  }
  // The rest was read and dropped (up to a bound) so the answer reaches the client on a sound connection.
  if (size > limit) throw formRefusal(413);
  return new Blob(chunks);
}

/**
 * Reads and drops a body an action does not use, so that the answer goes out on a sound connection;
 * past a bound it stops reading and the server closes the connection after the answer. It never
 * cancels the body: that cuts the connection before the answer is written.
 */
export async function discardBody(request: Request, limit = DRAIN_LIMIT * MAX_FORM_BYTES): Promise<void> {
  if (!request.body || request.bodyUsed) return;
  if (Number(request.headers.get('content-length') ?? '0') > limit) return;
  const reader = request.body.getReader();
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
      if (size > limit) return reader.releaseLock();
    }
  } catch {
    // the client went away: nothing to answer on
  }
}

/**
 * The one reader of form bodies: only form encodings, at most `limit` bytes, and no name or value
 * that cannot be stored (a NUL, a lone surrogate: no person types them). Anything else is thrown as a 4xx.
 */
export async function readForm(
  request: Request,
  { limit = MAX_FORM_BYTES }: { limit?: number } = {},
): Promise<FormData> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(type)) throw formRefusal(415);
  const body = await boundedBody(request, limit);
  if (type === FORM_TYPES[0] && !isSoundUrlencoded(await body.text())) throw formRefusal(400);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': request.headers.get('content-type')! } }).formData();
  } catch {
    throw formRefusal(400);
  }
  refuseUnstorableText(form);
  return form;
}

/** A form with a name or text value that cannot be stored (a NUL, a lone surrogate) is a 400: no person types them. */
export function refuseUnstorableText(form: FormData): void {
  for (const [name, value] of form.entries()) {
    if (!isStorableText(name) || (typeof value === 'string' && !isStorableText(value))) throw formRefusal(400);
  }
}

/** Browsers escape every byte they send in a form; a stray `%` or escapes that are not UTF-8 come from somewhere else. */
function isSoundUrlencoded(text: string): boolean {
  if (/%(?![0-9A-Fa-f]{2})/.test(text)) return false;
  try {
    for (const part of text.split('&')) decodeURIComponent(part.replace(/\+/g, ' '));
    return true;
  } catch {
    return false;
  }
}

/** Reads the intent, one of a closed set; any other is a 400. */
export function intentOf<const T extends readonly [string, ...string[]]>(form: FormData, intents: T): T[number] {
  const value = singleIntent(form);
  const found = intents.find((intent) => intent === value);
  if (found === undefined) throw formRefusal(400, 'errors.unknownAction');
  return found;
}

/**
 * An action's answer to each of its intents, each a named function beside the form that posts it:
 * the intent is read from the handlers' names (a closed set; any other is a 400) and answered by its own.
 * Handlers may answer in different shapes: the action's answer is their union.
 */
export function dispatchIntent<H extends Record<string, (form: FormData) => unknown>>(
  form: FormData,
  handlers: H,
): ReturnType<H[keyof H]> {
  const intents = Object.keys(handlers) as [keyof H & string, ...(keyof H & string)[]];
  return handlers[intentOf(form, intents)]!(form) as ReturnType<H[keyof H]>;
}

/** The form's intent when it names exactly one (two buttons' values at once is not a command). */
export function singleIntent(form: FormData): string | null {
  const values = form.getAll('intent');
  return values.length === 1 && typeof values[0] === 'string' ? values[0] : null;
}

/** Field shapes the action schemas share. */
export const fields = {
  /** A text field a person types in: kept as typed (the domain rules judge it), bounded in length; the message is an i18n key. */
  typed: (max: number, tooLong = 'validation.tooLong') => z.string().max(max, tooLong).default(''),
  /** A key the page itself put in a hidden field: present, short, printable, not blank. */
  key: (max = 200) =>
    z
      .string()
      .min(1)
      .max(max)
      .regex(/^[^\u0000-\u001f]*$/)
      .regex(/\S/),
  /** A database id in a hidden field or button value. */
  id: idTextSchema,
  /** A name posted zero, one or many times (checkboxes). */
  many: <T extends z.ZodType>(item: T) =>
    z
      .union([item, z.array(item)])
      .optional()
      .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
};
