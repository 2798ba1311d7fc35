import { Hono } from 'hono';
import { z } from 'zod';
import type { MarketplaceDeps, MarketplaceEnv } from '../context';
import type { AlertService } from '../services/stock/alerts';
import { ownParticipantId } from '../services/shared/settings';
import { PARTICIPANT_HEADER } from '../services/stock/network';
import { alertQuantityValue } from '../../../app/domain/offers/entry-values';
import { badRequest } from '../errors';
import { jsonBody } from './validate';

/** The bodies the alert calls read (described by the OpenAPI document). */
export const alertBodies = {
  NewAlert: z.object({ itemNumberWarehouse: z.string().min(1).max(200), quantity: alertQuantityValue }),
  AlertChange: z.object({ quantity: alertQuantityValue }),
};

const itemKey = '/:itemNumberWarehouse{[^/]{1,200}}';

/** The stock alert calls of spec 1 §7, for the participant named by the header (the tenant by default). */
export function alertRoutes({ db }: MarketplaceDeps, alerts: AlertService) {
  /** The participant the header names, the tenant itself without one; a blank header names nobody. */
  const participantOf = async (header: string | undefined) => {
    if (header === undefined) return (await ownParticipantId(db)) ?? '';
    if (header.trim() === '') throw badRequest('participantRequired', `${PARTICIPANT_HEADER}: names no participant`);
    return header;
  };
  return new Hono<MarketplaceEnv>()
    .get('/stocklist/alert/items', async (c) =>
      c.json(await alerts.list(c.get('user'), await participantOf(c.req.header(PARTICIPANT_HEADER)))),
    )
    .post('/stocklist/alert/item', async (c) => {
      const body = await jsonBody(c, alertBodies.NewAlert);
      const participantId = await participantOf(c.req.header(PARTICIPANT_HEADER));
      const { alert, created } = await alerts.set(
        c.get('user'),
        participantId,
        body.itemNumberWarehouse,
        body.quantity,
        false,
      );
      return c.json(alert, created ? 201 : 200);
    })
    .put(`/stocklist/alert/item${itemKey}`, async (c) => {
      const body = await jsonBody(c, alertBodies.AlertChange);
      const participantId = await participantOf(c.req.header(PARTICIPANT_HEADER));
      const { alert } = await alerts.set(
        c.get('user'),
        participantId,
        c.req.param('itemNumberWarehouse'),
        body.quantity,
        true,
      );
      return c.json(alert);
    })
    .delete(`/stocklist/alert/item${itemKey}`, async (c) => {
      await alerts.remove(
        c.get('user'),
        await participantOf(c.req.header(PARTICIPANT_HEADER)),
        c.req.param('itemNumberWarehouse'),
      );
      return c.body(null, 204);
    });
}
