/** Authorities a buyer user may hold, and what each unlocks (specs 1 §6 and 2 §6). */
export const AUTHORITIES = [
  'CAN_BUY_ONLINE',
  'CAN_SET_STOCKLIST_ALERT',
  'CAN_SUBSCRIBE_DAILY_REPORT',
  'CAN_VIEW_AUCTION_SUMMARY',
  'CAN_VIEW_ORDER',
  'CAN_UPDATE_ORDER',
  'CAN_VIEW_RETURNS',
] as const;

export type Authority = (typeof AUTHORITIES)[number];

export function hasAuthority(authorities: readonly string[], authority: Authority): boolean {
  return authorities.includes(authority);
}
