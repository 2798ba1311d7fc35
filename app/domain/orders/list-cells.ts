import { formatMinor, type MoneyFormat } from '../money';
import { DEFAULT_ORDER_SETTINGS, statusStyle, type OrderListColumn, type OrderSettings } from './settings';
import { dateTimeFormat, numberFormat, once, remembering } from '../intl';
import { isEditableField } from './list-edit';
import { UTC, zoneName } from '../time-zone';

/** One row of the orders list (spec 3 §3 "Order list item", with the columns the settings may show). */
export interface OrderListItem {
  phonexOrderNumber: string;
  refOrderNumber: string | null;
  /** ISO 8601. */
  createDate: string;
  updateDate: string;
  /** The warehouse's label; warehouseCode is its code. */
  warehouse: string;
  warehouseCode: string;
  fulfillmentStatus: string;
  paymentStatus: string;
  /** An order with a network (pxns) participant rather than the tenant itself. */
  pxnsOrder: boolean;
  /** Units ordered over the order's lines. */
  totalOrderedQuantity: number;
  /** Units shipped out of the units still ordered (canceled ones left out), 0 to 100. */
  shippedPercent: number;
  /** Minor units. */
  total: number;
}

/** One page of the list as the tenant API answers it. */
export interface OrderListPage {
  items: OrderListItem[];
  /** Orders matching the search, over every page. */
  total: number;
  /** The page served (a page past the last is served as the last). */
  page: number;
  pageSize: number;
}

/** The chip colours the stylesheet has (status-chip--…); a tenant's other value shows neutral. */
export const CHIP_COLOR_CLASSES = ['neutral', 'info', 'success', 'warning', 'danger'] as const;
export type ChipColorClass = (typeof CHIP_COLOR_CLASSES)[number];
export const chipColorClass = (value: string): ChipColorClass =>
  (CHIP_COLOR_CLASSES as readonly string[]).includes(value) ? (value as ChipColorClass) : 'neutral';

export type OrderCell =
  | { kind: 'text'; text: string; numeric: boolean }
  /** The order's number: a link to the order. */
  | { kind: 'id'; text: string; orderNumber: string }
  /** A date and time in UTC, in two parts a narrow column may put on two lines. */
  | { kind: 'date'; text: string; date: string; time: string }
  | { kind: 'status'; text: string; colorClass: ChipColorClass };

export interface CellContext {
  locale: string;
  money: MoneyFormat;
  settings: Pick<OrderSettings, 'fulfillmentSettings' | 'paymentSettings'>;
  /** The buyer's zone (time-zone.ts); UTC when not given. */
  timeZone?: string;
}

/** A percentage from 0 to 100 with one decimal, as the language writes it (spec 3 §9): "33.3%", "33,3 %". */
export const formatPercent = (value: number, locale: string) =>
  numberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    Number.isFinite(value) ? value / 100 : 0,
  );

/** An instant as toISOString writes it (in UTC): its day and its minute. */
const UTC_INSTANT = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d{1,3})?)?Z$/;
/** How a list date writes its day and its time (the time followed by "UTC"). */
const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeZone: 'UTC' };
const TIME: Intl.DateTimeFormatOptions = { timeStyle: 'short', timeZone: 'UTC' };
const withZone = (time: string) => `${time} UTC`;

/**
 * The day and the minute of a UTC instant as the language writes them, each remembered: the orders of
 * a page fall on a few days, and a list of 50 formatted 100 dates twice over (a fifth of a millisecond).
 */
const dayText = (locale: string) =>
  once(`utc-day|${locale}`, () => {
    const format = dateTimeFormat(locale, DAY);
    return remembering((day: string) => format.format(new Date(`${day}T00:00:00Z`)));
  });
const minuteText = (locale: string) =>
  once(`utc-minute|${locale}`, () => {
    const format = dateTimeFormat(locale, TIME);
    return remembering((minute: string) => withZone(format.format(new Date(`1970-01-01T${minute}:00Z`))));
  });

/** A date as two parts in the zone given (UTC by default), the day and the time with the zone's name ("Mar 5, 2026", "4:30 PM UTC"), as formatDateTime writes them. */
export function dateParts(iso: string, locale: string, timeZone = UTC): { date: string; time: string } | null {
  if (timeZone === UTC) {
    const instant = UTC_INSTANT.exec(iso);
    if (instant) return { date: dayText(locale)(instant[1]!), time: minuteText(locale)(instant[2]!) };
  }
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  return {
    date: dateTimeFormat(locale, { ...DAY, timeZone }).format(at),
    time: `${dateTimeFormat(locale, { ...TIME, timeZone }).format(at)} ${zoneName(at, locale, timeZone)}`,
  };
}

export const formatInteger = (value: number, locale: string) =>
  numberFormat(locale, { maximumFractionDigits: 0 }).format(value);

/** A field's value as stored on the item: what the column's type formats. */
function valueOf(item: OrderListItem, column: OrderListColumn): string | number | boolean | null {
  return item[column.field];
}

/**
 * What a cell of a column shows for an order, by the column's type (spec 3 §2.5): id (the order's
 * number, a link), date, percent (1 decimal), currency (minor units in the tenant's money), integer,
 * text, status (a chip labelled and coloured from the settings).
 */
export function orderCell(
  column: OrderListColumn,
  item: OrderListItem,
  { locale, money, settings, timeZone }: CellContext,
): OrderCell {
  const value = valueOf(item, column);
  switch (column.type) {
    case 'id':
      return column.field === 'phonexOrderNumber'
        ? { kind: 'id', text: item.phonexOrderNumber, orderNumber: item.phonexOrderNumber }
        : { kind: 'text', text: value === null ? '' : String(value), numeric: false };
    case 'date': {
      const parts = typeof value === 'string' ? dateParts(value, locale, timeZone) : null;
      // Formats are made once per language (a new Intl.DateTimeFormat per cell costs a page of 50 rows dearly).
      return parts
        ? { kind: 'date', text: `${parts.date} ${parts.time}`, ...parts }
        : { kind: 'text', text: '', numeric: false };
    }
    case 'percent':
      return { kind: 'text', text: typeof value === 'number' ? formatPercent(value, locale) : '', numeric: true };
    case 'currency':
      return { kind: 'text', text: typeof value === 'number' ? formatMinor(value, money) : '', numeric: true };
    case 'integer':
      return { kind: 'text', text: typeof value === 'number' ? formatInteger(value, locale) : '', numeric: true };
    case 'status': {
      const code = value === null ? '' : String(value);
      const statuses =
        column.field === 'paymentStatus' ? settings.paymentSettings.statuses : settings.fulfillmentSettings.statuses;
      const style = statusStyle(statuses, code);
      return { kind: 'status', text: style.label, colorClass: chipColorClass(style.colorClass) };
    }
    case 'text':
    default:
      return {
        kind: 'text',
        text: value === null ? '' : typeof value === 'boolean' ? String(value) : String(value),
        numeric: false,
      };
  }
}

const ORDER_NUMBER_COLUMN: OrderListColumn = {
  field: 'phonexOrderNumber',
  header: 'orders.columns.orderNumber',
  type: 'id',
};

/**
 * The columns of buyerSalesOrderListPageSettings, the defaults when the tenant lists none, and
 * always the order's number as a link, so every row opens its order without JavaScript.
 */
export function listColumns(configured: readonly OrderListColumn[]): OrderListColumn[] {
  // A column is editable only where the tenant API takes the change.
  const columns = (configured.length ? configured : DEFAULT_ORDER_SETTINGS.buyerSalesOrderListPageSettings.columns).map(
    (c) => (c.editable && !isEditableField(c.field) ? { ...c, editable: false } : c),
  );
  return columns.some((c) => c.field === 'phonexOrderNumber' && c.type === 'id')
    ? columns
    : [ORDER_NUMBER_COLUMN, ...columns];
}
