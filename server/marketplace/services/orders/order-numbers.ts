import { randomBytes } from 'node:crypto';

/**
 * A new order's number: readable, sortable by time, not guessable from another buyer's; letters,
 * digits and dashes only (the portal's order paths take nothing else). Five random bytes: with
 * three, numbers made in the same millisecond met often enough (a birthday chance of about 1 in
 * 200 for 400 of them) to fail the test now and then, and an order's insert would have failed.
 */
export const newOrderNumber = () =>
  `SO-${Date.now().toString(36).toUpperCase()}-${randomBytes(5).toString('hex').toUpperCase()}`;
