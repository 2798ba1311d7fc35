import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { MarketplaceDeps, MarketplaceEnv } from '../context';
import { assertCanBuy, offerView } from '../services/offers';
import { ownParticipantId } from '../services/settings';
import { namedNetworkParticipant, PARTICIPANT_HEADER } from '../services/network';
import { jsonBody } from './validate';

const quantity = z.number().int('offerQuantity: a whole number').min(1).max(10_000_000);
const price = z.number().min(1).max(100_000_000).multipleOf(0.01);
const placeBody = z.object({ itemNumberWarehouse: z.string().min(1).max(200), offerQuantity: quantity, offerPrice: price });
const changeBody = z.object({ offerQuantity: quantity, offerPrice: price });
const offerIds = z.array(z.number().int().positive()).min(1).max(5000);

/**
 * The buyer's offers (spec 1 §7): the plain paths for the tenant's own stock, the pxnr paths for a
 * network participant's stock named by the pxns-participant-id header.
 */
export function offerRoutes(deps: MarketplaceDeps) {
  const { db, offers } = deps;

  const mount = (prefix: string, participantOf: (c: Context<MarketplaceEnv>) => Promise<string>) =>
    new Hono<MarketplaceEnv>()
      .get(`${prefix}/offers`, async (c) => {
        const rows = await offers.list(c.get('user'), await participantOf(c));
        return c.json(Object.fromEntries(rows.map((row) => [row.itemNumberWarehouse, offerView(row)])));
      })
      .post(`${prefix}/offer`, async (c) => {
        await assertCanBuy(db, c.get('user'));
        const body = await jsonBody(c, placeBody);
        const { row, created } = await offers.place(c.get('user'), await participantOf(c), body);
        return c.json(offerView(row), created ? 201 : 200);
      })
      .put(`${prefix}/offer/:offerId{[0-9]{1,9}}`, async (c) => {
        await assertCanBuy(db, c.get('user'));
        const body = await jsonBody(c, changeBody);
        return c.json(offerView(await offers.change(c.get('user'), await participantOf(c), Number(c.req.param('offerId')), body)));
      })
      .delete(`${prefix}/offers`, async (c) => {
        const ids = await jsonBody(c, offerIds);
        return c.json({ deleted: await offers.removeMany(c.get('user'), await participantOf(c), ids) });
      })
      .put(`${prefix}/offers/move-to-cart`, async (c) => {
        await assertCanBuy(db, c.get('user'));
        const ids = await jsonBody(c, offerIds);
        return c.json((await offers.moveToCart(c.get('user'), await participantOf(c), ids)).map(offerView));
      })
      .delete(`${prefix}/offer/:offerId{[0-9]{1,9}}`, async (c) => {
        await offers.remove(c.get('user'), await participantOf(c), Number(c.req.param('offerId')));
        return c.body(null, 204);
      });

  const own = async () => (await ownParticipantId(db)) ?? '';
  const named = (c: Context<MarketplaceEnv>) => namedNetworkParticipant(db, c.req.header(PARTICIPANT_HEADER));
  return new Hono<MarketplaceEnv>().route('/', mount('/stocklist', own)).route('/', mount('/stocklist/pxnr', named));
}
