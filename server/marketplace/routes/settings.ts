import { Hono } from 'hono';
import type { MarketplaceDeps, MarketplaceEnv } from '../context';
import { notFound } from '../errors';
import { networkSettings, PARTICIPANT_HEADER } from '../services/stock/network';
import { ownParticipantId, readSetting, stocklistSettingsKey } from '../services/shared/settings';
import { wordsIn } from '../services/texts/texts';

export function settingsRoutes({ db, stock, config }: MarketplaceDeps) {
  return new Hono<MarketplaceEnv>()
    .get('/stocklist/settings', async (c) => {
      const participantId = c.req.header(PARTICIPANT_HEADER) ?? (await ownParticipantId(db));
      const settings = participantId ? await readSetting(db, stocklistSettingsKey(participantId)) : undefined;
      const inLanguage = participantId ? await stock.settings(participantId) : undefined;
      if (!settings || !inLanguage) throw notFound('Stock list settings');
      const { warehouseLabels, gradeLabels, gradeLabelDescriptions } = inLanguage;
      // The dialogs tell buyers how long a seller's answer holds: the review rules' validity.
      return c.json({
        offerAnswerValidHours: config.marketplace.offerReview.validHours,
        ...(settings as object),
        warehouseLabels,
        gradeLabels,
        gradeLabelDescriptions,
      });
    })
    .get('/inventory/settings', async (c) => {
      const { warehouseLabels = {}, ...rest } =
        (await readSetting<{ warehouseLabels?: Record<string, string> }>(db, 'inventory-settings')) ?? {};
      const words = await wordsIn(db, config.language);
      return c.json({
        ...rest,
        warehouseLabels: Object.fromEntries(
          Object.entries(warehouseLabels).map(([code, english]) => [code, words('warehouse', code, 'label', english)]),
        ),
      });
    })
    .get('/network/settings', async (c) => c.json(await networkSettings(db, stock, config, c.get('user'))));
}
