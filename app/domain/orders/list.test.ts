import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chipColorClass, dateParts, formatPercent, listColumns, orderCell, type OrderListItem } from './list-cells';
import {
  MAX_ORDER_SEARCH,
  orderListSearch,
  ordersHref,
  pageCountOf,
  parseOrderListQuery,
  sortedBy,
} from './list-query';
import { DEFAULT_ORDER_SETTINGS, type OrderListColumn } from './settings';

const item: OrderListItem = {
  phonexOrderNumber: 'SO-ABC-1',
  refOrderNumber: null,
  createDate: '2026-03-04T10:05:00.000Z',
  updateDate: '2026-03-05T16:30:00.000Z',
  warehouse: 'Miami',
  warehouseCode: 'MIA',
  fulfillmentStatus: 'PARTIALLY_SHIPPED',
  paymentStatus: 'FAILED',
  pxnsOrder: false,
  totalOrderedQuantity: 12345,
  shippedPercent: 100 / 3,
  total: 1234567,
};
const money = { locale: 'en', currencyCode: 'USD', currencySymbol: '$', currencyPrecision: 2 };
const context = { locale: 'en', money, settings: DEFAULT_ORDER_SETTINGS };
const column = (field: OrderListColumn['field'], type: OrderListColumn['type']): OrderListColumn => ({
  field,
  type,
  header: field,
});

describe('orders list cells (spec 3 §2.5, §9)', () => {
  it('shows percent columns with 1 decimal, in the language', () => {
    expect(formatPercent(100 / 3, 'en')).toBe('33.3%');
    expect(formatPercent(100, 'en')).toBe('100.0%');
    expect(formatPercent(0, 'en')).toBe('0.0%');
    expect(formatPercent(66.66, 'en')).toBe('66.7%');
    expect(formatPercent(12.5, 'fr').replace(/\s/g, ' ')).toBe('12,5 %');
    expect(formatPercent(12.5, 'de').replace(/\s/g, ' ')).toBe('12,5 %');
    expect(formatPercent(Number.NaN, 'en')).toBe('0.0%');
    expect(orderCell(column('shippedPercent', 'percent'), item, context)).toEqual({
      kind: 'text',
      text: '33.3%',
      numeric: true,
    });
  });

  it('shows currency from minor units in the tenant money, integers grouped', () => {
    expect(orderCell(column('total', 'currency'), item, context)).toEqual({
      kind: 'text',
      text: '$12,345.67',
      numeric: true,
    });
    expect(orderCell(column('total', 'currency'), { ...item, total: 5 }, context).text).toBe('$0.05');
    expect(orderCell(column('totalOrderedQuantity', 'integer'), item, context)).toEqual({
      kind: 'text',
      text: '12,345',
      numeric: true,
    });
  });

  it('shows dates in UTC and the order number as a link', () => {
    expect(orderCell(column('updateDate', 'date'), item, context)).toEqual({
      kind: 'date',
      text: 'Mar 5, 2026 4:30 PM UTC',
      date: 'Mar 5, 2026',
      time: '4:30 PM UTC',
    });
    expect(orderCell(column('updateDate', 'date'), { ...item, updateDate: 'not a date' }, context)).toEqual({
      kind: 'text',
      text: '',
      numeric: false,
    });
    expect(orderCell(column('phonexOrderNumber', 'id'), item, context)).toEqual({
      kind: 'id',
      text: 'SO-ABC-1',
      orderNumber: 'SO-ABC-1',
    });
    expect(orderCell(column('refOrderNumber', 'id'), item, context)).toEqual({
      kind: 'text',
      text: '',
      numeric: false,
    });
    expect(orderCell(column('warehouse', 'text'), item, context)).toEqual({
      kind: 'text',
      text: 'Miami',
      numeric: false,
    });
  });

  it('writes an instant by its remembered day and minute as the whole instant would be written, in every language', () => {
    // The same instant with an offset of its own is formatted from the whole date: both must read alike.
    const instant = fc.date({
      min: new Date('1990-01-01T00:00:00Z'),
      max: new Date('2100-12-31T23:59:59Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(instant, fc.constantFrom('en', 'fr', 'de'), (at, locale) => {
        const iso = at.toISOString();
        expect(dateParts(iso, locale)).toEqual(dateParts(iso.replace('Z', '+00:00'), locale));
      }),
    );
    expect(dateParts('2026-03-05T16:30:59.999Z', 'en')).toEqual({ date: 'Mar 5, 2026', time: '4:30 PM UTC' });
    expect(dateParts('2026-03-05T23:30:00-02:00', 'en')).toEqual({ date: 'Mar 6, 2026', time: '1:30 AM UTC' });
  });

  it('labels and colours status chips from the settings, each field from its own list', () => {
    expect(orderCell(column('fulfillmentStatus', 'status'), item, context)).toEqual({
      kind: 'status',
      text: 'Partially Shipped',
      colorClass: 'info',
    });
    expect(orderCell(column('paymentStatus', 'status'), item, context)).toEqual({
      kind: 'status',
      text: 'Payment Failed',
      colorClass: 'danger',
    });
    expect(orderCell(column('fulfillmentStatus', 'status'), { ...item, fulfillmentStatus: 'LOST' }, context)).toEqual({
      kind: 'status',
      text: 'LOST',
      colorClass: 'neutral',
    });
  });

  it('keeps only the chip colours the stylesheet has', () => {
    for (const c of ['neutral', 'info', 'success', 'warning', 'danger']) expect(chipColorClass(c)).toBe(c);
    expect(chipColorClass('x" onclick="')).toBe('neutral');
  });
});

describe('orders list columns', () => {
  it('takes the settings columns, the defaults when there are none, and always links the order number', () => {
    const configured: OrderListColumn[] = [column('total', 'currency'), column('warehouse', 'text')];
    expect(listColumns(configured).map((c) => c.field)).toEqual(['phonexOrderNumber', 'total', 'warehouse']);
    expect(listColumns([])).toEqual(DEFAULT_ORDER_SETTINGS.buyerSalesOrderListPageSettings.columns);
    expect(listColumns(DEFAULT_ORDER_SETTINGS.buyerSalesOrderListPageSettings.columns)).toHaveLength(10);
    // Editable only where the tenant API takes the change: the buyer's reference.
    expect(
      listColumns([
        { ...column('total', 'currency'), editable: true },
        { ...column('refOrderNumber', 'id'), editable: true },
      ]).map((c) => c.editable),
    ).toEqual([undefined, false, true]);
  });
});

describe('orders list query', () => {
  const NO_FILTER = { status: '', from: '', to: '' };
  const parse = (search: string) => parseOrderListQuery(new URLSearchParams(search));

  it('defaults to page 1, newest update first, no search (spec 3 §9)', () => {
    expect(parse('')).toEqual({ page: 1, sort: 'updateDate', dir: 'desc', search: '', ...NO_FILTER });
    expect(orderListSearch(parse(''))).toBe('');
  });

  it('reads a chosen page, sort and search', () => {
    expect(parse('page=3&sort=total&dir=desc&search=%20iPhone%20')).toEqual({
      page: 3,
      sort: 'total',
      dir: 'desc',
      search: 'iPhone',
      ...NO_FILTER,
    });
    expect(parse('sort=total')).toEqual({ page: 1, sort: 'total', dir: 'asc', search: '', ...NO_FILTER });
  });

  it('takes anything out of range as the default', () => {
    expect(parse('page=-1&sort=evil&dir=sideways')).toEqual({
      page: 1,
      sort: 'updateDate',
      dir: 'desc',
      search: '',
      ...NO_FILTER,
    });
    expect(parse('page=1e3').page).toBe(1);
    expect(parse('page=0').page).toBe(1);
    expect(parse('page=9999999999').page).toBe(1);
    expect(parse('sort=__proto__').sort).toBe('updateDate');
    expect(parse(`search=${'a'.repeat(10_000)}`).search).toHaveLength(MAX_ORDER_SEARCH);
    expect(parse('search=a%00b%0Ac').search).toBe('a b c');
  });

  it('writes canonical query strings', () => {
    expect(orderListSearch({ page: 2, sort: 'updateDate', dir: 'desc', search: 'pixel 7', ...NO_FILTER })).toBe(
      'search=pixel+7&page=2',
    );
    expect(orderListSearch({ page: 1, sort: 'total', dir: 'asc', search: '', ...NO_FILTER })).toBe(
      'sort=total&dir=asc',
    );
    expect(ordersHref({ page: 1, sort: 'updateDate', dir: 'desc', search: '', ...NO_FILTER })).toBe('/orders');
    expect(ordersHref({ page: 2 })).toBe('/orders?page=2');
    const filtered = {
      page: 4,
      sort: 'warehouse',
      dir: 'desc',
      search: 'a&b',
      status: 'AWAITING_SHIPPING_QUOTE',
      from: '2026-01-01',
      to: '2026-02-28',
    } as const;
    expect(orderListSearch(filtered)).toBe(
      'search=a%26b&status=AWAITING_SHIPPING_QUOTE&from=2026-01-01&to=2026-02-28&sort=warehouse&dir=desc&page=4',
    );
    expect(parse(orderListSearch(filtered))).toEqual(filtered);
  });

  it('sorts by a header: another column ascending, the same column the other way, back to page 1', () => {
    const query = {
      page: 3,
      sort: 'updateDate',
      dir: 'desc',
      search: 'x',
      status: 'SHIPPED',
      from: '',
      to: '',
    } as const;
    expect(sortedBy(query, 'total')).toEqual({ ...query, page: 1, sort: 'total', dir: 'asc' });
    expect(sortedBy(query, 'updateDate')).toEqual({ ...query, page: 1, sort: 'updateDate', dir: 'asc' });
    expect(sortedBy({ ...query, dir: 'asc' }, 'updateDate').dir).toBe('desc');
  });

  it('narrows to a status and a range of creation days; odd values are no filter, a range typed backwards is turned round', () => {
    expect(parse('status=AWAITING_SHIPPING_QUOTE&from=2026-03-01&to=2026-03-31')).toMatchObject({
      status: 'AWAITING_SHIPPING_QUOTE',
      from: '2026-03-01',
      to: '2026-03-31',
    });
    expect(parse('from=2026-03-31&to=2026-03-01')).toMatchObject({ from: '2026-03-01', to: '2026-03-31' });
    expect(parse('to=2026-03-01')).toMatchObject({ from: '', to: '2026-03-01' });
    for (const odd of ['2026-02-30', '2026-13-01', '26-03-01', '2026-3-1', '<x>', 'x'.repeat(500)])
      expect(parse(`from=${encodeURIComponent(odd)}`).from, odd).toBe('');
    for (const odd of ['shipped', "'; drop", '__proto__', 'A'.repeat(41), ''])
      expect(parse(`status=${encodeURIComponent(odd)}`).status, odd).toBe('');
  });

  it('pages 50 orders at a time', () => {
    expect(pageCountOf(0)).toBe(1);
    expect(pageCountOf(50)).toBe(1);
    expect(pageCountOf(51)).toBe(2);
    expect(pageCountOf(10_000)).toBe(200);
  });
});
