import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

export const RETURN_SORTS = ['rmaNumber', 'orderNumber', 'createdAt', 'status', 'units', 'credit'] as const;
export type ReturnSort = (typeof RETURN_SORTS)[number];

export interface ReturnListRequest {
  search?: string;
  sort?: ReturnSort;
  dir?: 'asc' | 'desc';
  page?: number;
  pageSize?: number;
  /** Every match from the first (the export); page and pageSize are ignored. */
  all?: boolean;
}

/** The most rows an export holds (a buyer's requests number in the thousands at most). */
const EXPORT_LIMIT = 20_000;

/** One row as the page query builds it (json_build_array, in this order). */
type Row = [rmaNumber: string, orderNumber: string, createdAt: string, status: string, units: number, credit: number];

/**
 * The buyer's requests matching the search: a piece of the RMA number, the order number or an IMEI,
 * in any case. Each request's are one narrow row of return_search_texts, lowered and one a line
 * (migration 0021), so the search scans those short rows and reads the matching requests by key, as
 * the orders list does. No line holds a line break: a search with one matches nothing.
 */
function matching(buyerId: number, search: string): SQL {
  if (!search) return sql`r.buyer_id = ${buyerId}`;
  if (/[\r\n]/.test(search)) return sql`false`;
  return sql`r.buyer_id = ${buyerId} and r.id = any (array(
    select s.request_id from return_search_texts s where s.buyer_id = ${buyerId} and strpos(s.text, lower(${search})) > 0))`;
}

/** The sort key; the unit count and the credit have an index (buyer, key, id), the date the buyer's index. */
function sortKey(sort: ReturnSort): SQL {
  switch (sort) {
    case 'rmaNumber':
      return sql`r.rma_number`;
    case 'orderNumber':
      return sql`ko.phonex_order_number`;
    case 'createdAt':
      return sql`r.created_at`;
    case 'status':
      return sql`r.status`;
    case 'units':
      return sql`r.unit_count`;
    case 'credit':
      return sql`r.credit`;
  }
}

/**
 * A page of the buyer's returns list in one query: the matching requests in the chosen order, `limit`
 * from `offset` (ties break on the id in the same direction, so pages never overlap), then their
 * order's number, as one JSON text. The count of all matches comes with it: counted on the way by a
 * search, else off the buyer's index.
 */
function pageQuery(
  buyerId: number,
  search: string,
  sort: ReturnSort,
  dir: 'asc' | 'desc',
  limit: number,
  offset: number,
): SQL {
  const direction = sql.raw(dir === 'asc' ? 'asc' : 'desc');
  const total = search
    ? sql`coalesce(max(h.matches), 0)`
    : sql`(select count(*) from return_requests c where c.buyer_id = ${buyerId})`;
  return sql`
    with hits as (
      select r.id, r.order_id, r.rma_number, r.created_at, r.status, r.unit_count, r.credit, ${sortKey(sort)} as k,
        ${search ? sql`count(*) over ()` : sql`null::bigint`} as matches
      from return_requests r ${sort === 'orderNumber' ? sql`join orders ko on ko.id = r.order_id` : sql``}
      where ${matching(buyerId, search)}
      order by k ${direction}, r.id ${direction}
      limit ${limit} offset ${offset})
    select coalesce(json_agg(json_build_array(h.rma_number, o.phonex_order_number, h.created_at, h.status, h.unit_count, h.credit)
        order by h.k ${direction}, h.id ${direction}), '[]')::text as rows,
      ${total}::int as total
    from hits h
    join orders o on o.id = h.order_id`;
}

/** The buyer's returns list (issue 38): newest first unless sorted otherwise, searched, paged. */
export async function returnListPage(db: Db, buyerId: number, query: ReturnListRequest) {
  const search = query.search?.trim() ?? '';
  const sort = query.sort ?? 'createdAt';
  const dir = query.dir ?? 'desc';
  const pageSize = query.pageSize ?? 25;
  const page = query.page ?? 1;
  const [limit, offset] = query.all ? [EXPORT_LIMIT, 0] : [pageSize, (page - 1) * pageSize];
  const result = await db.execute<{ rows: string; total: number }>(
    pageQuery(buyerId, search, sort, dir, limit, offset),
  );
  const rows = JSON.parse(result.rows[0]?.rows ?? '[]') as Row[];
  let total = Number(result.rows[0]?.total ?? 0);
  // A search past its last page counted nothing on the way.
  if (search && !rows.length && offset > 0) {
    const counted = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from return_requests r where ${matching(buyerId, search)}`,
    );
    total = Number(counted.rows[0]?.n ?? 0);
  }
  return {
    total,
    page,
    pageSize,
    rows: rows.map(([rmaNumber, orderNumber, createdAt, status, units, credit]) => ({
      rmaNumber,
      orderNumber,
      createdAt: new Date(createdAt).toISOString(),
      status,
      units,
      credit,
    })),
  };
}

/** The page query's plan (EXPLAIN ANALYZE), for tests that keep it on the indexes. */
export async function explainReturnListPage(db: Db, buyerId: number, query: ReturnListRequest): Promise<string> {
  const pageSize = query.pageSize ?? 25;
  const result = await db.execute<{ 'QUERY PLAN': string }>(
    sql`explain analyze ${pageQuery(buyerId, query.search?.trim() ?? '', query.sort ?? 'createdAt', query.dir ?? 'desc', pageSize, ((query.page ?? 1) - 1) * pageSize)}`,
  );
  return result.rows.map((r) => r['QUERY PLAN']).join('\n');
}
