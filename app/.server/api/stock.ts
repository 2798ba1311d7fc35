import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { listSearch, STOCK_SORTS, type StockQuery } from '~/domain/stock/query';
import type { StocklistSettings } from '~/domain/stock/settings';
import { stocklistSettingsSchema } from '~/domain/stock/settings-schema';
import type { FailureParts } from '~/domain/failure-message';
import { ApiFailure, callApi, failureParts, withSessionRetry } from './client';
import { keptAnswers } from './kept-answers';

export const PARTICIPANT_HEADER = 'pxns-participant-id';

const participantSchema = z.object({
  pxnParticipantId: z.string(),
  name: z.string(),
  isOwn: z.boolean(),
  isPxns: z.boolean(),
  isPxnr: z.boolean(),
  warehouseGroupSelectOrder: z.number().nullable(),
  hasSettings: z.boolean(),
  itemsCount: z.number(),
  warehouseGroups: z.array(
    z.object({
      id: z.string(),
      warehouseGroupName: z.string(),
      warehouseGroupDescription: z.string(),
      itemsCount: z.number(),
      /** In or out of stock; a tenant API without it leaves the in-stock count. */
      allItemsCount: z.number().optional(),
      warehouses: z.array(z.object({ warehouseId: z.string(), warehouseLabel: z.string(), itemsCount: z.number() })),
    }),
  ),
});
export type ParticipantWarehouses = z.infer<typeof participantSchema>;
/** The same on every stock page until a participant's stock moves. */
export const participantsSchema = z.array(participantSchema);
const participantAnswers = keptAnswers(participantsSchema, 4);

const option = z.object({ value: z.string(), label: z.string(), count: z.number(), selected: z.boolean() });
const item = z.object({
  itemNumber: z.string(),
  itemNumberWarehouse: z.string(),
  warehouse: z.string(),
  category: z.string(),
  groupKey: z.string(),
  skuDescription: z.string(),
  grade: z.string(),
  attributes: z.record(z.string(), z.string()),
  quantityAvailable: z.number(),
  displayQuantity: z.string(),
  listPrice: z.number().nullable(),
  incrementSize: z.number(),
  minimumCheckoutQuantity: z.number(),
  pendingOrderItemCount: z.number(),
});
export const singleItemSchema = item.extend({
  groupTitle: z.string(),
  groupDescription: z.string(),
  warehouseLabel: z.string(),
  isOfferAccepted: z.boolean(),
  pxnParticipantId: z.string(),
});
export type SingleStockItem = z.infer<typeof singleItemSchema>;

export const browseSchema = z.object({
  query: z.object({
    warehouseGroup: z.string().optional(),
    category: z.string().optional(),
    warehouses: z.array(z.string()),
    includeOutOfStock: z.boolean(),
    filters: z.record(z.string(), z.array(z.string())),
    page: z.number(),
    q: z.string().optional(),
    sort: z.enum(STOCK_SORTS).optional(),
  }),
  reset: z.boolean(),
  categories: z.array(option),
  warehouses: z.array(option),
  levels: z.array(z.object({ attribute: z.string(), label: z.string(), options: z.array(option) })),
  grades: z.array(z.object({ header: z.string(), footer: z.string(), options: z.array(option) })),
  totals: z.object({ groups: z.number(), items: z.number(), quantity: z.string() }),
  page: z.number(),
  pageCount: z.number(),
  groups: z.array(
    z.object({
      groupId: z.string(),
      title: z.string(),
      groupDescription: z.string(),
      groupAttributes: z.object({ topRight: z.string().nullable(), bottomRight: z.string().nullable() }),
      wareHouse: z.string(),
      warehouseLabel: z.string(),
      countOfItems: z.number(),
      quantityAvailable: z.string(),
      minPrice: z.number().nullable(),
      showMinPriceSymbol: z.boolean(),
      isOfferAccepted: z.boolean(),
      items: z.array(item),
    }),
  ),
  warehouseGroup: z.string(),
  pxnParticipantId: z.string(),
  lastUpdateddDate: z.string(),
});
export type StockPage = z.infer<typeof browseSchema>;
/**
 * The pages buyers ask for again (the first page of a category, the page they came back to). Only pages with
 * every group closed: an opened group carries its items.
 */
const pageAnswers = keptAnswers(browseSchema, 16);

export const gradesSchema = z.object({
  grades: z.array(
    z.object({
      grade: z.string(),
      gradeLabel: z.string(),
      description: z.string(),
      pxnrGrade: z.string().nullable(),
      pxnrGradeLabel: z.string().nullable(),
      pxnrGradeDescription: z.string().nullable(),
    }),
  ),
});
export type Grade = z.infer<typeof gradesSchema>['grades'][number];

/** A stock page that could not be read, with what the error catalogue needs to say why. */
export interface StockUnavailable {
  unavailable: FailureParts;
}

const settingsCache = new Map<string, { revision: string | undefined; value: Promise<StocklistSettings> }>();

/** What the filtered export sends: the list's filters, and the buyer's search and sort (issue 37). */
interface ExportBody {
  includeOutOfStock: boolean;
  filters?: Record<string, unknown>;
  q?: string;
  sort?: StockQuery['sort'];
}

export const stockApi = {
  participants: (context: AppLoadContext, token: string) =>
    callApi(context, '/px-api-gateway/stocklist/participants', { token, schema: participantAnswers }),

  /**
   * Each participant's settings are kept per tenant while its stock revision holds: `revision` is
   * the list's lastUpdateddDate, which moves with every change to the participant's stock or
   * settings. Without one (a page that failed), the kept settings serve.
   */
  settings(
    context: AppLoadContext,
    token: string,
    participantId: string,
    revision?: string,
  ): Promise<StocklistSettings> {
    const key = `${context.tenantApiBase}|${participantId}`;
    const hit = settingsCache.get(key);
    if (hit && (revision === undefined || hit.revision === revision)) return hit.value;
    const value = callApi(context, '/px-api-gateway/stocklist/settings', {
      token,
      headers: { [PARTICIPANT_HEADER]: participantId },
      schema: stocklistSettingsSchema,
    });
    settingsCache.set(key, { revision, value });
    value.catch(() => settingsCache.delete(key));
    return value;
  },

  /** One item of a participant's stock, or null when there is no such item. */
  async item(
    context: AppLoadContext,
    token: string,
    participantId: string,
    itemNumberWarehouse: string,
  ): Promise<SingleStockItem | null> {
    try {
      return await callApi(context, `/px-api-gateway/stocklist/items/${encodeURIComponent(itemNumberWarehouse)}`, {
        token,
        headers: { [PARTICIPANT_HEADER]: participantId },
        schema: singleItemSchema,
      });
    } catch (error) {
      if (error instanceof ApiFailure && error.status === 404) return null;
      throw error;
    }
  },

  /** The stock list as a spreadsheet: its body as the tenant API streams it, and the file name it gave it. */
  exportFile(context: AppLoadContext, token: string, participantId: string | null, body: ExportBody) {
    return withSessionRetry(context, token, (current) => exportOnce(context, current ?? token, participantId, body));
  },

  grades: (context: AppLoadContext, token: string, participantId: string) =>
    callApi(context, '/px-api-gateway/stocklist/grades', {
      token,
      headers: { [PARTICIPANT_HEADER]: participantId },
      schema: gradesSchema,
    }),

  /**
   * One page of a participant's stock. A failure other than a 403 gives no stock, as the spec says,
   * but with its reason: the page reads it as the internal error it is (spec 1 §8), not as an empty list.
   */
  async page(
    context: AppLoadContext,
    token: string,
    participantId: string,
    query: StockQuery,
    open: string[],
  ): Promise<StockPage | StockUnavailable> {
    try {
      return await callApi(context, `/px-api-gateway/stocklist/items?${listSearch(query, open)}`, {
        token,
        headers: { [PARTICIPANT_HEADER]: participantId },
        schema: open.length ? browseSchema : pageAnswers,
      });
    } catch (error) {
      // A session the tenant API refused is thrown by the client as the answer that signs the buyer out.
      if (error instanceof Response) throw error;
      context.logger.error({ err: error, participantId }, 'stock list not available');
      return { unavailable: failureParts(error) };
    }
  },
};

/** The stock list as a spreadsheet: its body as the tenant API streams it, and the file name it gave it. */
async function exportOnce(context: AppLoadContext, token: string, participantId: string | null, body: ExportBody) {
  const request = new Request(new URL('/px-api-gateway/stocklist/export', context.tenantApiBase), {
    method: 'POST',
    headers: {
      accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      ...(participantId ? { [PARTICIPANT_HEADER]: participantId } : {}),
    },
    body: JSON.stringify(body),
  });
  const response = await context.tenantApi(request);
  if (!response.ok) throw new ApiFailure(response.status, undefined, `Export failed (${response.status})`);
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'stock-list.xlsx';
  if (!response.body) throw new ApiFailure(502, undefined, 'Export answered no file');
  return { body: response.body, fileName };
}
