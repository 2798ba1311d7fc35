import { Form, useBeforeUnload, useBlocker } from '@remix-run/react';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The bulk-save bar (spec 3 §2.6): the count of unsaved changes (it animates for 3000 ms when it
 * moves), Save and Cancel. With scripts, leaving the page asks first.
 */
export function PendingChangesBar({ count, version, busy }: { count: number; version: number; busy: boolean }) {
  const { t } = useTranslation();
  const message = t('orders.pending.leave', { count });
  // Only leaving the order asks: its own links and posts stay on it.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => count > 0 && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(message)) blocker.proceed();
    else blocker.reset();
  }, [blocker, message]);
  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (count > 0) event.preventDefault();
      },
      [count],
    ),
  );
  if (!count) return null;
  return (
    <Form method="post" className="pending-bar" aria-labelledby="pending-count" preventScrollReset>
      <input type="hidden" name="version" value={version} />
      <p id="pending-count" role="status">
        {/* A new key restarts the animation each time the count moves. */}
        <span key={count} className="pending-bar__count">
          {t('orders.pending.count', { count })}
        </span>
      </p>
      <span className="pending-bar__actions">
        <button type="submit" name="intent" value="discard" className="button button--secondary" disabled={busy}>
          {t('orders.pending.cancel')}
        </button>
        <button type="submit" name="intent" value="save" className="button button--primary" disabled={busy}>
          {t('orders.pending.save')}
        </button>
      </span>
    </Form>
  );
}
