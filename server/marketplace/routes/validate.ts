import type { Context, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { ApiError } from '../errors';

/** Parses a JSON body with a schema; a bad body is a 400 naming the first problem, never a 500. */
export async function jsonBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new ApiError(400, 'invalidJson', 'The request body is not valid JSON');
  }
  if (hasNul(raw)) throw new ApiError(400, 'validationFailed', 'Text may not contain NUL characters');
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ApiError(400, 'validationFailed', `${issue.path.join('.') || 'body'}: ${issue.message}`);
  }
  return parsed.data;
}

/** A NUL anywhere in a JSON value: no field takes one, and PostgreSQL text cannot hold it. */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, v]) => key.includes('\u0000') || hasNul(v, depth + 1));
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
