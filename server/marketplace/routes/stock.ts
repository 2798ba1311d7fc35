import { Hono } from 'hono';
import { z } from 'zod';
import { filteredItems } from '../../../app/domain/stock/engine';
import type { StocklistSettings } from '../../../app/domain/stock/settings';
import { MAX_SEARCH_LENGTH, parseOpenGroups, parseStockQuery, STOCK_SORTS } from '../../../app/domain/stock/query';
import { displayQuantity } from '../../../app/domain/stock/quantity';
import type { MarketplaceDeps, MarketplaceEnv } from '../context';
import { Readable } from 'node:stream';
import { stockWorkbookStream } from '../services/stock/stock-export';
import { jsonBody } from './validate';
import { keptJson } from './kept-json';
import { notFound } from '../errors';
import { PARTICIPANT_HEADER } from '../services/stock/network';
import { ownParticipantId } from '../services/shared/settings';
import { refuseWhenStockListDown } from '../services/shared/faults';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const values = z.array(z.string().max(200)).max(200);
export const exportBody = z.object({
  includeOutOfStock: z.boolean().default(false),
  q: z.string().max(MAX_SEARCH_LENGTH).optional(),
  sort: z.enum(STOCK_SORTS).optional(),
  filters: z
    .object({
      category: z.string().max(100).optional(),
      warehouseGroup: z.string().max(100).optional(),
      warehouse: values.optional(),
    })
    .catchall(values)
    .optional(),
});

/** The stock calls of spec 1 §7; filtering and paging happen here, the portal gets one page. */
export function stockRoutes({ db, stock, config, t }: MarketplaceDeps) {
  const participantOf = async (header: string | undefined) => header || (await ownParticipantId(db)) || '';

  /** The items of one warehouse group that the list's filters let through, in the list's order. */
  async function filteredExport(
    participantId: string,
    settings: StocklistSettings,
    snapshot: Awaited<ReturnType<typeof stock.snapshot>>,
    body: z.infer<typeof exportBody>,
  ) {
    const { category, warehouseGroup, warehouse, ...attributes } = body.filters!;
    const group = await stock.warehouseGroup(participantId, warehouseGroup);
    if (!group) throw notFound('Warehouse group');
    const items = group.warehouseCodes.flatMap((code) => snapshot.byWarehouse.get(code) ?? []);
    const { q, sort } = body;
    return filteredItems(items, settings, {
      warehouseGroup: group.id,
      category,
      warehouses: warehouse ?? [],
      includeOutOfStock: body.includeOutOfStock,
      filters: attributes,
      page: 1,
      q,
      sort,
    });
  }

  return new Hono<MarketplaceEnv>()
    .get('/stocklist/participants', async (c) => keptJson(c, await stock.participantWarehouses()))
    .get('/stocklist/item-counts', async (c) => {
      const all = await stock.participantWarehouses();
      return c.json(all.map((p) => ({ pxnsParticipantId: p.pxnParticipantId, itemsCount: p.itemsCount })));
    })
    .get('/stocklist/grades', async (c) =>
      c.json({ grades: await stock.grades(await participantOf(c.req.header(PARTICIPANT_HEADER))) }),
    )
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
    .post('/stocklist/export', async (c) => {
      const participantId = await participantOf(c.req.header(PARTICIPANT_HEADER));
      const body = await jsonBody(c, exportBody);
      const [settings, snapshot] = await Promise.all([stock.settings(participantId), stock.snapshot(participantId)]);
      if (!settings) throw notFound('Stock list settings');
      const items = body.filters
        ? await filteredExport(participantId, settings, snapshot, body)
        : snapshot.items.filter((i) => body.includeOutOfStock || i.quantityAvailable > 0);
      const file = stockWorkbookStream(items, settings, config, t);
      const name = `stock-list-${new Date().toISOString().slice(0, 10)}.xlsx`;
      return c.body(Readable.toWeb(file) as ReadableStream<Uint8Array>, 200, {
        'content-type': XLSX_TYPE,
        'content-disposition': `attachment; filename="${name}"`,
      });
    })
    .get('/stocklist/items', async (c) => {
      await refuseWhenStockListDown(db, c.get('user').id);
      const participantId = await participantOf(c.req.header(PARTICIPANT_HEADER));
      const params = new URL(c.req.url).searchParams;
      const page = await stock.browse(participantId, parseStockQuery(params), parseOpenGroups(params));
      if ('missing' in page) throw notFound(page.missing);
      // A kept page belongs to one participant, group and revision (its key in the stock service).
      return keptJson(c, page.result, () => ({
        ...page.result,
        warehouseGroup: page.group.id,
        pxnParticipantId: participantId,
        lastUpdateddDate: page.updatedAt.toISOString(),
      }));
    });
}
