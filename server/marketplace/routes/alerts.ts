import { Hono } from 'hono';
import { z } from 'zod';
import type { MarketplaceDeps, MarketplaceEnv } from '../context';
import type { AlertService } from '../services/alerts';
import { ownParticipantId } from '../services/settings';
import { PARTICIPANT_HEADER } from '../services/network';
import { jsonBody } from './validate';

const quantity = z.number().int().min(0).max(10_000_000);
const itemKey = '/:itemNumberWarehouse{[^/]{1,200}}';

/** The stock alert calls of spec 1 §7, for the participant named by the header (the tenant by default). */
export function alertRoutes({ db }: MarketplaceDeps, alerts: AlertService) {
  const participantOf = async (header: string | undefined) => header || (await ownParticipantId(db)) || '';
  return new Hono<MarketplaceEnv>()
    .get('/stocklist/alert/items', async (c) => c.json(await alerts.list(c.get('user'), await participantOf(c.req.header(PARTICIPANT_HEADER)))))
    .post('/stocklist/alert/item', async (c) => {
      const body = await jsonBody(c, z.object({ itemNumberWarehouse: z.string().min(1).max(200), quantity }));
      const participantId = await participantOf(c.req.header(PARTICIPANT_HEADER));
      const { alert, created } = await alerts.set(c.get('user'), participantId, body.itemNumberWarehouse, body.quantity, false);
      return c.json(alert, created ? 201 : 200);
    })
    .put(`/stocklist/alert/item${itemKey}`, async (c) => {
      const body = await jsonBody(c, z.object({ quantity }));
      const participantId = await participantOf(c.req.header(PARTICIPANT_HEADER));
      const { alert } = await alerts.set(c.get('user'), participantId, c.req.param('itemNumberWarehouse'), body.quantity, true);
      return c.json(alert);
    })
    .delete(`/stocklist/alert/item${itemKey}`, async (c) => {
      await alerts.remove(c.get('user'), await participantOf(c.req.header(PARTICIPANT_HEADER)), c.req.param('itemNumberWarehouse'));
      return c.body(null, 204);
    });
}
