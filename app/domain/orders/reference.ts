/**
 * The buyer's own reference on an order (refOrderNumber, their purchase-order number): asked for at
 * checkout, edited from the orders list, checked by this one rule everywhere (the portal's forms and
 * the tenant API alike).
 */
export const REFERENCE_MAX_LENGTH = 40;

/** Letters, digits and . _ / - with spaces inside, starting and ending with a letter or digit, at most 40; empty is none. */
export const REFERENCE = /^(?:[A-Za-z0-9](?:[A-Za-z0-9 ._/-]{0,38}[A-Za-z0-9])?)?$/;

/** The reference as it is kept (trimmed; '' for none), or null when the rule refuses what was typed. */
export function referenceOf(typed: string): string | null {
  const value = typed.trim();
  return REFERENCE.test(value) ? value : null;
}
