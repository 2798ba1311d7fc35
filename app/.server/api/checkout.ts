import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { FEE_TYPES, SHIPPING_KINDS } from '~/domain/checkout/options';
import type { Selection } from '~/domain/checkout/selection';
import { callApi } from './client';

const BASE = '/px-api-gateway';

const address = z.object({
  id: z.number(),
  label: z.string(),
  name: z.string(),
  contact: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.string(),
  instructions: z.string(),
});
const fee = z.object({ type: z.enum(FEE_TYPES), value: z.number() });

export const optionsSchema = z.object({
  shippingAddresses: z.array(
    address.extend({
      shippingMethodCodes: z.array(z.string()),
      freights: z.record(z.string(), z.number().int().nullable()).optional(),
    }),
  ),
  billingAddresses: z.array(address),
  shippingMethods: z.array(
    z.object({
      code: z.string(),
      label: z.string(),
      kind: z.enum(SHIPPING_KINDS),
      insuranceAvailable: z.boolean(),
      ignoreShippingInstructions: z.boolean(),
      maxDevicesInShipment: z.number().nullable(),
      deliveryEstimate: z.string().max(200).optional(),
    }),
  ),
  billMyAccount: z.object({
    carrierChoiceRestricted: z.boolean(),
    carrierOptions: z.array(z.string()),
    carrierServiceLevelsRestricted: z.boolean(),
    carrierServiceLevelOptions: z.record(z.string(), z.array(z.string())),
  }),
  requestAQuote: z.object({
    serviceLevelsRestricted: z.boolean(),
    serviceLevels: z.array(z.string()),
    serviceLevelLabels: z.record(z.string(), z.string()).optional(),
  }),
  paymentMethods: z.array(
    z.object({
      code: z.string(),
      label: z.string(),
      description: z.string(),
      instructions: z.string(),
      creditLimit: z.number().nullable(),
      fee: fee.nullable(),
    }),
  ),
  additionalServices: z.array(
    z.object({ code: z.string(), label: z.string(), description: z.string(), instructions: z.string(), fee }),
  ),
  maxShipmentInsuranceAmount: z.number(),
});

export const selectionSchema: z.ZodType<Selection> = z.object({
  shippingAddressId: z.number().nullable(),
  shippingMethodCode: z.string().nullable(),
  insured: z.boolean().nullable(),
  insuredAmount: z.number().nullable(),
  shippingInstructions: z.string(),
  billMyAccount: z.object({ carrier: z.string(), serviceLevel: z.string(), accountNumber: z.string() }),
  requestAQuote: z.object({ serviceLevel: z.string(), amount: z.string() }),
  billingAddressId: z.number().nullable(),
  paymentMethodCode: z.string().nullable(),
  additionalServiceCodes: z.array(z.string()),
});

export const chargesSchema = z.object({
  subtotal: z.number(),
  additionalServicesFee: z.number(),
  freight: z.number(),
  freightUndefined: z.boolean(),
  /** Charges of their own (issue 51); a tenant API that has none sends none: 0. */
  freightDiscount: z.number().int().nonnegative().default(0),
  promotion: z.string().default(''),
  insurance: z.number().int().nonnegative().default(0),
  tax: z.number(),
  taxDescription: z.string(),
  paymentFee: z.number(),
  total: z.number(),
  totalQuantity: z.number(),
});

/** The reservation and cancellation fees charged on a placed order (decision 054): charges of their own, in its total. */
export const chargedFeesSchema = z.object({ reservationFee: z.number(), cancellationFee: z.number() });

const line = z.object({
  itemNumber: z.string(),
  itemNumberWarehouse: z.string(),
  description: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  extendedPrice: z.number(),
});
/** A line of the cart being checked out: which cart entry it is. */
const draftLine = line.extend({ offerId: z.number() });

export const payloadSchema = z.object({
  checkoutId: z.string(),
  mode: z.string(),
  submissionKey: z.string(),
  buyerName: z.string(),
  warehouse: z.object({ code: z.string(), label: z.string() }),
  participantId: z.string(),
  lineItems: z.array(draftLine),
  onHoldSalesOrder: z
    .object({
      orderNumber: z.string(),
      refOrderNumberOrPhonexOrderNumber: z.string(),
      lastUpdateDate: z.string(),
      lineItems: z.array(line),
      version: z.number(),
    })
    .nullable(),
  options: optionsSchema,
  selection: selectionSchema,
  invalidRows: z.record(z.string(), z.unknown()),
  charges: chargesSchema,
  orderSize: z.object({ deviceCount: z.number(), subtotal: z.number().nullable() }),
});
export type CheckoutPayload = z.infer<typeof payloadSchema>;
export type CheckoutOptionsView = z.infer<typeof optionsSchema>;
export type ChargesView = z.infer<typeof chargesSchema>;

/** What an order's ledger says: paid so far, still to pay, owed back (minor units). */
export const paymentBalanceSchema = z.object({
  amountPaid: z.number().int(),
  balanceDue: z.number().int(),
  creditDue: z.number().int(),
});
export type PaymentBalanceView = z.infer<typeof paymentBalanceSchema>;

export const submittedSchema = z.object({
  phonexOrderNumber: z.string(),
  status: z.string(),
  paymentStatus: z.string(),
  replayed: z.boolean(),
});

/** Where the buyer collects an order picked up at its warehouse (app/domain/pick-up.ts). */
export const pickUpSchema = z
  .object({ warehouse: z.string(), address: z.array(z.string()), country: z.string(), openingHours: z.string() })
  .nullable()
  .default(null);

export const orderSummarySchema = z.object({
  phonexOrderNumber: z.string(),
  refOrderNumberOrPhonexOrderNumber: z.string(),
  warehouseCode: z.string(),
  warehouseLabel: z.string(),
  pxnsOrder: z.boolean(),
  fulfillmentStatus: z.string(),
  paymentStatus: z.string(),
  paymentMethod: z.object({ code: z.string(), label: z.string(), instructions: z.string() }).nullable(),
  shippingMethodCode: z.string().nullable(),
  pickUp: pickUpSchema,
  lineItems: z.array(line),
  charges: chargesSchema.omit({ totalQuantity: true }).extend(chargedFeesSchema.shape),
  payment: paymentBalanceSchema,
  version: z.number(),
  lastUpdateDate: z.string(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const statusSchema = z.object({ status: z.string() });
export const submittedOrderSchema = z.object({ phonexOrderNumber: z.string() });
export const paymentStartSchema = z.object({ token: z.string(), approveUrl: z.string() });
/** `reason` of a FAILURE for an approved payment: never taken (VOIDED: no longer owed, or replaced), or taken and given back (REFUNDED). */
export const paymentConfirmSchema = z.object({
  status: z.enum(['SUCCESS', 'FAILURE']),
  orderStatus: z.string(),
  reason: z.enum(['VOIDED', 'REFUNDED']).optional(),
});

const checkoutPath = (checkoutId: string, step = '', salesOrder?: string) =>
  `${BASE}/checkout/${encodeURIComponent(checkoutId)}${step}${salesOrder ? `?salesOrder=${encodeURIComponent(salesOrder)}` : ''}`;

/** Checkout, preferences and integrated payment calls of spec 3 §7. */
export const checkoutApi = {
  load: (context: AppLoadContext, token: string, checkoutId: string, salesOrder?: string) =>
    callApi(context, checkoutPath(checkoutId, '', salesOrder), { token, schema: payloadSchema }),
  saveSelection: (
    context: AppLoadContext,
    token: string,
    checkoutId: string,
    selection: Selection,
    salesOrder?: string,
  ) =>
    callApi(context, checkoutPath(checkoutId, '/selection', salesOrder), {
      method: 'PUT',
      token,
      body: { selection },
      schema: payloadSchema,
    }),
  charges: (context: AppLoadContext, token: string, checkoutId: string, selection: Selection, salesOrder?: string) =>
    callApi(context, checkoutPath(checkoutId, '/calculate-charges', salesOrder), {
      method: 'POST',
      token,
      body: { selection },
      schema: chargesSchema,
    }),
  submit: (
    context: AppLoadContext,
    token: string,
    checkoutId: string,
    body: {
      submissionKey: string;
      readyToRelease: boolean;
      selection: Selection;
      salesOrder?: string;
      version?: number;
      refOrderNumber?: string;
    },
  ) => callApi(context, checkoutPath(checkoutId, '/submit'), { method: 'POST', token, body, schema: submittedSchema }),
  preferencesOptions: (context: AppLoadContext, token: string) =>
    callApi(context, `${BASE}/preferences/options`, { token, schema: optionsSchema }),
  preferences: (context: AppLoadContext, token: string) =>
    callApi(context, `${BASE}/preferences`, { token, schema: selectionSchema }),
  savePreferences: (context: AppLoadContext, token: string, selection: Selection) =>
    callApi(context, `${BASE}/preferences`, { method: 'POST', token, body: { selection }, schema: statusSchema }),
  /** The order a checkout submission made (404 when it made none). */
  submittedOrder: (context: AppLoadContext, token: string, submissionKey: string) =>
    callApi(context, `${BASE}/checkout/submitted/${encodeURIComponent(submissionKey)}`, {
      token,
      schema: submittedOrderSchema,
    }),
  orderSummary: (context: AppLoadContext, token: string, orderNumber: string) =>
    callApi(context, `${BASE}/orders/${encodeURIComponent(orderNumber)}/summary`, {
      token,
      schema: orderSummarySchema,
    }),
  startPayment: (context: AppLoadContext, token: string, orderNumber: string, releaseOnSuccess: boolean) =>
    callApi(context, `${BASE}/orders/${encodeURIComponent(orderNumber)}/payment`, {
      method: 'POST',
      token,
      body: { returnUrl: `/orders/${orderNumber}/order-release-confirmation`, releaseOnSuccess },
      schema: paymentStartSchema,
    }),
  confirmPayment: (
    context: AppLoadContext,
    token: string,
    orderNumber: string,
    paymentToken: string,
    payerId: string,
  ) =>
    callApi(context, `${BASE}/orders/${encodeURIComponent(orderNumber)}/payment/confirm`, {
      method: 'POST',
      token,
      body: { token: paymentToken, payerId },
      schema: paymentConfirmSchema,
    }),
};
