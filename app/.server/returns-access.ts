import { data, redirect } from '@remix-run/node';
import { hasAuthority } from '~/domain/authorities';
import type { SessionUser } from './session';

/**
 * The returns pages and files need CAN_VIEW_RETURNS: the menu hides Returns without it, and a
 * bookmarked or typed address gets a 403 that says why instead of an empty list. A file (the
 * export, a packing slip) has no page to say it on: it leads to the returns page, which does.
 */
export function requireReturnsAccess(user: SessionUser, { file = false } = {}): void {
  if (hasAuthority(user.authorities, 'CAN_VIEW_RETURNS')) return;
  if (file) throw redirect('/returns');
  throw data({ message: 'errors.returnsNotViewable' }, { status: 403 });
}
