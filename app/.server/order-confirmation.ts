import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { confirmationPath, integratedPaymentOf, ORDER_NUMBER, shownPayment } from '~/domain/checkout/payment';
import { confirmationTypeOf } from '~/domain/checkout/release';
import { checkoutApi } from './api/checkout';
import { ApiFailure } from './api/client';
import { requireBuyer } from './auth';
import { parseButtons } from './conform';
import { formRefusal, readForm } from './forms';
import { redirectToPaymentProvider } from './integrated-payment';
import { failureToast, redirectWithToast } from './toast';

/** The order this page is about: `?order=` as the marketplace writes order numbers, else none. */
function orderParam(request: Request): string | null {
  const order = new URL(request.url).searchParams.get('order');
  return order !== null && ORDER_NUMBER.test(order) ? order : null;
}

/**
 * Spec 3 §2.3. Everything shown is read from the order (buyer-scoped by the marketplace): the
 * confirmation type from its fulfilment status, the payment outcome from its payment status.
 */
export async function orderConfirmationLoader({ request, context }: LoaderFunctionArgs) {
  const { token } = await requireBuyer(request, context);
  const orderNumber = orderParam(request);
  const url = new URL(request.url);
  const submission = submissionParam.safeParse(url.searchParams.get('submission'));
  if (!orderNumber && submission.success) return orderOfSubmission(context, token, submission.data);
  if (!orderNumber) return redirect('/stock');
  try {
    const order = await checkoutApi.orderSummary(context, token, orderNumber);
    const payment = shownPayment(
      integratedPaymentOf({
        paymentMethodCode: order.paymentMethod?.code ?? null,
        paymentStatus: order.paymentStatus,
        fulfillmentStatus: order.fulfillmentStatus,
      }),
      url.searchParams.get('payment') === 'failure',
    );
    return { order, confirmationType: confirmationTypeOf(order.fulfillmentStatus), payment };
  } catch (error) {
    // Another buyer's order or none at all: the marketplace answers 404 and nothing of it shows.
    if (error instanceof ApiFailure && (error.status === 404 || error.status === 400)) {
      return redirectWithToast('/stock', { type: 'error', key: 'confirmation.notFound', values: { orderNumber } });
    }
    throw error;
  }
}

const submissionParam = z.string().uuid();

/**
 * The checkout page lost its payment window (the buyer closed it): that is a failed payment of the
 * order the submission made, or, when it made none, a checkout to start again from the cart.
 */
async function orderOfSubmission(context: LoaderFunctionArgs['context'], token: string, submissionKey: string) {
  try {
    const { phonexOrderNumber } = await checkoutApi.submittedOrder(context, token, submissionKey);
    return redirect(confirmationPath(phonexOrderNumber, 'FAILURE'));
  } catch (error) {
    if (error instanceof ApiFailure && (error.status === 404 || error.status === 400))
      return redirectWithToast('/cart', { type: 'error', key: 'checkout.paying.closed' });
    throw error;
  }
}

/** The one command of this page: pay an order whose integrated payment failed or never finished. */
const payForm = z.object({ intent: z.enum(['payNow']) });

export async function orderConfirmationAction({ request, context }: ActionFunctionArgs) {
  const { token } = await requireBuyer(request, context);
  const form = await readForm(request);
  parseButtons(form, payForm);
  const orderNumber = orderParam(request);
  if (!orderNumber) throw formRefusal(400);
  try {
    // Paid on success is released too: the buyer asked to pay and ship now.
    return await redirectToPaymentProvider(context, token, orderNumber, true);
  } catch (error) {
    if (error instanceof Response) throw error;
    context.logger.warn({ err: error, orderNumber }, 'integrated payment not started');
    return redirectWithToast(confirmationPath(orderNumber), failureToast(error, 'confirmation.paymentNotStarted'));
  }
}
