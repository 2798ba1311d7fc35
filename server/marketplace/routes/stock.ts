import { Hono } from 'hono';
import { browseStock } from '../../../app/domain/stock/engine';
import { parseOpenGroups, parseStockQuery } from '../../../app/domain/stock/query';
import { displayQuantity } from '../../../app/domain/stock/quantity';
import type { MarketplaceDeps, MarketplaceEnv } from '../context';
import { notFound } from '../errors';
import { ownParticipantId } from '../services/settings';

export const PARTICIPANT_HEADER = 'pxns-participant-id';

/** The stock calls of spec 1 §7; filtering and paging happen here, the portal gets one page. */
export function stockRoutes({ db, stock }: MarketplaceDeps) {
  const participantOf = async (header: string | undefined) => header || (await ownParticipantId(db)) || '';

  return new Hono<MarketplaceEnv>()
    .get('/stocklist/participants', async (c) => c.json(await stock.participantWarehouses()))
    .get('/stocklist/item-counts', async (c) => {
      const all = await stock.participantWarehouses();
      return c.json(all.map((p) => ({ pxnsParticipantId: p.pxnParticipantId, itemsCount: p.itemsCount })));
    })
    .get('/stocklist/grades', async (c) => c.json({ grades: await stock.grades(await participantOf(c.req.header(PARTICIPANT_HEADER))) }))
    .get('/stocklist/items/:itemNumberWarehouse', async (c) => {
      const participantId = await participantOf(c.req.header(PARTICIPANT_HEADER));
      const [settings, snapshot] = await Promise.all([stock.settings(participantId), stock.snapshot(participantId)]);
      const item = snapshot.byKey.get(c.req.param('itemNumberWarehouse'));
      if (!settings || !item) throw notFound('Stock item');
      return c.json({
        ...item,
        displayQuantity: displayQuantity(item.quantityAvailable, settings.maxItemQuantityToBeDisplayed),
        warehouseLabel: settings.warehouseLabels[item.warehouse] ?? item.warehouse,
        isOfferAccepted: settings.warehouseAcceptingOffer.includes(item.warehouse),
        pxnParticipantId: participantId,
      });
    })
    .get('/stocklist/items', async (c) => {
      const participantId = await participantOf(c.req.header(PARTICIPANT_HEADER));
      const settings = await stock.settings(participantId);
      if (!settings) throw notFound('Stock list settings');
      const params = new URL(c.req.url).searchParams;
      const query = parseStockQuery(params);
      const group = await stock.warehouseGroup(participantId, query.warehouseGroup);
      if (!group) throw notFound('Warehouse group');
      const snapshot = await stock.snapshot(participantId);
      const items = group.warehouseCodes.flatMap((code) => snapshot.byWarehouse.get(code) ?? []);
      const result = browseStock(items, settings, { ...query, warehouseGroup: group.id }, parseOpenGroups(params));
      return c.json({ ...result, warehouseGroup: group.id, pxnParticipantId: participantId, lastUpdateddDate: snapshot.updatedAt.toISOString() });
    });
}
