import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { callApi } from './client';

const isoOrNull = z.string().datetime({ offset: true }).nullable();
const minor = z.number().int();

/** Reservation and cancellation terms of an order (spec 3 §3), with the fees now and the permission flags of §6. */
export const orderTermsSchema = z.object({
  phonexOrderNumber: z.string(),
  refOrderNumber: z.string().nullable(),
  reservationFeePercent: z.number().min(0),
  cancellationFeePercent: z.number().min(0),
  reservationFeeRateAmount: minor,
  cancellationFeeRateAmount: minor,
  gracePeriodEnd: isoOrNull,
  racFeePeriodEnd: isoOrNull,
  paymentTimeExtensionCustomText: z.string(),
  useCurrentAccountTextForPayment: z.boolean(),
  racFeeAgreed: z.boolean(),
  racFeeAgreedDate: isoOrNull,
  orderValue: minor,
  racFeesApply: z.boolean(),
  reservationFee: minor,
  cancellationFee: minor,
  isPaymentGracePeriodSectionApplicable: z.boolean(),
  canExtendPaymentTime: z.boolean(),
});
export type OrderTerms = z.infer<typeof orderTermsSchema>;

/** What accepting posts back: the terms as they were fetched. */
export type AcceptedTerms = Pick<
  OrderTerms,
  'phonexOrderNumber' | 'reservationFeePercent' | 'cancellationFeePercent' | 'gracePeriodEnd'
>;

export const termsAcceptedSchema = z.union([
  z.object({ status: z.literal('SUCCESS') }),
  z.object({ status: z.string(), description: z.string().default('') }),
]);
export const feesSchema = z.object({ reservationFee: minor, cancellationFee: minor });
export const paymentTimeExtendedSchema = z.object({ status: z.literal('SUCCESS'), gracePeriodEnd: z.string() });

const path = (orderNumber: string) => `/px-api-gateway/orders/${encodeURIComponent(orderNumber)}`;

/** The terms calls of spec 3 §7: fetch (only when gracePeriodEnabled), accept, calculate fees; and Extend Time. */
export const orderTermsApi = {
  read: (context: AppLoadContext, token: string, orderNumber: string) =>
    callApi(context, `${path(orderNumber)}/terms`, { token, schema: orderTermsSchema }),
  accept: (context: AppLoadContext, token: string, terms: AcceptedTerms) =>
    callApi(context, `${path(terms.phonexOrderNumber)}/terms/accept`, {
      method: 'POST',
      token,
      body: terms,
      schema: termsAcceptedSchema,
    }),
  calculateFees: (
    context: AppLoadContext,
    token: string,
    body: {
      phonexOrderNumber: string;
      isCancellation: boolean;
      items?: { itemNumberWarehouse: string; quantity: number }[];
    },
  ) => callApi(context, '/px-api-gateway/orders/fees/calculate', { method: 'POST', token, body, schema: feesSchema }),
  extendPaymentTime: (context: AppLoadContext, token: string, orderNumber: string) =>
    callApi(context, `${path(orderNumber)}/extend-payment-time`, {
      method: 'POST',
      token,
      body: {},
      schema: paymentTimeExtendedSchema,
    }),
};
