import { MAX_BID } from './proxy-bidding';

/** Minor units in one unit of the currency, as the portal's money formatting counts them (formatMinor). */
const MINOR_PER_UNIT = 100;

export type BidEntry =
  | { amount: number }
  | { error: 'auctions.bid.errors.required' | 'auctions.bid.errors.notWhole' | 'auctions.bid.errors.notPositive' }
  | { error: 'auctions.bid.errors.aboveLimit'; limit: number };

/**
 * A maximum bid as the buyer types it: a whole amount of the currency (spaces and thousands
 * separators allowed), in minor units; anything else says why beside the field.
 */
export function parseBidEntry(text: string): BidEntry {
  const typed = text.replace(/[\s\u00a0\u202f']/g, '');
  if (!typed) return { error: 'auctions.bid.errors.required' };
  if (/^-/.test(typed)) return { error: 'auctions.bid.errors.notPositive' };
  const digits = typed.replace(/^(\d{1,3})([.,]\d{3})+$/, (whole) => whole.replace(/[.,]/g, ''));
  if (!/^\d+$/.test(digits)) return { error: 'auctions.bid.errors.notWhole' };
  const amount = Number(digits) * MINOR_PER_UNIT;
  if (amount === 0) return { error: 'auctions.bid.errors.notPositive' };
  if (!Number.isSafeInteger(amount) || amount > MAX_BID)
    return { error: 'auctions.bid.errors.aboveLimit', limit: MAX_BID };
  return { amount };
}
