import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { MarketplaceDeps, MarketplaceEnv } from '../context';
import { assertCanBuy, offerView } from '../services/offers/offers';
import { ownParticipantId } from '../services/shared/settings';
import { namedNetworkParticipant, PARTICIPANT_HEADER } from '../services/stock/network';
import { idListSchema } from '../../../app/domain/ids';
import { offerPriceValue, offerQuantityValue } from '../../../app/domain/offers/entry-values';
import { idParam, idSegment, jsonBody } from './validate';

export const placeBody = z.object({
  itemNumberWarehouse: z.string().min(1).max(200),
  offerQuantity: offerQuantityValue,
  offerPrice: offerPriceValue,
});
export const changeBody = z.object({ offerQuantity: offerQuantityValue, offerPrice: offerPriceValue });

/**
 * The buyer's offers (spec 1 §7) and each one's history (issue 37): the plain paths for the tenant's
 * own stock, the pxnr paths for a network participant's stock named by the pxns-participant-id header.
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
      .put(`${prefix}/offer/${idSegment('offerId')}`, async (c) => {
        await assertCanBuy(db, c.get('user'));
        const body = await jsonBody(c, changeBody);
        return c.json(
          offerView(await offers.change(c.get('user'), await participantOf(c), idParam(c, 'offerId'), body)),
        );
      })
      .delete(`${prefix}/offers`, async (c) => {
        const ids = await jsonBody(c, idListSchema);
        return c.json({ deleted: await offers.removeMany(c.get('user'), await participantOf(c), ids) });
      })
      .put(`${prefix}/offers/move-to-cart`, async (c) => {
        await assertCanBuy(db, c.get('user'));
        const ids = await jsonBody(c, idListSchema);
        return c.json((await offers.moveToCart(c.get('user'), await participantOf(c), ids)).map(offerView));
      })
      .get(`${prefix}/offer/${idSegment('offerId')}/history`, async (c) =>
        c.json(await offers.ownHistory(c.get('user'), await participantOf(c), idParam(c, 'offerId'))),
      )
      .delete(`${prefix}/offer/${idSegment('offerId')}`, async (c) => {
        await offers.remove(c.get('user'), await participantOf(c), idParam(c, 'offerId'));
        return c.body(null, 204);
      });

  const own = async () => (await ownParticipantId(db)) ?? '';
  const named = (c: Context<MarketplaceEnv>) => namedNetworkParticipant(db, c.req.header(PARTICIPANT_HEADER));
  return new Hono<MarketplaceEnv>().route('/', mount('/stocklist', own)).route('/', mount('/stocklist/pxnr', named));
}
