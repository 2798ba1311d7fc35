import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import type { OrderSettings } from '~/domain/orders/settings';
import { isPaymentOverdue } from '~/domain/orders/terms';
import { ApiFailure } from './api/client';
import { orderTermsApi, type OrderTerms } from './api/order-terms';
import { parseButtons } from './conform';
import { formRefusal } from './forms';
import { failureToast, redirectWithToast } from './toast';

/** The §8 text shown in place of the terms when they cannot be fetched ('Failed to fetch Reservation and Cancellation Terms.'). */
export const TERMS_FETCH_FAILED = 'orderTerms.fetchFailed';

/** The terms as the page shows them: with whether the time to pay is over, judged on the server (one clock for both renders). */
export type ShownTerms = OrderTerms & { overdue: boolean };

export interface LoadedTerms {
  /** The terms; null when the tenant has no grace period or the fetch failed. */
  terms: ShownTerms | null;
  /** The translation key of the error to show in place of the box, or null. */
  error: typeof TERMS_FETCH_FAILED | null;
}

/**
 * For an order page's loader: the reservation and cancellation terms, fetched only when the tenant
 * collects payment with a grace period (spec 3 §7). A failure is logged and answered as the §8
 * error; a 404 (no such order of this buyer) is thrown on, for the page to say the order is not
 * found, as is the answer that signs out a buyer whose session ended.
 */
export async function loadOrderTerms(
  context: AppLoadContext,
  token: string,
  orderNumber: string,
  settings: Pick<OrderSettings, 'paymentCollectionSettings'>,
): Promise<LoadedTerms> {
  if (!settings.paymentCollectionSettings.gracePeriodEnabled) return { terms: null, error: null };
  try {
    const terms = await orderTermsApi.read(context, token, orderNumber);
    return { terms: { ...terms, overdue: isPaymentOverdue(terms.gracePeriodEnd, new Date()) }, error: null };
  } catch (error) {
    if (
      error instanceof Response ||
      (error instanceof ApiFailure && error.status === 404 && error.messageCode === 'notFound')
    )
      throw error;
    context.logger.warn({ err: error, orderNumber }, 'order terms not fetched');
    return { terms: null, error: TERMS_FETCH_FAILED };
  }
}

const percent = z
  .string()
  .regex(/^\d{1,3}(\.\d{1,2})?$/)
  .transform(Number);

/** The accept form: the terms as fetched, in hidden fields, and nothing else. */
const acceptForm = z
  .object({
    intent: z.literal('accept-terms'),
    phonexOrderNumber: z.string().regex(/^[A-Za-z0-9-]{1,40}$/),
    reservationFeePercent: percent,
    cancellationFeePercent: percent,
    gracePeriodEnd: z.string().datetime({ offset: true }),
  })
  .strict();

const extendForm = z.object({ intent: z.literal('extend-payment-time') }).strict();

/**
 * For an order page's action: the terms box's intents (ACCEPT TERMS, EXTEND PAYMENT TIME), for its
 * dispatchIntent, each answering a redirect (POST-redirect-GET) to `redirectTo` (the order's page by
 * default) with the outcome as a toast. Accepting terms that changed since they were fetched shows
 * the marketplace's description (spec 3 §8). A form outside the intent's schema is a 400 that
 * changes nothing. An ended session's answer is thrown on.
 */
export function termsIntents(
  context: AppLoadContext,
  token: string,
  orderNumber: string,
  { redirectTo = `/orders/${encodeURIComponent(orderNumber)}` }: { redirectTo?: string } = {},
) {
  const order: TermsOrder = { context, token, orderNumber, redirectTo };
  return {
    'accept-terms': (form: FormData) => acceptTerms(form, order),
    'extend-payment-time': (form: FormData) => extendPaymentTime(form, order),
  };
}

interface TermsOrder {
  context: AppLoadContext;
  token: string;
  orderNumber: string;
  redirectTo: string;
}

/** ACCEPT TERMS: the terms as the page showed them; changed since, the marketplace's description says how. */
async function acceptTerms(formData: FormData, { context, token, orderNumber, redirectTo }: TermsOrder) {
  const { intent: _intent, ...terms } = parseButtons(formData, acceptForm);
  if (terms.phonexOrderNumber !== orderNumber) throw formRefusal(400);
  try {
    const answer = await orderTermsApi.accept(context, token, terms);
    if (answer.status === 'SUCCESS')
      return await redirectWithToast(redirectTo, { type: 'success', key: 'orderTerms.accepted' });
    const description = 'description' in answer ? answer.description : '';
    return await redirectWithToast(
      redirectTo,
      description ? { type: 'error', text: description } : { type: 'error', key: 'orderTerms.acceptFailed' },
    );
  } catch (error) {
    if (error instanceof Response) throw error;
    context.logger.warn({ err: error, orderNumber }, 'order terms not accepted');
    return redirectWithToast(redirectTo, failureToast(error, 'orderTerms.acceptFailed'));
  }
}

/** EXTEND PAYMENT TIME, for its fee. */
async function extendPaymentTime(formData: FormData, { context, token, orderNumber, redirectTo }: TermsOrder) {
  parseButtons(formData, extendForm);
  try {
    await orderTermsApi.extendPaymentTime(context, token, orderNumber);
    return await redirectWithToast(redirectTo, { type: 'success', key: 'orderTerms.extended' });
  } catch (error) {
    if (error instanceof Response) throw error;
    context.logger.warn({ err: error, orderNumber }, 'payment time not extended');
    return redirectWithToast(redirectTo, failureToast(error, 'orderTerms.extendFailed'));
  }
}
