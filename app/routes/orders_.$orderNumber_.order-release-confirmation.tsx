import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { logPurchase } from '~/.server/purchase-analytics';
import { checkoutApi } from '~/.server/api/checkout';
import { ApiFailure } from '~/.server/api/client';
import { endsSession, requireBuyer, signOutOnForbidden } from '~/.server/auth';
import { failureToast, redirectWithToast } from '~/.server/toast';
import { confirmationPath, ORDER_NUMBER } from '~/domain/checkout/payment';

/**
 * Where the payment provider sends the browser back (`returnUrl` of startPayment): it confirms what
 * came back with the marketplace (which captures an approved payment once, and marks a declined one
 * failed), then always redirects to the order's thank-you page, which reads the outcome from the
 * order. One server path for every case: without JavaScript the buyer simply lands there; inside the
 * payment pop-up the thank-you page tells its opener and closes itself.
 */
const returned = z.object({
  token: z.string().min(1).max(200).regex(/^[A-Za-z0-9_-]+$/),
  PayerID: z.string().max(100).regex(/^[A-Za-z0-9_-]*$/).optional(),
  status: z.enum(['SUCCESS', 'FAILURE']).optional(),
});

/** The query as sent by the provider: each name at most once, nothing else. */
function returnedQuery(url: URL) {
  const names = [...url.searchParams.keys()];
  if (names.some((name) => url.searchParams.getAll(name).length > 1)) return null;
  const parsed = returned.strict().safeParse(Object.fromEntries(url.searchParams));
  return parsed.success ? parsed.data : null;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token } = await requireBuyer(request, context);
  const orderNumber = params.orderNumber ?? '';
  if (!ORDER_NUMBER.test(orderNumber)) return redirect('/stock');
  const thankYou = confirmationPath(orderNumber);
  const query = returnedQuery(new URL(request.url));
  if (!query) {
    context.logger.warn({ orderNumber }, 'payment return without a valid query');
    return redirect(thankYou);
  }
  try {
    // Read first: a return replayed after the capture (reload, back button) is not a second purchase.
    const before = await checkoutApi.orderSummary(context, token, orderNumber);
    const result = await checkoutApi.confirmPayment(context, token, orderNumber, query.token, query.PayerID ?? '');
    if (result.status === 'SUCCESS' && before.paymentStatus !== 'PAID') logPurchase(context, before);
    return redirect(thankYou);
  } catch (error) {
    if (endsSession(error)) return signOutOnForbidden(request, error);
    // An unknown token or another buyer's order: the thank-you page says what the order says (or that there is none).
    if (error instanceof ApiFailure && error.status < 500) {
      context.logger.warn({ err: error, orderNumber }, 'payment return refused');
      return redirect(thankYou);
    }
    context.logger.error({ err: error, orderNumber }, 'payment confirmation failed');
    return redirectWithToast(thankYou, failureToast(error, 'confirmation.paymentNotConfirmed'));
  }
}
