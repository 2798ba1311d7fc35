import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { formatMoney } from '../../../app/domain/money';
import type { MarketplaceDeps, MarketplaceEnv } from '../context';
import { assertCanBuy } from '../services/offers';
import type { CartService, CheckoutMode } from '../services/cart';
import { namedNetworkParticipant, PARTICIPANT_HEADER } from '../services/network';
import { readOrderSettingsIn } from '../services/order-settings';
import { ownParticipantId, readSetting } from '../services/settings';
import { idListSchema } from '../../../app/domain/ids';
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

const warehouseParam = '/:warehouse{[A-Za-z0-9_-]{1,40}}';

/**
 * The Cart and Offers page's calls (spec 2 §7). The plain checkout names one of the tenant's own
 * warehouses by its code; the network (pxnr) variant names a network participant in the header and
 * its warehouse by id (the same string as the code here).
 */
export function cartRoutes(deps: MarketplaceDeps, cart: CartService) {
  const { db } = deps;
  const own = async () => (await ownParticipantId(db)) ?? '';
  const named = (c: Context<MarketplaceEnv>) => namedNetworkParticipant(db, c.req.header(PARTICIPANT_HEADER));
  const checkout = (mode: CheckoutMode, participantOf: (c: Context<MarketplaceEnv>) => Promise<string>) => async (c: Context<MarketplaceEnv>) => {
    await assertCanBuy(db, c.get('user'));
    const ids = await jsonBody(c, idListSchema);
    return c.json(await cart.checkout(c.get('user'), await participantOf(c), c.req.param('warehouse')!, ids, mode));
  };
  return new Hono<MarketplaceEnv>()
    .get('/cart/items', async (c) => c.body(await cart.itemsJson(c.get('user')), 200, { 'content-type': 'application/json' }))
    .get('/cart/settings', async (c) => c.json((await readSetting(db, 'cart-settings')) ?? defaultCartSettings(deps)))
    .get('/order/settings', async (c) => c.json(await readOrderSettingsIn(db, deps.config.language)))
    .get('/cart/add-to-existing-order/warehouses', async (c) => c.json(await cart.openOrderWarehouses(c.get('user'))))
    .post(`/cart/cart-checkout${warehouseParam}`, checkout('NEW_ORDER', own))
    .post(`/cart/add-to-existing-order${warehouseParam}`, checkout('ADD_TO_EXISTING_ORDER', own))
    .post(`/cart/pxnr/cart-checkout${warehouseParam}`, checkout('NEW_ORDER', named))
    .post(`/cart/pxnr/add-to-existing-order${warehouseParam}`, checkout('ADD_TO_EXISTING_ORDER', named))
    .get('/cart/checkout/:checkoutId{[0-9a-f-]{36}}', async (c) => c.json(await cart.draft(c.get('user'), c.req.param('checkoutId'))));
}
