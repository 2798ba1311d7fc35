import { z } from 'zod';

/** The largest id a database `integer` column holds. */
export const MAX_ID = 2 ** 31 - 1;

/**
 * A database id as a client sends it: a positive 32-bit integer. Anything past it names nothing,
 * and PostgreSQL would fail on it rather than find nothing, so it is refused at the boundary.
 */
export const idSchema = z
  .number()
  .int('an id is a whole number')
  .min(1, 'an id is positive')
  .max(MAX_ID, 'an id is at most 2147483647');

/** Several ids in one call (offers to delete or move, cart entries to check out). */
export const idListSchema = z.array(idSchema).min(1).max(5000);

/** An id written in a path, a query or a form field. */
export const idTextSchema = z
  .string()
  .regex(/^(0|[1-9]\d{0,9})$/, 'an id is written in digits')
  .transform(Number)
  .pipe(idSchema);
