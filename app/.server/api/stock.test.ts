import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { parseStockQuery } from '~/domain/stock/query';
import { stockApi } from './stock';

const answer = JSON.stringify({
  query: { warehouseGroup: 'us', category: 'PHONES', warehouses: [], includeOutOfStock: false, filters: {}, page: 1 },
  reset: false,
  categories: [{ value: 'PHONES', label: 'Phones', count: 1, selected: true }],
  warehouses: [],
  levels: [],
  grades: [],
  totals: { groups: 0, items: 0, quantity: '0' },
  page: 1,
  pageCount: 0,
  groups: [],
  warehouseGroup: 'us',
  pxnParticipantId: 'acme',
  lastUpdateddDate: '2026-11-26T10:00:00.000Z',
});
const context = {
  tenantApi: async () => new Response(answer, { status: 200 }),
  tenantApiBase: 'http://tenant',
  cspNonce: '',
  logger: pino({ level: 'silent' }),
};
const query = parseStockQuery(new URLSearchParams('warehouseGroup=us'));

describe('stock pages from the tenant API', () => {
  it('keep a page with every group closed, asked for again, as one value', async () => {
    const first = await stockApi.page(context, 'token', 'acme', query, []);
    expect('warehouseGroup' in first && first.warehouseGroup).toBe('us');
    expect(await stockApi.page(context, 'token', 'acme', query, [])).toBe(first);
  });

  it("read a page with an opened group afresh each time (it carries the group's items)", async () => {
    const first = await stockApi.page(context, 'token', 'acme', query, ['g1']);
    const again = await stockApi.page(context, 'token', 'acme', query, ['g1']);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});
