import { Hono, type Context } from 'hono';
import { formatMinor, tenantMoneyFormat } from '../../../app/domain/money';
import { activeFreeShipping, type FreeShippingRule } from '../../../app/domain/checkout/promotions';
import { readCatalogueIn } from '../services/checkout/checkout-catalogue';
import type { MarketplaceDeps, MarketplaceEnv } from '../context';
import { assertCanBuy } from '../services/offers/offers';
import type { CartService, CheckoutMode } from '../services/offers/cart';
import { namedNetworkParticipant, PARTICIPANT_HEADER } from '../services/stock/network';
import { readOrderSettingsIn } from '../services/orders/order-settings';
import { ownParticipantId, readSetting } from '../services/shared/settings';
import { idListSchema } from '../../../app/domain/ids';
import { jsonBody } from './validate';

/** A free-shipping rule in the tenant's words: its methods, its amount in its currency, its end when it has one. */
export function freeShippingText(
  { t, config }: Pick<MarketplaceDeps, 't' | 'config'>,
  rule: FreeShippingRule,
  methodLabels: Map<string, string>,
): string {
  const methods = rule.shippingMethodCodes.map((code) => methodLabels.get(code) ?? code).join(', ');
  const text = t('system.freeShipping', { methods, amount: formatMinor(rule.minSubtotal, tenantMoneyFormat(config)) });
  if (!rule.validUntil) return text;
  const until = new Intl.DateTimeFormat(config.language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.parse(rule.validUntil) - 1),
  );
  return `${text} ${t('system.promotionUntil', { date: until })}`;
}

/**
 * The cart's system messages: the offer schedule as the tenant set it (or the default), and the free
 * shipping message only from a free-shipping rule valid now, never from a stored text: the banner
 * announces what the checkout applies.
 */
async function cartSettings(deps: Pick<MarketplaceDeps, 't' | 'config' | 'db'>) {
  const stored = (await readSetting(deps.db, 'cart-settings')) as {
    systemMessages?: { offerClearingSchedule?: unknown };
  } | null;
  const rules = activeFreeShipping(deps.config.marketplace.promotions, new Date());
  const labels = rules.length
    ? new Map((await readCatalogueIn(deps.db, deps.config.language)).shippingMethods.map((m) => [m.code, m.label]))
    : new Map<string, string>();
  return {
    systemMessages: {
      freeShippingMessage: {
        display: rules.length > 0,
        defaultMessage: rules.map((rule) => freeShippingText(deps, rule, labels)).join(' '),
      },
      offerClearingSchedule: stored?.systemMessages?.offerClearingSchedule ?? {
        display: true,
        defaultMessage: deps.t('system.offerClearing'),
      },
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
  const checkout =
    (mode: CheckoutMode, participantOf: (c: Context<MarketplaceEnv>) => Promise<string>) =>
    async (c: Context<MarketplaceEnv>) => {
      await assertCanBuy(db, c.get('user'));
      const ids = await jsonBody(c, idListSchema);
      return c.json(await cart.checkout(c.get('user'), await participantOf(c), c.req.param('warehouse')!, ids, mode));
    };
  return new Hono<MarketplaceEnv>()
    .get('/cart/items', async (c) =>
      c.body(await cart.itemsJson(c.get('user')), 200, { 'content-type': 'application/json' }),
    )
    .get('/cart/settings', async (c) => c.json(await cartSettings(deps)))
    .get('/order/settings', async (c) => c.json(await readOrderSettingsIn(db, deps.config.language)))
    .get('/cart/add-to-existing-order/warehouses', async (c) => c.json(await cart.openOrderWarehouses(c.get('user'))))
    .post(`/cart/cart-checkout${warehouseParam}`, checkout('NEW_ORDER', own))
    .post(`/cart/add-to-existing-order${warehouseParam}`, checkout('ADD_TO_EXISTING_ORDER', own))
    .post(`/cart/pxnr/cart-checkout${warehouseParam}`, checkout('NEW_ORDER', named))
    .post(`/cart/pxnr/add-to-existing-order${warehouseParam}`, checkout('ADD_TO_EXISTING_ORDER', named))
    .get('/cart/checkout/:checkoutId{[0-9a-f-]{36}}', async (c) =>
      c.json(await cart.draft(c.get('user'), c.req.param('checkoutId'))),
    );
}
