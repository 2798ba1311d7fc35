import { hasAuthority } from '~/domain/authorities';
import { json } from './json';
import type { SessionUser } from './session';

/**
 * The returns pages and files need CAN_VIEW_RETURNS: the menu hides Returns without it, and a
 * bookmarked or typed address gets a 403 that says why instead of an empty list.
 */
export function requireReturnsAccess(user: SessionUser): void {
  if (!hasAuthority(user.authorities, 'CAN_VIEW_RETURNS')) throw json({ message: 'errors.returnsNotViewable' }, { status: 403 });
}
