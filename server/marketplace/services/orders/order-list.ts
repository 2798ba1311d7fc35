import type { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import type { OrderListItem, OrderListPage } from '../../../../app/domain/orders/list-cells';
import { ORDER_LIST_PAGE_SIZE, type OrderListQuery } from '../../../../app/domain/orders/list-query';
import {
  statusStyle,
  type OrderListColumn,
  type OrderListField,
  type OrderSettings,
} from '../../../../app/domain/orders/settings';
import type { TenantConfig } from '../../../../app/domain/tenant-config';
import type { MarketplaceDeps, SignedInUser } from '../../context';
import type { Translate } from '../../i18n';
import { buyerIdOf } from '../identity/buyer-guard';
import { DEFAULT_ORDER_SETTINGS, readOrderSettings } from './order-settings';
import { wordsIn } from '../texts/texts';
import { moneyNumFmt } from '../shared/sheet-cells';
import { commitHeader, streamedWorkbook, writeRows } from '../shared/sheet-writer';

/** Most orders one export holds; far above a buyer's history. */
export const ORDER_EXPORT_LIMIT = 100_000;

/**
 * What the list asks of the tenant API: a page, a sort, a search, a status and a span of creation
 * (from `createdFrom`, before `createdBefore`); the page is ignored by the export.
 */
export interface OrderListRequest extends Omit<OrderListQuery, 'status' | 'from' | 'to'> {
  status?: string;
  createdFrom?: Date;
  createdBefore?: Date;
}

/** Whether a request narrows the buyer's orders (then it counts its matches; else the buyer's count serves). */
const narrows = (query: OrderListRequest) =>
  Boolean(query.search || query.status || query.createdFrom || query.createdBefore);

/** One row as the list query builds it (json_build_array, in this order). */
type Row = [
  phonexOrderNumber: string,
  refOrderNumber: string | null,
  createdAt: string,
  lastUpdateDate: string,
  warehouseLabel: string,
  warehouseCode: string,
  status: string,
  paymentStatus: string,
  pxnsOrder: boolean,
  ordered: number,
  shippedPercent: number,
  total: number,
];

/**
 * The buyer's orders for the list of spec 3 §2.5: paged, sorted and searched in SQL so that a
 * history of ten thousand orders costs one page. A first step picks the page's order ids (on an
 * index (buyer, sort key, id) for the sorts that have one; a search counts its matches on the way);
 * the second builds those rows as one JSON text. The line sums are columns of the order and the
 * searched text a row of its own, kept by triggers (migration 0015_order_line_sums).
 */
export function createOrderListService({
  db,
  config,
}: Pick<MarketplaceDeps, 'db'> & { config?: Pick<TenantConfig, 'language'> }) {
  /**
   * The buyer's orders matching the search: a piece of an item description, the order number or the
   * reference, in any case. Each order's are one narrow row of order_search_texts, lowered and one a
   * line, so a search never spans two of them unless it holds a line break (the search box has none).
   */
  function matching(buyerId: number, query: OrderListRequest): SQL {
    const conditions = [searched(buyerId, query.search)];
    if (query.status) conditions.push(sql`o.status = ${query.status}`);
    if (query.createdFrom) conditions.push(sql`o.created_at >= ${query.createdFrom.toISOString()}`);
    if (query.createdBefore) conditions.push(sql`o.created_at < ${query.createdBefore.toISOString()}`);
    return sql.join(conditions, sql` and `);
  }

  function searched(buyerId: number, search: string): SQL {
    if (!search) return sql`o.buyer_id = ${buyerId}`;
    // strpos over lower() takes the text literally (no wildcards to escape) and is twice as fast as ilike in PGlite;
    // the text is lowered by the database too, so both sides fold case alike.
    // The matches as an array: the orders are then read by their key, not scanned whole for a join
    // the planner, blind to how few a search matches, would choose.
    return sql`o.buyer_id = ${buyerId} and o.id = any (array(
      select st.order_id from order_search_texts st where st.buyer_id = ${buyerId} and strpos(st.text, lower(${search})) > 0))`;
  }

  /** The sort key of a list field; statuses sort in the order the settings list them (their life cycle). */
  function sortKey(field: OrderListField, settings: OrderSettings): SQL {
    const position = (statuses: { code: string }[], column: SQL) =>
      statuses.length
        ? sql`coalesce(array_position(array[${sql.join(
            statuses.map((s) => sql`${s.code}`),
            sql`, `,
          )}]::text[], ${column}), 1000)`
        : column;
    switch (field) {
      case 'phonexOrderNumber':
        return sql`o.phonex_order_number`;
      case 'refOrderNumber':
        return sql`coalesce(o.ref_order_number, o.phonex_order_number)`;
      case 'createDate':
        return sql`o.created_at`;
      case 'updateDate':
        return sql`o.last_update_date`;
      case 'warehouse':
        return sql`wk.label`;
      case 'fulfillmentStatus':
        return position(settings.fulfillmentSettings.statuses, sql`o.status`);
      case 'paymentStatus':
        return position(settings.paymentSettings.statuses, sql`o.payment_status`);
      case 'totalOrderedQuantity':
        return sql`o.ordered_quantity`;
      case 'shippedPercent':
        return sql`o.shipped_percent`;
      case 'total':
        return sql`o.total`;
    }
  }

  /**
   * The page's query: the ids of the buyer's matching orders in the chosen order, `limit` of them
   * from `offset`, with the count of all matches; then their rows as one JSON text (one value to
   * hand over instead of many typed columns, which PGlite costs dearly). Ties break on the order's
   * id in the same direction, so pages never overlap.
   */
  function pageQuery(
    buyerId: number,
    query: OrderListRequest,
    settings: OrderSettings,
    limit: number,
    offset: number,
  ): SQL {
    const dir = sql.raw(query.dir === 'asc' ? 'asc' : 'desc');
    // Without a search or filter the count is the buyer's (kept in its row by triggers), so the page can stop
    // at its last row; a search or filter reads every order anyway, and counts on the way.
    const matches = narrows(query) ? sql`count(*) over ()` : sql`null::bigint`;
    const total = narrows(query)
      ? sql`coalesce(max(h.matches), 0)`
      : sql`(select order_count from buyers c where c.id = ${buyerId})`;
    return sql`
      with hits as (
        select o.id, ${sortKey(query.sort, settings)} as k, ${matches} as matches
        from orders o ${query.sort === 'warehouse' ? sql`join warehouses wk on wk.code = o.warehouse_code` : sql``}
        where ${matching(buyerId, query)}
        order by k ${dir}, o.id ${dir}
        limit ${limit} offset ${offset})
      select coalesce(json_agg(json_build_array(
          o.phonex_order_number, o.ref_order_number, o.created_at, o.last_update_date, w.label, o.warehouse_code,
          o.status, o.payment_status, not pa.is_own, o.ordered_quantity, o.shipped_percent, o.total) order by h.k ${dir}, h.id ${dir}), '[]')::text as rows,
        ${total}::int as total
      from hits h
      join orders o on o.id = h.id
      join warehouses w on w.code = o.warehouse_code
      join participants pa on pa.id = o.participant_id`;
  }

  async function rows(
    buyerId: number,
    query: OrderListRequest,
    settings: OrderSettings,
    limit: number,
    offset: number,
  ): Promise<{ items: OrderListItem[]; total: number }> {
    const result = await db.execute<{ rows: string; total: number }>(
      pageQuery(buyerId, query, settings, limit, offset),
    );
    const parsed = JSON.parse(result.rows[0]?.rows ?? '[]') as Row[];
    const words = await wordsIn(db, config?.language ?? 'en');
    const items = parsed.map(
      ([
        phonexOrderNumber,
        refOrderNumber,
        createdAt,
        lastUpdateDate,
        warehouse,
        warehouseCode,
        status,
        paymentStatus,
        pxnsOrder,
        ordered,
        shippedPercent,
        total,
      ]) => ({
        phonexOrderNumber,
        refOrderNumber,
        createDate: new Date(createdAt).toISOString(),
        updateDate: new Date(lastUpdateDate).toISOString(),
        warehouse: words('warehouse', warehouseCode, 'label', warehouse),
        warehouseCode,
        fulfillmentStatus: status,
        paymentStatus,
        pxnsOrder,
        totalOrderedQuantity: ordered,
        shippedPercent,
        total,
      }),
    );
    return { items, total: Number(result.rows[0]?.total ?? 0) };
  }

  async function count(buyerId: number, query: OrderListRequest): Promise<number> {
    const result = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from orders o where ${matching(buyerId, query)}`,
    );
    return Number(result.rows[0]?.n ?? 0);
  }

  return {
    /** One page of 50 (spec 3 §9); a page past the last is served as the last. */
    async page(user: SignedInUser, query: OrderListRequest): Promise<OrderListPage> {
      const buyerId = buyerIdOf(user);
      // Only a sort on a status needs the settings (the statuses' order).
      const settings =
        query.sort === 'fulfillmentStatus' || query.sort === 'paymentStatus'
          ? await readOrderSettings(db)
          : DEFAULT_ORDER_SETTINGS;
      const found = await rows(buyerId, query, settings, ORDER_LIST_PAGE_SIZE, (query.page - 1) * ORDER_LIST_PAGE_SIZE);
      if (found.items.length || query.page === 1) return { ...found, page: query.page, pageSize: ORDER_LIST_PAGE_SIZE };
      // Past the last page (a bookmark from a longer history): serve the last one.
      const total = await count(buyerId, query);
      const page = Math.max(1, Math.ceil(total / ORDER_LIST_PAGE_SIZE));
      const last = total
        ? await rows(buyerId, query, settings, ORDER_LIST_PAGE_SIZE, (page - 1) * ORDER_LIST_PAGE_SIZE)
        : { items: [], total: 0 };
      return { ...last, page, pageSize: ORDER_LIST_PAGE_SIZE };
    },

    /** Every matching order in the list's order, for the export. */
    async all(
      user: SignedInUser,
      query: OrderListRequest,
    ): Promise<{ items: OrderListItem[]; settings: OrderSettings }> {
      const buyerId = buyerIdOf(user);
      const settings = await readOrderSettings(db);
      return { items: (await rows(buyerId, query, settings, ORDER_EXPORT_LIMIT, 0)).items, settings };
    },

    /** The page query's plan (EXPLAIN ANALYZE), for tests that keep it on the index. */
    async explain(user: SignedInUser, query: OrderListRequest): Promise<string> {
      const buyerId = buyerIdOf(user);
      const settings = await readOrderSettings(db);
      const result = await db.execute<{ 'QUERY PLAN': string }>(
        sql`explain analyze ${pageQuery(buyerId, query, settings, ORDER_LIST_PAGE_SIZE, (query.page - 1) * ORDER_LIST_PAGE_SIZE)}`,
      );
      return result.rows.map((r) => r['QUERY PLAN']).join('\n');
    },
  };
}

export type OrderListService = ReturnType<typeof createOrderListService>;

/** A column's header in the tenant's words: a portal text when it names one ("orders.…"), else as configured. */
export const columnHeader = (column: OrderListColumn, t: Translate) =>
  column.header.startsWith('orders.') ? t(column.header as Parameters<Translate>[0]) : column.header;

/** One order's cells for the export, in the columns' order: numbers stay numbers, dates dates, statuses their labels. */
export function exportCells(
  item: OrderListItem,
  columns: OrderListColumn[],
  settings: OrderSettings,
): (string | number | Date | null)[] {
  return columns.map((column) => {
    const value = item[column.field];
    switch (column.type) {
      case 'date':
        return typeof value === 'string' ? new Date(value) : null;
      case 'percent':
        // Excel's percent format multiplies by 100.
        return typeof value === 'number' ? Math.round(value * 10) / 1000 : null;
      case 'currency':
        return typeof value === 'number' ? value / 100 : null;
      case 'integer':
        return typeof value === 'number' ? value : null;
      case 'status': {
        const statuses =
          column.field === 'paymentStatus' ? settings.paymentSettings.statuses : settings.fulfillmentSettings.statuses;
        return statusStyle(statuses, String(value ?? '')).label;
      }
      default:
        return value === null ? '' : String(value);
    }
  });
}

const formatOf = (
  column: OrderListColumn,
  config: Pick<TenantConfig, 'currencySymbol' | 'currencyPrecision'> & { language?: string },
) =>
  column.type === 'date'
    ? 'yyyy-mm-dd hh:mm'
    : column.type === 'percent'
      ? '0.0%'
      : column.type === 'currency'
        ? moneyNumFmt(config)
        : column.type === 'integer'
          ? '#,##0'
          : undefined;

/** The buyer's orders as a spreadsheet with the list's columns (spec 3 §7 orders export), streamed as it is written. */
export function ordersWorkbookStream(
  items: OrderListItem[],
  settings: OrderSettings,
  config: Pick<TenantConfig, 'currencySymbol' | 'currencyPrecision' | 'tenantName'> & { language?: string },
  t: Translate,
): Readable {
  const columns = settings.buyerSalesOrderListPageSettings.columns;
  return streamedWorkbook(config.tenantName, async (workbook) => {
    const sheet = workbook.addWorksheet(t('orders.list.title'), { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map((column) => {
      const numFmt = formatOf(column, config);
      return {
        header: columnHeader(column, t),
        width: column.type === 'date' ? 20 : column.type === 'id' ? 26 : 18,
        ...(numFmt ? { style: { numFmt } } : {}),
      };
    });
    commitHeader(sheet);
    await writeRows(sheet, items, (item) => exportCells(item, columns, settings));
    sheet.commit();
  });
}

/** The export's file name: the date it was made. */
export const ordersExportName = (now = new Date()) => `orders-${now.toISOString().slice(0, 10)}.xlsx`;
