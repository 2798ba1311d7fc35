import { useNavigate } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { confirmationPath, isPaymentMessage, PAYMENT_WINDOW, type PaymentMessage } from '~/domain/checkout/payment';

/**
 * For a page that opens the payment pop-up (the checkout screen, the thank-you page's retry): when
 * the pop-up reports a finished payment (a message of type 'px-payment' from this same origin), go
 * to that order's thank-you page, which reads the outcome from the order itself.
 */
export function usePaymentResult(onResult?: (message: PaymentMessage) => void) {
  const navigate = useNavigate();
  const callback = useRef(onResult);
  callback.current = onResult;
  useEffect(() => {
    const listener = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isPaymentMessage(event.data)) return;
      callback.current?.(event.data);
      navigate(confirmationPath(event.data.orderNumber, event.data.status === 'FAILURE' ? 'FAILURE' : undefined));
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [navigate]);
}

/** How long the pop-up shows the outcome before it closes itself. */
export const POPUP_CLOSE_DELAY_MS = 600;

/**
 * For the thank-you page when it opens inside the payment pop-up (the provider sent the browser back
 * there): tell the opener what happened and close after a moment. Answers whether it is closing.
 * Without JavaScript, or in a full-page flow, nothing happens: the page itself shows the outcome.
 */
export function useReportToOpener(message: PaymentMessage | null): boolean {
  const [closing, setClosing] = useState(false);
  const orderNumber = message?.orderNumber;
  const status = message?.status;
  useEffect(() => {
    if (!orderNumber || !status) return;
    const opener = window.opener as Window | null;
    if (!opener || opener.closed || window.name !== PAYMENT_WINDOW) return;
    try {
      opener.postMessage({ type: 'px-payment', orderNumber, status } satisfies PaymentMessage, window.location.origin);
    } catch {
      return;
    }
    setClosing(true);
    const timer = window.setTimeout(() => window.close(), POPUP_CLOSE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [orderNumber, status]);
  return closing;
}
