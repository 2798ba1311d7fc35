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

/**
 * What the operator took away since sign-in, for the shell to say why a button is gone: the
 * authorities held before and not now, with those taken earlier that are still missing.
 */
export function revokedAuthorities(
  before: readonly string[],
  after: readonly string[],
  earlier: readonly string[] = [],
): string[] {
  return [...new Set([...earlier, ...before])].filter((authority) => !after.includes(authority));
}

/** The notice per authority taken away; the two order authorities share one (the Orders entry needs both). */
export const REVOKED_NOTICE: Record<Authority, string> = {
  CAN_BUY_ONLINE: 'revoked.buy',
  CAN_SET_STOCKLIST_ALERT: 'revoked.alerts',
  CAN_SUBSCRIBE_DAILY_REPORT: 'revoked.dailyReport',
  CAN_VIEW_AUCTION_SUMMARY: 'revoked.auctions',
  CAN_VIEW_ORDER: 'revoked.orders',
  CAN_UPDATE_ORDER: 'revoked.orders',
  CAN_VIEW_RETURNS: 'revoked.returns',
};

/** The notices for what was taken away, once each, in the order of AUTHORITIES. */
export function revokedNotices(revoked: readonly string[]): string[] {
  return [...new Set(AUTHORITIES.filter((a) => revoked.includes(a)).map((a) => REVOKED_NOTICE[a]))];
}
