import { useNavigate } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { PAYMENT_WINDOW, PAYMENT_WINDOW_FEATURES } from '~/domain/checkout/payment';
import { usePaymentResult } from './usePaymentResult';

/** How often the page looks whether the pop-up is still open, and how long it waits for the pop-up's result after it closed. */
const WATCH_MS = 500;
const LAST_WORD_MS = 1_000;

/**
 * The 600×700 payment pop-up seen from the page that opened it (scripts only): `open` opens it (named,
 * so that a form can post into it) and watches it. Its result brings the page to the thank-you page
 * (usePaymentResult); closed without a result, or lost, it is a FAILURE (spec 2 §4) and `onClosed` runs.
 */
export function usePaymentWindow(onClosed: () => void) {
  const [popup, setPopup] = useState<Window | null>(null);
  const answered = useRef(false);
  const closed = useRef(onClosed);
  closed.current = onClosed;
  usePaymentResult(() => {
    answered.current = true;
  });
  useEffect(() => {
    if (!popup) return;
    let last: number | undefined;
    const watch = window.setInterval(() => {
      if (!popup.closed) return;
      window.clearInterval(watch);
      // The pop-up posts its result before it closes itself: a moment for that message to arrive.
      last = window.setTimeout(() => {
        if (answered.current) return;
        setPopup(null);
        closed.current();
      }, LAST_WORD_MS);
    }, WATCH_MS);
    return () => {
      window.clearInterval(watch);
      window.clearTimeout(last);
    };
  }, [popup]);
  return {
    popup,
    /** Opens the pop-up (from a click: pop-up blockers allow no other time); null when the browser refused it. */
    open(): Window | null {
      const opened = window.open('', PAYMENT_WINDOW, PAYMENT_WINDOW_FEATURES);
      answered.current = false;
      // After the click's own submission: the button that posts into the pop-up may be in what this hides.
      window.setTimeout(() => setPopup(opened), 0);
      return opened;
    },
  };
}

/** Shown instead of the page's confirm dialog while the buyer pays in the pop-up: where to look, and a way back to it. */
export function PayingElsewhere({ popup }: { popup: Window }) {
  const { t } = useTranslation();
  return (
    <section className="banner banner--info paying-elsewhere" role="status" aria-labelledby="paying-elsewhere-title">
      <h2 id="paying-elsewhere-title">{t('checkout.paying.title')}</h2>
      <p>{t('checkout.paying.text')}</p>
      <button type="button" className="button button--primary" onClick={() => (popup.closed ? null : popup.focus())}>
        {t('checkout.paying.reopen')}
      </button>
    </section>
  );
}

/** The checkout's way to the thank-you page of the order its submission made, as a failed payment (or back to the cart when it made none). */
export function useLostPaymentWindow(submissionKey: string) {
  const navigate = useNavigate();
  return () => navigate(`/checkout/order-release-confirmation?${new URLSearchParams({ submission: submissionKey })}`);
}
