import { Hono } from 'hono';
import type { MarketplaceDeps, MarketplaceEnv } from '../context';
import { notFound } from '../errors';
import { ownParticipantId, readSetting, stocklistSettingsKey } from '../services/settings';

const PARTICIPANT_HEADER = 'pxns-participant-id';

export function settingsRoutes({ db }: MarketplaceDeps) {
  return new Hono<MarketplaceEnv>()
    .get('/stocklist/settings', async (c) => {
      const participantId = c.req.header(PARTICIPANT_HEADER) ?? (await ownParticipantId(db));
      const settings = participantId ? await readSetting(db, stocklistSettingsKey(participantId)) : undefined;
      if (!settings) throw notFound('Stock list settings');
      return c.json(settings);
    })
    .get('/inventory/settings', async (c) => c.json((await readSetting(db, 'inventory-settings')) ?? { warehouseLabels: {} }))
    .get('/network/settings', async (c) =>
      c.json((await readSetting(db, 'network-settings')) ?? { isPxnr: false, pxnrParticipantId: null, networkParticipant: false }),
    );
}
