import { data, redirect, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useEffect } from 'react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { z } from 'zod';
import { POPUP_CLOSE_DELAY_MS } from '~/components/checkout/usePaymentResult';
import { useTexts } from '~/i18n/use-texts';
import { logPurchase } from '~/.server/purchase-analytics';
import { checkoutApi } from '~/.server/api/checkout';
import { ApiFailure } from '~/.server/api/client';
import { requireBuyer } from '~/.server/auth';
import { failureToast, toastCookie } from '~/.server/toast';
import {
  confirmationPath,
  ORDER_NUMBER,
  PAYMENT_MESSAGE_TYPE,
  PAYMENT_WINDOW,
  type PaymentMessage,
} from '~/domain/checkout/payment';
import { ErrorPage } from '~/components/ErrorPage';

/**
 * The payment-confirmation pop-up page (spec 2): where the payment provider sends the browser back
 * (`returnUrl` of startPayment). It shows 'Please Wait...'; only when the provider says SUCCESS does it
 * ask the marketplace to confirm (which captures an approved payment once); anything else is a FAILURE.
 * Then, in the pop-up, it posts the result to the opener and closes after 600 ms; with no opener it
 * goes to /, which takes a signed-in buyer on to the order's thank-you page (`redirectTo`) — and so
 * does the Refresh header when no script runs. The thank-you page reads the outcome from the order.
 */
const returned = z.object({
  token: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/),
  PayerID: z
    .string()
    .max(100)
    .regex(/^[A-Za-z0-9_-]*$/)
    .optional(),
  status: z.enum(['SUCCESS', 'FAILURE']).optional(),
});

/** The query as sent by the provider: each name at most once, nothing else. */
function returnedQuery(url: URL) {
  const names = [...url.searchParams.keys()];
  if (names.some((name) => url.searchParams.getAll(name).length > 1)) return null;
  const parsed = returned.strict().safeParse(Object.fromEntries(url.searchParams));
  return parsed.success ? parsed.data : null;
}

type Outcome = PaymentMessage['status'];

/** Where the page goes when nobody opened it: /, on to the thank-you page of the order. */
const landing = (orderNumber: string, status: Outcome) =>
  `/?${new URLSearchParams({ redirectTo: confirmationPath(orderNumber, status === 'FAILURE' ? 'FAILURE' : undefined) })}`;

/** Seconds before a page without scripts moves on (with scripts the pop-up has closed by then). */
const NO_SCRIPT_REFRESH_SECONDS = 2;

function answer(orderNumber: string, status: Outcome, headers?: HeadersInit) {
  const next = landing(orderNumber, status);
  const all = new Headers(headers);
  all.set('Refresh', `${NO_SCRIPT_REFRESH_SECONDS}; url=${next}`);
  all.set('Cache-Control', 'no-store');
  return data({ orderNumber, status, next }, { headers: all });
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token } = await requireBuyer(request, context);
  const orderNumber = params.orderNumber ?? '';
  if (!ORDER_NUMBER.test(orderNumber)) return redirect('/stock');
  const query = returnedQuery(new URL(request.url));
  if (!query) {
    context.logger.warn({ orderNumber }, 'payment return without a valid query');
    return answer(orderNumber, 'FAILURE');
  }
  // Cancelled, or refused by the provider: nothing to confirm.
  if (query.status !== 'SUCCESS') return answer(orderNumber, 'FAILURE');
  try {
    // Read first: a return replayed after the capture (reload, back button) is not a second purchase.
    const before = await checkoutApi.orderSummary(context, token, orderNumber);
    const result = await checkoutApi.confirmPayment(context, token, orderNumber, query.token, query.PayerID ?? '');
    if (result.status === 'SUCCESS' && before.paymentStatus !== 'PAID') logPurchase(context, before);
    // An approved payment the order no longer owed: the thank-you page shows the order as it is, and this says what became of the payment.
    if (result.reason) {
      const key = result.reason === 'REFUNDED' ? 'confirmation.paymentRefunded' : 'confirmation.paymentVoided';
      return answer(orderNumber, result.status, { 'Set-Cookie': await toastCookie({ type: 'info', key }) });
    }
    return answer(orderNumber, result.status);
  } catch (error) {
    if (error instanceof Response) throw error;
    // An unknown token or another buyer's order: a failure; the thank-you page says what the order says (or that there is none).
    if (error instanceof ApiFailure && error.status < 500) {
      context.logger.warn({ err: error, orderNumber }, 'payment return refused');
      return answer(orderNumber, 'FAILURE');
    }
    // Payment confirmation failure: logged, and reported as a failure (spec 2 §8).
    context.logger.error({ err: error, orderNumber }, 'payment confirmation failed');
    return answer(orderNumber, 'FAILURE', {
      'Set-Cookie': await toastCookie(failureToast(error, 'confirmation.paymentNotConfirmed')),
    });
  }
}

/** The document carries the loader's Refresh (the way on without scripts) and its toast cookie. */
export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const kept = new Headers();
  for (const name of ['Refresh', 'Cache-Control', 'Set-Cookie']) {
    const value = loaderHeaders.get(name);
    if (value) kept.set(name, value);
  }
  return kept;
};

export default function PaymentReturn() {
  useTexts('confirmation');
  const { t } = useTranslation();
  const { orderNumber, status, next } = useLoaderData<typeof loader>();
  useEffect(() => {
    const opener = window.opener as Window | null;
    if (!opener || opener.closed || window.name !== PAYMENT_WINDOW) {
      window.location.replace(next);
      return;
    }
    try {
      opener.postMessage(
        { type: PAYMENT_MESSAGE_TYPE, orderNumber, status } satisfies PaymentMessage,
        window.location.origin,
      );
    } catch {
      window.location.replace(next);
      return;
    }
    const timer = window.setTimeout(() => window.close(), POPUP_CLOSE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [orderNumber, status, next]);
  return (
    <main className="payment-return" aria-busy="true">
      <div role="status">
        <h1>{t('confirmation.pleaseWait')}</h1>
      </div>
    </main>
  );
}

/** Its own error page, so that the root's data (the tenant's theme, language and title) is still read. */
export { ErrorPage as ErrorBoundary };
