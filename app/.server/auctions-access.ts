import { hasAuthority } from '~/domain/authorities';
import { data } from '@remix-run/node';
import type { SessionUser } from './session';

export const canViewAuctions = (user: SessionUser) => hasAuthority(user.authorities, 'CAN_VIEW_AUCTION_SUMMARY');

/**
 * The auction pages need CAN_VIEW_AUCTION_SUMMARY (the menu hides Auctions without it): a typed or
 * bookmarked address gets a 403 that says why instead of an empty list.
 */
export function requireAuctionsAccess(user: SessionUser): void {
  if (canViewAuctions(user)) return;
  throw data({ message: 'auctions.notAllowed' }, { status: 403 });
}
