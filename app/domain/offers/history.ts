/**
 * An offer's history as the buyer reads it (issue 37): each recorded move of the offer (the
 * marketplace's offer_history rows) named by what happened, who did it, and the quantity and price
 * it left. One reading for the tenant API and the page.
 */
export const OFFER_EVENTS = [
  'placed',
  'addedToCart',
  'changed',
  'movedToCart',
  'countered',
  'accepted',
  'rejected',
  'expired',
  'priceDropped',
  'outOfStock',
  'backInStock',
  'removed',
  'updated',
] as const;
export type OfferEvent = (typeof OFFER_EVENTS)[number];

export const OFFER_ACTORS = ['buyer', 'seller', 'market'] as const;
export type OfferActor = (typeof OFFER_ACTORS)[number];

export interface OfferHistoryRow {
  actor: string;
  fromStatus: string | null;
  toStatus: string | null;
  detail: Record<string, unknown>;
}

const SELLER_ANSWERS: Record<string, OfferEvent> = {
  COUNTERED: 'countered',
  ACCEPTED: 'accepted',
  NOT_ACCEPTED: 'rejected',
  EXPIRED: 'expired',
  PRICE_DROPPED: 'priceDropped',
  OUT_OF_STOCK: 'outOfStock',
};

/** Actors are recorded as `buyer:<user id>`, `seller…` (the seller, its rules) or `market:…` (expiry, stock changes). */
export const actorOf = (actor: string): OfferActor =>
  actor.startsWith('buyer:') ? 'buyer' : actor.startsWith('seller') ? 'seller' : 'market';

const numberIn = (detail: Record<string, unknown>, key: string): number | null => {
  const value = detail[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};

export function offerEventOf(row: OfferHistoryRow): {
  event: OfferEvent;
  by: OfferActor;
  quantity: number | null;
  price: number | null;
} {
  const by = actorOf(row.actor);
  const quantity = numberIn(row.detail, 'offerQuantity');
  const offered = numberIn(row.detail, 'offerPrice');
  const event = eventOf(row, by);
  // A counter is read at its own price only: one recorded without it (before issue 51) has none, never the buyer's.
  const price =
    event === 'countered'
      ? numberIn(row.detail, 'counterPrice')
      : event === 'priceDropped'
        ? (numberIn(row.detail, 'priceAfter') ?? offered)
        : offered;
  return { event, by, quantity, price };
}

function eventOf(row: OfferHistoryRow, by: OfferActor): OfferEvent {
  if (row.toStatus === null) return 'removed';
  if (row.detail.movedToCart === true) return 'movedToCart';
  if (by === 'buyer') {
    if (row.fromStatus === null) return row.toStatus === 'BUY_AT_LIST' ? 'addedToCart' : 'placed';
    return row.toStatus === 'PENDING_ACCEPTANCE' ? 'placed' : 'changed';
  }
  if (row.fromStatus === 'OUT_OF_STOCK' && row.toStatus !== 'OUT_OF_STOCK') return 'backInStock';
  return SELLER_ANSWERS[row.toStatus] ?? 'updated';
}

/** The seller's answers a buyer is told about by e-mail. */
export const isSellerAnswer = (event: OfferEvent) =>
  event === 'countered' || event === 'accepted' || event === 'rejected';
