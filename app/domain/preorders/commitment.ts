/**
 * What a buyer may commit to a pre-order (issue 53): one set of rules for the portal's form and the
 * marketplace's API, each refusal an i18n key for the field it concerns.
 */
import { readWholeNumber, ENTRY_ERRORS } from '../offers/entry-rules';

/** Bounds of what a seller announces and a buyer commits (units; prices in minor units). */
export const PREORDER_LIMITS = {
  quantity: 1_000_000,
  price: 1_000_000_000,
  textLength: 120,
  reasonLength: 500,
} as const;

export const COMMITMENT_STATES = ['OPEN', 'WITHDRAWN', 'ALLOCATED', 'NOT_ALLOCATED', 'CANCELED'] as const;
export type CommitmentState = (typeof COMMITMENT_STATES)[number];

export const COMMITMENT_ERRORS = {
  required: 'preorders.errors.required',
  belowMinimum: 'preorders.errors.belowMinimum',
  aboveExpected: 'preorders.errors.aboveExpected',
  closed: 'preorders.errors.closed',
  notAllowed: 'preorders.errors.notAllowed',
  priceRequired: 'preorders.errors.priceRequired',
  priceBelowRange: 'preorders.errors.priceBelowRange',
  ...ENTRY_ERRORS,
} as const;

/** The terms of a pre-order a commitment is checked against. */
export interface PreorderTerms {
  expectedQuantity: number;
  minimumCommitment: number;
  /** Minor units; equal when the price is fixed, else the range a final price will be chosen in. */
  priceMin: number;
  priceMax: number;
  cutOff: Date;
}

export const isPriceRange = (terms: Pick<PreorderTerms, 'priceMin' | 'priceMax'>) => terms.priceMin < terms.priceMax;
export const isOpenAt = (terms: Pick<PreorderTerms, 'cutOff'>, now: Date) => now.getTime() < terms.cutOff.getTime();

export type CommitmentCheck =
  | { ok: true; quantity: number; maxUnitPrice: number | null }
  | { ok: false; errors: { quantity?: string; maxUnitPrice?: string } };

/** A commitment as numbers (the API's body): refused past the cut-off, below the minimum, above what is expected, or with a maximum under the range. */
export function checkCommitment(
  entry: { quantity: number; maxUnitPrice: number | null },
  terms: PreorderTerms,
  now: Date,
): CommitmentCheck {
  if (!isOpenAt(terms, now)) return { ok: false, errors: { quantity: COMMITMENT_ERRORS.closed } };
  const errors: { quantity?: string; maxUnitPrice?: string } = {};
  const { quantity } = entry;
  if (!Number.isSafeInteger(quantity)) errors.quantity = COMMITMENT_ERRORS.notWhole;
  else if (quantity < Math.max(1, terms.minimumCommitment)) errors.quantity = COMMITMENT_ERRORS.belowMinimum;
  else if (quantity > terms.expectedQuantity) errors.quantity = COMMITMENT_ERRORS.aboveExpected;
  let maxUnitPrice: number | null = null;
  if (isPriceRange(terms)) {
    maxUnitPrice = entry.maxUnitPrice;
    if (maxUnitPrice === null) errors.maxUnitPrice = COMMITMENT_ERRORS.priceRequired;
    else if (!Number.isSafeInteger(maxUnitPrice)) errors.maxUnitPrice = COMMITMENT_ERRORS.notWhole;
    else if (maxUnitPrice < terms.priceMin) errors.maxUnitPrice = COMMITMENT_ERRORS.priceBelowRange;
    // A maximum above the range commits to no more than the range's top.
    else maxUnitPrice = Math.min(maxUnitPrice, terms.priceMax);
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, quantity, maxUnitPrice };
}

/**
 * A commitment as typed in the form: the quantity a whole number of units, the maximum price a whole
 * amount of the currency (as offers are made), turned into minor units (hundredths, as money.ts keeps them).
 */
export function readCommitment(
  typed: { quantity: string; maxUnitPrice?: string },
  terms: PreorderTerms,
  now: Date,
  locale: string,
): CommitmentCheck {
  const errors: { quantity?: string; maxUnitPrice?: string } = {};
  const quantity = readWholeNumber(typed.quantity, locale);
  if (!quantity.ok) errors.quantity = quantity.error;
  else if (quantity.value === null) errors.quantity = COMMITMENT_ERRORS.required;
  else if (quantity.value > PREORDER_LIMITS.quantity) errors.quantity = COMMITMENT_ERRORS.aboveExpected;
  let maxUnitPrice: number | null = null;
  if (isPriceRange(terms)) {
    const price = readWholeNumber(typed.maxUnitPrice ?? '', locale);
    if (!price.ok) errors.maxUnitPrice = price.error;
    else if (price.value !== null) maxUnitPrice = price.value * 100;
  }
  if (!isOpenAt(terms, now)) return { ok: false, errors: { quantity: COMMITMENT_ERRORS.closed } };
  const checked = checkCommitment({ quantity: quantity.ok ? (quantity.value ?? 0) : 0, maxUnitPrice }, terms, now);
  if (!Object.keys(errors).length) return checked;
  return { ok: false, errors: { ...(checked.ok ? {} : checked.errors), ...errors } };
}

/**
 * The unit price a commitment's row shows: the final price once the stock arrived; before it, the
 * pre-order's fixed price, or the most the buyer said they would pay in a price range.
 */
export type CommitmentUnitPrice = { kind: 'final' | 'fixed' | 'upTo'; amount: number };

export function commitmentUnitPrice(
  commitment: { maxUnitPrice: number | null },
  preorder: Pick<PreorderTerms, 'priceMin' | 'priceMax'> & { unitPrice: number | null },
): CommitmentUnitPrice {
  if (preorder.unitPrice !== null) return { kind: 'final', amount: preorder.unitPrice };
  if (!isPriceRange(preorder)) return { kind: 'fixed', amount: preorder.priceMin };
  return { kind: 'upTo', amount: commitment.maxUnitPrice ?? preorder.priceMax };
}
