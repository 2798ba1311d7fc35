import type { Context } from 'hono';
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
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ApiError(400, 'validationFailed', `${issue.path.join('.') || 'body'}: ${issue.message}`);
  }
  return parsed.data;
}
