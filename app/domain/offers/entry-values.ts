import { z } from 'zod';

/**
 * The numbers the entry rules let through (entry-rules.ts for offers and cart rows,
 * stock/alert-quantity.ts for alerts), as the tenant API takes them: whole numbers of at least 1.
 * A value the dialog would refuse or change (cents, 0) is refused here, not changed.
 */
export const MAX_ENTRY_QUANTITY = 10_000_000;
export const MAX_ENTRY_PRICE = 100_000_000;

const wholeAtLeastOne = (max: number) =>
  z.number().int('whole numbers only').min(1, 'at least 1').max(max, `at most ${max}`);

export const offerQuantityValue = wholeAtLeastOne(MAX_ENTRY_QUANTITY);
/** Spec 2 §5, §9: "Whole numbers only". */
export const offerPriceValue = wholeAtLeastOne(MAX_ENTRY_PRICE);
/** Spec 1 §5: blank or zero becomes 1 in the dialog, which the buyer sees before it is saved. */
export const alertQuantityValue = wholeAtLeastOne(MAX_ENTRY_QUANTITY);
