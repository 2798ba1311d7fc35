import { hasAuthority } from '~/domain/authorities';
import { data } from '@remix-run/node';
import type { SessionUser } from './session';

/**
 * The auction pages need CAN_VIEW_AUCTION_SUMMARY (the menu hides Auctions without it): a typed or
 * bookmarked address gets a 403 that says why instead of an empty list.
 */
export function requireAuctionsAccess(user: SessionUser): void {
  if (hasAuthority(user.authorities, 'CAN_VIEW_AUCTION_SUMMARY')) return;
  throw data({ message: 'auctions.notAllowed' }, { status: 403 });
}
