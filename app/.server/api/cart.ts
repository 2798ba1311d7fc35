import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { callApi } from './client';
import { offerSchema } from './offers';

const cartItemSchema = z.object({
  itemNumber: z.string(),
  itemNumberWarehouse: z.string(),
  itemDescription: z.string(),
  listPrice: z.number().nullable(),
  quantityAvailable: z.number(),
  incrementSize: z.number(),
  warehouse: z.string(),
  warehouseLabel: z.string(),
  acceptingOffers: z.boolean(),
  warehouseGroupId: z.string(),
  warehouseGroupName: z.string(),
  participantId: z.string(),
  stocklistOffer: offerSchema.extend({ pxnItemNumber: z.string() }),
});
export type CartItem = z.infer<typeof cartItemSchema>;

const message = z.object({ display: z.boolean(), defaultMessage: z.string() });
const cartSettingsSchema = z.object({ systemMessages: z.object({ freeShippingMessage: message, offerClearingSchedule: message }) });
const orderSettingsSchema = z.object({ salesOrderUpdateMethod: z.string() });

const checkoutSchema = z.object({
  checkoutId: z.string(),
  mode: z.enum(['NEW_ORDER', 'ADD_TO_EXISTING_ORDER']),
  checkout: z.object({
    participantId: z.string(),
    warehouse: z.object({ code: z.string(), label: z.string() }),
    lines: z.array(
      z.object({
        offerId: z.number(),
        itemNumber: z.string(),
        itemNumberWarehouse: z.string(),
        description: z.string(),
        quantity: z.number(),
        unitPrice: z.number(),
        extendedPrice: z.number(),
      }),
    ),
    totalQuantity: z.number(),
    subtotal: z.number(),
  }),
  onHoldSalesOrders: z.array(z.object({ phonexOrderNumber: z.string(), status: z.string(), warehouseCode: z.string(), lastUpdateDate: z.string() })),
});
export type CheckoutHandOff = z.infer<typeof checkoutSchema>;

const BASE = '/px-api-gateway';

export const cartApi = {
  items: (context: AppLoadContext, token: string) => callApi(context, `${BASE}/cart/items`, { token, schema: z.array(cartItemSchema) }),
  settings: (context: AppLoadContext, token: string) => callApi(context, `${BASE}/cart/settings`, { token, schema: cartSettingsSchema }),
  orderSettings: (context: AppLoadContext, token: string) => callApi(context, `${BASE}/order/settings`, { token, schema: orderSettingsSchema }),
  openOrderWarehouses: (context: AppLoadContext, token: string) =>
    callApi(context, `${BASE}/cart/add-to-existing-order/warehouses`, { token, schema: z.array(z.string()) }),
  removeMany: (context: AppLoadContext, token: string, offerIds: number[]) =>
    callApi(context, `${BASE}/stocklist/offers`, { method: 'DELETE', token, body: offerIds, schema: z.object({ deleted: z.number() }) }),
  moveToCart: (context: AppLoadContext, token: string, offerIds: number[]) =>
    callApi(context, `${BASE}/stocklist/offers/move-to-cart`, { method: 'PUT', token, body: offerIds, schema: z.array(offerSchema) }),
  checkout: (context: AppLoadContext, token: string, warehouseCode: string, offerIds: number[], toExistingOrder: boolean) =>
    callApi(context, `${BASE}/cart/${toExistingOrder ? 'add-to-existing-order' : 'cart-checkout'}/${encodeURIComponent(warehouseCode)}`, {
      method: 'POST',
      token,
      body: offerIds,
      schema: checkoutSchema,
    }),
  draft: (context: AppLoadContext, token: string, checkoutId: string) =>
    callApi(context, `${BASE}/cart/checkout/${encodeURIComponent(checkoutId)}`, { token, schema: checkoutSchema }),
};
