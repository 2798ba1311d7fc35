import type { OfferState } from '../offers/status';

export const CART_TABS = [0, 1, 2] as const;
export type CartTab = (typeof CART_TABS)[number];

/** The `tab` query value: 0, 1 or 2; anything else is the Cart tab (spec 2 §2). */
export function parseTab(value: string | null): CartTab {
  return value === '1' ? 1 : value === '2' ? 2 : 0;
}

/** Which tab an entry belongs to by its offer state (spec 2 §4); out-of-stock entries stay in the Cart. */
export function tabOfState(state: OfferState): CartTab {
  if (state === 'AWAITING_BUYER_REVIEW') return 1;
  if (state === 'AWAITING_TENANT_REVIEW') return 2;
  return 0;
}

/**
 * The tab to show once entries left the current one (MOVE TO CART, DELETE ALL, a delete): the same
 * tab while it has entries, else the first that has some; the Cart when all are empty.
 */
export function tabAfter(counts: readonly [number, number, number], current: CartTab): CartTab {
  if (counts[current] > 0) return current;
  return CART_TABS.find((tab) => counts[tab] > 0) ?? 0;
}

/**
 * The tab to show after a SAVE moved one entry from tab `from` to tab `to` (`counts` as before the
 * save): the tab the buyer is on while it keeps entries, else the tab the entry went to, which the
 * success message names. The buyer is never left on a tab the save emptied.
 */
export function tabAfterMove(
  counts: readonly [number, number, number],
  current: CartTab,
  from: CartTab,
  to: CartTab,
): CartTab {
  const left = counts[current] - (current === from ? 1 : 0) + (current === to ? 1 : 0);
  return left > 0 ? current : to;
}

/** 'Your offer was saved and moved to the {section} section of the Cart Page', one text per section. */
export const MOVED_TO_SECTION: Record<CartTab, string> = {
  0: 'cart.movedTo.cart',
  1: 'cart.movedTo.yourReview',
  2: 'cart.movedTo.sellerReview',
};

/** Tab 2 shows its entries in batches of 20. */
export const SELLER_REVIEW_BATCH = 20;

/**
 * Entries a warehouse box of the Cart and Your Review tabs shows at first and per 'show more': the
 * seller's review tab's batch of 20 (spec 2 §2) serves every tab, so a cart of a thousand lines is a
 * page a browser opens at once. Totals, select-all, checkout and delete-all still cover every entry
 * of the box.
 */
export const CART_PAGE = SELLER_REVIEW_BATCH;

/** How many entries a box of a tab shows per page. */
export const pageSizeOf = (tab: CartTab) => (tab === 2 ? SELLER_REVIEW_BATCH : CART_PAGE);
