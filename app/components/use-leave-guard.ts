import { useBeforeUnload, useBlocker } from '@remix-run/react';
import { useCallback, useEffect } from 'react';

/** The spec's default window-close warning; browsers show their own text but need one set. */
export const LEAVE_WARNING = 'There is one task pending, do you want to leave anyways?';

/**
 * Scripts only: while a task is pending (an unsaved edit), closing or reloading the window, going to
 * another page of the portal, or signing out asks first. Posts to the same page (saving the edit)
 * pass. Without scripts nothing needs guarding: every edit is posted.
 */
export function useLeaveGuard(pending: boolean, message = LEAVE_WARNING) {
  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (!pending) return;
        event.preventDefault();
        event.returnValue = message;
      },
      [pending, message],
    ),
  );
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => pending && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(message)) blocker.proceed();
    else blocker.reset();
  }, [blocker, message]);
}
