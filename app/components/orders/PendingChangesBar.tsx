import { Form, useBeforeUnload, useBlocker } from '@remix-run/react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { STICKY_BAR } from '../checkout/use-rows';

interface Unfinished {
  rows: string[];
  line: boolean;
}

/** 'Please finalize the following: {items}': the rows and the line still open when a save was asked for. */
export function FinalizeFirst({ rows, line }: Unfinished) {
  const { t } = useTranslation();
  const items = [...rows.map((row) => t(`checkout.row.${row}`)), ...(line ? [t('orders.details.items')] : [])];
  if (!items.length) return null;
  return (
    <p className="banner banner--error" role="alert">
      {t('checkout.finalize', { items: items.join(', ') })}
    </p>
  );
}

/**
 * With scripts rows and lines open without a round trip, so the page itself checks, before these
 * intents post, that none is still open (without scripts the action does, from the URL).
 */
export function useFinishFirst(intents: string[]) {
  const [open, setOpen] = useState<Unfinished | null>(null);
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const rows = [...document.querySelectorAll<HTMLElement>('.checkout-row--open')].map((row) =>
      row.id.replace(/^row-/, ''),
    );
    const line = document.querySelector('input[form="order-lines"][name="quantity"]') !== null;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter && intents.includes(submitter.value) && (rows.length || line)) {
      event.preventDefault();
      setOpen({ rows, line });
    } else setOpen(null);
  };
  return { open, onSubmit };
}

/**
 * The bulk-save bar (spec 3 §2.6): the count of unsaved changes (it animates for 3000 ms when it
 * moves), Save and Discard changes (spec 3's Cancel, named apart from Cancel order). With scripts, leaving
 * the page asks first.
 */
export function PendingChangesBar({ count, version, busy }: { count: number; version: number; busy: boolean }) {
  const { t } = useTranslation();
  const finish = useFinishFirst(['save']);
  const message = t('orders.pending.leave', { count });
  // Only leaving the order asks: its own links and posts stay on it.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => count > 0 && currentLocation.pathname !== nextLocation.pathname,
  );
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
    <Form
      method="post"
      className="pending-bar"
      aria-labelledby="pending-count"
      preventScrollReset
      onSubmit={finish.onSubmit}
      {...STICKY_BAR}
    >
      {finish.open ? <FinalizeFirst {...finish.open} /> : null}
      <input type="hidden" name="version" value={version} />
      <p id="pending-count" role="status">
        {/* A new key restarts the animation each time the count moves. */}
        <span key={count} className="pending-bar__count">
          {t('orders.pending.count', { count })}
        </span>
      </p>
      <span className="pending-bar__actions">
        <button type="submit" name="intent" value="discard" className="button button--secondary" disabled={busy}>
          {t('orders.pending.discard')}
        </button>
        <button type="submit" name="intent" value="save" className="button button--primary" disabled={busy}>
          {t('orders.pending.save')}
        </button>
      </span>
    </Form>
  );
}
