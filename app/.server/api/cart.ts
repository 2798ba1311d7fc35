import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { callApi } from './client';
import { orderSettingsApi } from './order-settings';
import { offerSchema, ownerRoute, type StockOwner } from './offers';

const cartItemSchema = z.object({
  itemNumber: z.string(),
  itemNumberWarehouse: z.string(),
  itemDescription: z.string(),
  listPrice: z.number().nullable(),
  quantityAvailable: z.number(),
  incrementSize: z.number(),
  warehouse: z.string(),
  warehouseLabel: z.string(),
  /** What the network checkout names the warehouse by (spec 2 §7). */
  warehouseId: z.string(),
  acceptingOffers: z.boolean(),
  warehouseGroupId: z.string(),
  warehouseGroupName: z.string(),
  participantId: z.string(),
  stocklistOffer: offerSchema.extend({ pxnItemNumber: z.string() }),
});
export type CartItem = z.infer<typeof cartItemSchema>;

const message = z.object({ display: z.boolean(), defaultMessage: z.string() });
export const cartSettingsSchema = z.object({
  systemMessages: z.object({ freeShippingMessage: message, offerClearingSchedule: message }),
});
export const checkoutSchema = z.object({
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
  onHoldSalesOrders: z.array(
    z.object({
      phonexOrderNumber: z.string(),
      status: z.string(),
      warehouseCode: z.string(),
      lastUpdateDate: z.string(),
    }),
  ),
});
export type CheckoutHandOff = z.infer<typeof checkoutSchema>;

const BASE = '/px-api-gateway';
export const cartItemsSchema = z.array(cartItemSchema);
export const removedEntriesSchema = z.object({ deleted: z.number() });
export const movedEntriesSchema = z.array(offerSchema);
export const openOrderWarehousesSchema = z.array(z.string());

export const cartApi = {
  items: (context: AppLoadContext, token: string) =>
    callApi(context, `${BASE}/cart/items`, { token, schema: cartItemsSchema }),
  settings: (context: AppLoadContext, token: string) =>
    callApi(context, `${BASE}/cart/settings`, { token, schema: cartSettingsSchema }),
  orderSettings: orderSettingsApi.read,
  openOrderWarehouses: (context: AppLoadContext, token: string) =>
    callApi(context, `${BASE}/cart/add-to-existing-order/warehouses`, { token, schema: openOrderWarehousesSchema }),
  removeMany(context: AppLoadContext, token: string, owner: StockOwner, offerIds: number[]) {
    const { path, headers } = ownerRoute(owner, 'stocklist', '/offers');
    return callApi(context, path, { method: 'DELETE', token, headers, body: offerIds, schema: removedEntriesSchema });
  },
  moveToCart(context: AppLoadContext, token: string, owner: StockOwner, offerIds: number[]) {
    const { path, headers } = ownerRoute(owner, 'stocklist', '/offers/move-to-cart');
    return callApi(context, path, { method: 'PUT', token, headers, body: offerIds, schema: movedEntriesSchema });
  },
  /** The hand-off of one warehouse's entries: the plain path names it by code, the network variant by id. */
  checkout(
    context: AppLoadContext,
    token: string,
    owner: StockOwner,
    warehouse: { code: string; id: string },
    offerIds: number[],
    toExistingOrder: boolean,
  ) {
    const step = toExistingOrder ? 'add-to-existing-order' : 'cart-checkout';
    const { path, headers } = ownerRoute(
      owner,
      'cart',
      `/${step}/${encodeURIComponent(owner.isOwn ? warehouse.code : warehouse.id)}`,
    );
    return callApi(context, path, { method: 'POST', token, headers, body: offerIds, schema: checkoutSchema });
  },
  draft: (context: AppLoadContext, token: string, checkoutId: string) =>
    callApi(context, `${BASE}/cart/checkout/${encodeURIComponent(checkoutId)}`, { token, schema: checkoutSchema }),
};
