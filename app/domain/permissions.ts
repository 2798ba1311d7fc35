import { hasAuthority } from './authorities';

/** What the permission rules read of the signed-in buyer. */
export interface BuyerCapabilities {
  authorities: readonly string[];
  isPxns: boolean;
}

/**
 * Every buying control follows one rule (spec 1 §6): CAN_BUY_ONLINE enables the buy and offer
 * buttons, IMPORT, the cart link and icon; a pxns seller participant sees a pending-order count
 * instead of buy buttons, so it never buys, whatever its authorities.
 */
export function canBuy(user: BuyerCapabilities): boolean {
  return hasAuthority(user.authorities, 'CAN_BUY_ONLINE') && !user.isPxns;
}

/** Stock alerts: CAN_SET_STOCKLIST_ALERT, and never for a pxns seller (spec 1 §1 and §6). */
export function canSetAlerts(user: BuyerCapabilities): boolean {
  return hasAuthority(user.authorities, 'CAN_SET_STOCKLIST_ALERT') && !user.isPxns;
}
