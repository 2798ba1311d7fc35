import { Hono } from 'hono';
import { z } from 'zod';
import { formatMoney } from '../../../app/domain/money';
import type { MarketplaceDeps, MarketplaceEnv } from '../context';
import { assertCanBuy } from '../services/offers';
import type { CartService, CheckoutMode } from '../services/cart';
import { readSetting } from '../services/settings';
import { jsonBody } from './validate';

/** The system messages a tenant has not set, in its language, the amount in its currency. */
function defaultCartSettings({ t, config }: Pick<MarketplaceDeps, 't' | 'config'>) {
  const amount = formatMoney(5000, { locale: config.language, currencyCode: config.currencyCode, currencySymbol: config.currencySymbol, currencyPrecision: 0 });
  return {
    systemMessages: {
      freeShippingMessage: { display: true, defaultMessage: t('system.freeShipping', { amount }) },
      offerClearingSchedule: { display: true, defaultMessage: t('system.offerClearing') },
    },
  };
}
const DEFAULT_ORDER_SETTINGS = { salesOrderUpdateMethod: 'all via the product' };

const offerIds = z.array(z.number().int().positive()).min(1).max(5000);
const warehouseParam = '/:warehouseCode{[A-Za-z0-9_-]{1,40}}';

/** The Cart and Offers page's calls (spec 2 §7), plain and network (pxnr) variants alike. */
export function cartRoutes(deps: MarketplaceDeps, cart: CartService) {
  const { db } = deps;
  const checkout = (mode: CheckoutMode) => async (c: import('hono').Context<MarketplaceEnv>) => {
    await assertCanBuy(db, c.get('user'));
    const ids = await jsonBody(c, offerIds);
    return c.json(await cart.checkout(c.get('user'), c.req.param('warehouseCode')!, ids, mode));
  };
  return new Hono<MarketplaceEnv>()
    .get('/cart/items', async (c) => c.json(await cart.items(c.get('user'))))
    .get('/cart/settings', async (c) => c.json((await readSetting(db, 'cart-settings')) ?? defaultCartSettings(deps)))
    .get('/order/settings', async (c) => c.json((await readSetting(db, 'order-settings')) ?? DEFAULT_ORDER_SETTINGS))
    .get('/cart/add-to-existing-order/warehouses', async (c) => c.json(await cart.openOrderWarehouses(c.get('user'))))
    .post(`/cart/cart-checkout${warehouseParam}`, checkout('NEW_ORDER'))
    .post(`/cart/add-to-existing-order${warehouseParam}`, checkout('ADD_TO_EXISTING_ORDER'))
    .post(`/cart/pxnr/cart-checkout${warehouseParam}`, checkout('NEW_ORDER'))
    .post(`/cart/pxnr/add-to-existing-order${warehouseParam}`, checkout('ADD_TO_EXISTING_ORDER'))
    .get('/cart/checkout/:checkoutId{[0-9a-f-]{36}}', async (c) => c.json(await cart.draft(c.get('user'), c.req.param('checkoutId'))));
}
