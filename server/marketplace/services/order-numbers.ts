import { randomToken } from './passwords';

/** A new order's number: readable, sortable by time, not guessable from another buyer's. */
export const newOrderNumber = () => `SO-${Date.now().toString(36).toUpperCase()}-${randomToken(3).toUpperCase()}`;
