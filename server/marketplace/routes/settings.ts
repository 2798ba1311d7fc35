import { Hono } from 'hono';
import type { MarketplaceDeps, MarketplaceEnv } from '../context';
import { notFound } from '../errors';
import { networkSettings, PARTICIPANT_HEADER } from '../services/network';
import { ownParticipantId, readSetting, stocklistSettingsKey } from '../services/settings';

export function settingsRoutes({ db, stock, config }: MarketplaceDeps) {
  return new Hono<MarketplaceEnv>()
    .get('/stocklist/settings', async (c) => {
      const participantId = c.req.header(PARTICIPANT_HEADER) ?? (await ownParticipantId(db));
      const settings = participantId ? await readSetting(db, stocklistSettingsKey(participantId)) : undefined;
      if (!settings) throw notFound('Stock list settings');
      // The dialogs tell buyers how long a seller's answer holds: the review rules' validity.
      return c.json({ offerAnswerValidHours: config.marketplace.offerReview.validHours, ...(settings as object) });
    })
    .get('/inventory/settings', async (c) => c.json((await readSetting(db, 'inventory-settings')) ?? { warehouseLabels: {} }))
    .get('/network/settings', async (c) => c.json(await networkSettings(db, stock, config, c.get('user'))));
}
