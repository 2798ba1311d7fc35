import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import type { Row, Selection } from '~/domain/checkout/selection';
import { LEDGER_KINDS } from '~/domain/orders/payment-balance';
import { PAYMENT_SOURCES } from '~/domain/orders/payment-history';
import type { OrderPermissions } from '~/domain/orders/permissions';
import {
  chargedFeesSchema,
  chargesSchema,
  optionsSchema,
  paymentBalanceSchema,
  pickUpSchema,
  selectionSchema,
} from './checkout';
import { callApi } from './client';

const BASE = '/px-api-gateway';

const address = z.record(z.string(), z.unknown()).nullable();
const permissionSchema: z.ZodType<OrderPermissions> = z.object({
  canIncreaseOrderedQuantity: z.boolean(),
  canDecreaseOrderedQuantity: z.boolean(),
  canUpdateOrderedQuantity: z.boolean(),
  canRemoveItem: z.boolean(),
  canEditItem: z.boolean(),
  canCancelOrder: z.boolean(),
  canUpdateShipping: z.boolean(),
  canUpdateBillingAndPayment: z.boolean(),
  canUpdateAdditionalServices: z.boolean(),
  canPayAndShipNow: z.boolean(),
  canExtendPaymentTime: z.boolean(),
  isPaymentGracePeriodSectionApplicable: z.boolean(),
});

const item = z.object({
  id: z.number(),
  itemNumber: z.string(),
  itemDescription: z.string(),
  itemNumberWarehouse: z.string(),
  orderedQuantity: z.number(),
  canceledQuantity: z.number(),
  shippedQuantity: z.number(),
  availableQuantity: z.number(),
  incrementSize: z.number(),
  unitPrice: z.number(),
  extendedPrice: z.number(),
  /** The quantity a pending change sets (0: removed); null when the line is unchanged. */
  pendingQuantity: z.number().nullable(),
});

const savedCharges = chargesSchema.omit({ totalQuantity: true }).extend(chargedFeesSchema.shape);

export const orderDetailsSchema = z.object({
  salesOrder: z.object({
    phonexOrderNumber: z.string(),
    refOrderNumber: z.string().nullable(),
    refOrderNumberOrPhonexOrderNumber: z.string(),
    warehouseCode: z.string(),
    warehouse: z.string(),
    participantId: z.string(),
    pxnsOrder: z.boolean(),
    fulfillmentStatus: z.string(),
    paymentStatus: z.string(),
    createDate: z.string(),
    updateDate: z.string(),
    version: z.number(),
    selection: selectionSchema,
    shippingAddress: address,
    billingAddress: address,
    paymentMethodLabel: z.string(),
    /** How to pay with the order's method, in the buyer's language. */
    paymentInstructions: z.string().default(''),
    /** When an order on account (net terms) is due, from its invoice; null for a method paid before shipping. */
    accountTerms: z
      .object({
        termsDays: z.number().int(),
        invoicedAt: z.string().nullable(),
        dueDate: z.string().nullable(),
        overdue: z.boolean(),
        useCurrentAccountTextForPayment: z.boolean(),
      })
      .nullable()
      .default(null),
    /** The auction lot whose award made this order. */
    auctionLot: z.object({ id: z.number().int().positive(), title: z.string() }).nullable().default(null),
    /** Where the buyer collects it, for an order picked up at its warehouse. */
    pickUp: pickUpSchema,
    shippingMethodLabel: z.string(),
    additionalServiceLabels: z.array(z.string()),
    trackingNumbers: z.array(z.string()),
    items: z.array(item),
    totalOrderedQuantity: z.number(),
    charges: savedCharges,
    payment: paymentBalanceSchema,
    /** Credited for returned units (issue 38), part of what is paid. */
    returnCredit: z.number().int().default(0),
    /** The payment ledger, oldest first (app/domain/orders/payment-history.ts). */
    paymentHistory: z
      .array(
        z.object({
          kind: z.enum(LEDGER_KINDS),
          amount: z.number().int(),
          at: z.string(),
          source: z.enum(PAYMENT_SOURCES),
          returnNumber: z.string().nullable(),
        }),
      )
      .default([]),
  }),
  orderOptions: optionsSchema.nullable(),
  permission: permissionSchema,
  pending: z.object({ count: z.number(), baseVersion: z.number() }),
  preview: z.object({
    selection: selectionSchema,
    charges: chargesSchema.extend(chargedFeesSchema.shape),
    orderSize: z.object({ deviceCount: z.number(), subtotal: z.number().nullable() }),
    invalidRows: z.record(z.string(), z.unknown()),
  }),
});
export type OrderDetails = z.infer<typeof orderDetailsSchema>;
export type OrderItem = z.infer<typeof item>;

/** What a buyer does with a placed order in one save. */
export type OrderAction = 'SAVE' | 'HOLD' | 'RELEASE' | 'CANCEL';
export type DraftChange =
  | { kind: 'line'; lineId: number; quantity: string }
  | { kind: 'remove'; lineId: number }
  | { kind: 'restore'; lineId: number }
  | { kind: 'rows'; rows: Row[]; selection: Selection };

const path = (orderNumber: string, rest = '') => `${BASE}/orders/${encodeURIComponent(orderNumber)}${rest}`;
export const orderSavedSchema = z.object({
  status: z.string(),
  description: z.string(),
  phonexOrderNumber: z.string(),
  fulfillmentStatus: z.string(),
  paymentStatus: z.string(),
  count: z.number(),
});

export const pendingCountSchema = z.object({ count: z.number() });

/** A placed order (spec 3 §7 "GET order", "PUT order upsert") and the buyer's pending changes to it. */
export const orderDetailsApi = {
  load: (context: AppLoadContext, token: string, orderNumber: string) =>
    callApi(context, path(orderNumber), { token, schema: orderDetailsSchema }),
  change: (context: AppLoadContext, token: string, orderNumber: string, change: DraftChange) =>
    callApi(context, path(orderNumber, '/draft'), {
      method: 'PUT',
      token,
      body: { change },
      schema: pendingCountSchema,
    }),
  discard: (context: AppLoadContext, token: string, orderNumber: string) =>
    callApi(context, path(orderNumber, '/draft'), { method: 'DELETE', token, schema: pendingCountSchema }),
  save: (context: AppLoadContext, token: string, orderNumber: string, version: number, action: OrderAction) =>
    callApi(context, path(orderNumber), { method: 'PUT', token, body: { version, action }, schema: orderSavedSchema }),
};
