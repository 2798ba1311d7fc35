import { useBeforeUnload } from '@remix-run/react';
import { useCallback } from 'react';

/** The spec's default window-close warning; browsers show their own text but need one set. */
export const LEAVE_WARNING = 'There is one task pending, do you want to leave anyways?';

/** Scripts only: while a task is pending (an unsaved edit), closing or reloading the window asks first. */
export function useLeaveGuard(pending: boolean) {
  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (!pending) return;
        event.preventDefault();
        event.returnValue = LEAVE_WARNING;
      },
      [pending],
    ),
  );
}
