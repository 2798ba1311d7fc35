import { randomBytes } from 'node:crypto';

/** A new order's number: readable, sortable by time, not guessable from another buyer's; letters, digits and dashes only (the portal's order paths take nothing else). */
export const newOrderNumber = () => `SO-${Date.now().toString(36).toUpperCase()}-${randomBytes(3).toString('hex').toUpperCase()}`;
