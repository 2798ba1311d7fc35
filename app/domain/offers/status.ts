/** Offer statuses of spec 1 §4 and spec 2 §4, and the state (cart tab) each one puts an offer in. */
export const OFFER_STATUSES = [
  'BUY_AT_LIST',
  'PENDING_ACCEPTANCE',
  'ACCEPTED',
  'COUNTERED',
  'NOT_ACCEPTED',
  'EXPIRED',
  'PRICE_DROPPED',
  'OUT_OF_STOCK',
] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export const OFFER_STATES = [
  'READY_TO_CHECKOUT',
  'AWAITING_BUYER_REVIEW',
  'AWAITING_TENANT_REVIEW',
  'OUT_OF_STOCK',
] as const;
export type OfferState = (typeof OFFER_STATES)[number];

const STATE_OF: Record<OfferStatus, OfferState> = {
  BUY_AT_LIST: 'READY_TO_CHECKOUT',
  ACCEPTED: 'READY_TO_CHECKOUT',
  PRICE_DROPPED: 'READY_TO_CHECKOUT',
  PENDING_ACCEPTANCE: 'AWAITING_TENANT_REVIEW',
  COUNTERED: 'AWAITING_BUYER_REVIEW',
  NOT_ACCEPTED: 'AWAITING_BUYER_REVIEW',
  EXPIRED: 'AWAITING_BUYER_REVIEW',
  OUT_OF_STOCK: 'OUT_OF_STOCK',
};

export function offerStateOf(status: OfferStatus): OfferState {
  return STATE_OF[status];
}

export function isOfferStatus(value: string): value is OfferStatus {
  return (OFFER_STATUSES as readonly string[]).includes(value);
}

/** The i18n key of the label a status is shown with ('Offered' for PENDING_ACCEPTANCE, 'Rejected' for NOT_ACCEPTED). */
export const statusLabelKey = (status: OfferStatus) => `offers.status.${status}`;

/**
 * MOVE TO CART takes a counter at its price, but a rejected or expired offer becomes a purchase at
 * the list price: the buyer is told before it moves.
 */
export const movesAtListPrice = (status: OfferStatus) => status === 'NOT_ACCEPTED' || status === 'EXPIRED';
