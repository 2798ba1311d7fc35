import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { idTextSchema } from '../../../app/domain/ids';
import { fieldName, unstorableTextPath } from '../../../app/domain/storable-text';
import { ApiError } from '../errors';

const refusal = (path: readonly PropertyKey[], message: string) =>
  new ApiError(400, 'validationFailed', `${fieldName(path)}: ${message}`);

/**
 * The one reader of JSON bodies: a bad body is a 400 naming the first problem, never a 500. Text
 * no database column can hold (a NUL, a lone surrogate) is refused here for every route, before
 * its schema.
 */
export async function jsonBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new ApiError(400, 'invalidJson', 'The request body is not valid JSON');
  }
  return checkedValue(raw, schema);
}

/** A value read from a body (JSON, or a JSON part of a multipart form) checked as jsonBody checks it. */
export function checkedValue<T extends z.ZodType>(raw: unknown, schema: T): z.infer<T> {
  const unstorable = unstorableTextPath(raw);
  if (unstorable) throw refusal(unstorable, 'text with a NUL or a lone surrogate cannot be stored');
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw refusal(issue.path, issue.message);
  }
  return parsed.data;
}

/**
 * Text that must say something: trimmed, then 1 to `max` characters. The document says "not blank"
 * with a pattern beside the length, so a fuzzer does not send only spaces for it.
 */
export const filledText = (max: number) => z.string().trim().min(1).max(max).meta({ pattern: '\\S' });

/** A path segment for an id: digits only here, its range checked by `idParam`. */
export const idSegment = (name: string) => `:${name}{[0-9]{1,12}}`;

/** An id named in the path, as a positive 32-bit integer; anything else is a 400 naming it. */
export function idParam(c: Context, name: string): number {
  const parsed = idTextSchema.safeParse(c.req.param(name));
  if (!parsed.success) throw refusal([name], parsed.error.issues[0]!.message);
  return parsed.data;
}

/** Paths and queries that do not decode, or decode to a NUL, are refused before any route reads them. */
export const refuseBadPaths: MiddlewareHandler = async (c, next) => {
  let decoded: string;
  try {
    decoded = decodeURIComponent(c.req.url);
  } catch {
    throw new ApiError(400, 'badPath', 'The address is not valid');
  }
  if (decoded.includes('\u0000')) throw new ApiError(400, 'badPath', 'The address is not valid');
  await next();
};
