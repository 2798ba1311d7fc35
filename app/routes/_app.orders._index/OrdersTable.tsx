import { useNavigate } from '@remix-run/react';
import { useFormReply } from '~/components/form-reply';
import { PathLink } from '~/components/PathLink';
import { SortableHeader } from '~/components/SortableHeader';
import type { MouseEvent } from 'react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { useCanBuy } from '~/components/use-can-buy';
import { useMoneyFormat } from '~/components/use-money-format';
import { orderCell, type CellContext, type OrderListItem } from '~/domain/orders/list-cells';
import { useTimeZone } from '~/components/use-date-time';
import { ordersHref, sortedBy } from '~/domain/orders/list-query';
import type { OrderListColumn } from '~/domain/orders/settings';
import { FieldError } from '~/components/FieldError';
import { useOrders } from './use-orders';

const orderHref = (orderNumber: string) => `/orders/${encodeURIComponent(orderNumber)}`;

/** Text the buyer has selected on the page: a click that ends a selection does not open the row (spec 3 §2.5). */
const selectingText = () =>
  typeof window !== 'undefined' ? (window.getSelection()?.toString().trim() ?? '') !== '' : false;

/**
 * The orders table (spec 3 §2.5): the settings' columns with headers that sort (links, so they work
 * without JavaScript; aria-sort on the sorted one), one row per order whose number links to it, and
 * 'No rows available' when nothing matches. With JavaScript a click anywhere on a row opens the order.
 */
export function OrdersTable() {
  const { t, i18n } = useTranslation();
  const { query, page, columns, statuses } = useOrders();
  const money = useMoneyFormat();
  const canBuy = useCanBuy();
  // What every row shares is worked out once for the table (50 rows a page).
  const navigate = useNavigate();
  const timeZone = useTimeZone();
  const header = (column: OrderListColumn) =>
    column.header.startsWith('orders.') ? t(column.header as 'orders.list.title') : column.header;
  const table: RowContext = {
    columns,
    header,
    canBuy,
    navigate,
    cells: { locale: i18n.language, money, settings: statuses, timeZone },
    words: { network: t('orders.list.network'), buyAgain: t('buyAgain.action') },
  };
  return (
    <div className="table-scroll">
      <table className="orders-table orders-table--wide">
        <caption className="visually-hidden">{t('orders.list.caption')}</caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const numeric = column.type === 'integer' || column.type === 'percent' || column.type === 'currency';
              return (
                <SortableHeader
                  key={column.field}
                  label={header(column)}
                  to={ordersHref(sortedBy(query, column.field))}
                  sorted={query.sort === column.field}
                  dir={query.dir}
                  numeric={numeric}
                />
              );
            })}
          </tr>
        </thead>
        <tbody>
          {page.items.length ? (
            page.items.map((item, row) => <OrderRow key={item.phonexOrderNumber} item={item} row={row} table={table} />)
          ) : (
            <tr>
              <td colSpan={columns.length} className="orders-empty">
                {t('orders.list.noRows')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/** A phrase a line may not break inside: one text with no-break spaces, not an element per part (50 rows a page). */
const keptTogether = (text: string) => text.replaceAll(' ', '\u00a0');

/** What the table works out once for its rows. */
interface RowContext {
  columns: OrderListColumn[];
  header: (column: OrderListColumn) => string;
  canBuy: boolean;
  navigate: ReturnType<typeof useNavigate>;
  cells: CellContext;
  words: { network: string; buyAgain: string };
}

/** A row; each cell names its column (`data-label`), which is all a narrow screen shows of the header. */
function OrderRow({ item, row, table }: { item: OrderListItem; row: number; table: RowContext }) {
  const { columns, header, canBuy, navigate, cells, words } = table;
  const onClick = (event: MouseEvent<HTMLTableRowElement>) => {
    // Links and controls do their own thing; a modified click is the browser's (new tab, window).
    if ((event.target as Element).closest('a, button, input, select, textarea, label')) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (selectingText()) return;
    navigate(orderHref(item.phonexOrderNumber));
  };
  return (
    // The row looks clickable only once hydrated (`html.scripted`, set by the root's effect): the rows need
    // not render again after hydration, which on a page of 50 rows cost as much as hydrating them.
    <tr className="orders-row" onClick={onClick}>
      {columns.map((column) => {
        if (column.editable) return <EditableCell key={column.field} item={item} row={row} label={header(column)} />;
        const cell = orderCell(column, item, cells);
        switch (cell.kind) {
          case 'id':
            return (
              <th key={column.field} scope="row">
                <PathLink to={orderHref(cell.orderNumber)}>
                  {/* Never broken: a number is read and typed whole. */}
                  <span className="nowrap">{cell.text}</span>
                </PathLink>
                {item.pxnsOrder ? <span className="chip chip--muted orders-network">{words.network}</span> : null}
                {/* Under the number rather than a column of its own: every default column fits 1366 px. */}
                {canBuy && column.field === 'phonexOrderNumber' ? (
                  <PathLink
                    to={`${orderHref(item.phonexOrderNumber)}/buy-again`}
                    className="orders-buy-again"
                    aria-label={`${words.buyAgain} ${item.refOrderNumber ?? item.phonexOrderNumber}`}
                  >
                    {words.buyAgain}
                  </PathLink>
                ) : null}
              </th>
            );
          case 'date':
            return (
              <td key={column.field} data-label={header(column)}>
                {`${keptTogether(cell.date)} ${keptTogether(cell.time)}`}
              </td>
            );
          case 'status':
            return (
              <td key={column.field} data-label={header(column)} className="orders-cell--status">
                <span className={`status-chip status-chip--${cell.colorClass}`}>{cell.text}</span>
              </td>
            );
          default:
            return (
              <td key={column.field} data-label={header(column)} className={cell.numeric ? 'num' : undefined}>
                {cell.text}
              </td>
            );
        }
      })}
    </tr>
  );
}

/** The form that saves the references the buyer changed on the page, as the action's reply names it. */
export const REFERENCES_FORM = 'order-references';

/** The posted names of a row's reference (`references[3].refOrderNumber`): the row's place on the page. */
export const referenceName = (row: number, part: 'orderNumber' | 'was' | 'refOrderNumber') =>
  `references[${row}].${part}`;

/** A reference as a refused post sent it: what the buyer typed, what the page showed, and why it was refused if it was. */
interface SentReference {
  typed: string;
  was: string;
  errors?: string[];
}
type SentReferences = ReadonlyMap<string, SentReference>;
const sentByReply = new WeakMap<object, SentReferences>();
const NONE_SENT: SentReferences = new Map();

/**
 * Every reference of the last post when it was refused, by order (the reply's rows named by their
 * orders, not their places): all of them show again as typed, not only the refused ones. Worked out
 * once per reply, not once per row.
 */
export function useSentReferences(): SentReferences {
  const result = useFormReply(REFERENCES_FORM)?.result;
  if (!result?.error) return NONE_SENT;
  let sent = sentByReply.get(result);
  if (!sent) {
    const rows = (result.initialValue?.references ?? []) as ({
      orderNumber?: string;
      was?: string;
      refOrderNumber?: string;
    } | null)[];
    const map = new Map<string, SentReference>();
    rows.forEach((row, at) => {
      if (!row?.orderNumber) return;
      const errors = result.error?.[referenceName(at, 'refOrderNumber')];
      map.set(row.orderNumber, {
        typed: String(row.refOrderNumber ?? ''),
        was: String(row.was ?? ''),
        ...(errors?.length ? { errors } : {}),
      });
    });
    sent = map;
    sentByReply.set(result, sent);
  }
  return sent;
}

/** The field's id, for its label, its error and the error summary's link. */
export const referenceFieldId = (orderNumber: string) => `reference-${orderNumber}`;

/**
 * The buyer's reference on an order, edited in its cell: a field of the page's one references form
 * (REFERENCES_FORM), which saves every reference changed on the page at once, with or without
 * JavaScript. What the reference was when the page was shown goes with it, so that only the changed
 * ones are saved (each save e-mails the buyer). After a refusal every typed value stays, with
 * 'Invalid Input' beside each refused one.
 */
function EditableCell({ item, row, label }: { item: OrderListItem; row: number; label: string }) {
  const { t } = useTranslation();
  const sent = useSentReferences().get(item.phonexOrderNumber);
  const errors = sent?.errors;
  const id = referenceFieldId(item.phonexOrderNumber);
  const errorId = `${id}-error`;
  // After a refusal the page's own values stay the basis of the next save, not the list read again.
  const was = sent ? sent.was : (item.refOrderNumber ?? '');
  return (
    <td className="orders-edit-cell" data-label={label}>
      <input type="hidden" name={referenceName(row, 'orderNumber')} value={item.phonexOrderNumber} />
      <input type="hidden" name={referenceName(row, 'was')} value={was} />
      <input
        id={id}

        aria-label={t('orders.list.referenceFor', { orderNumber: item.phonexOrderNumber })}
        name={referenceName(row, 'refOrderNumber')}
        size={10}
        maxLength={200}
        autoComplete="off"
        defaultValue={sent ? sent.typed : was}
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? errorId : undefined}
        key={sent ? `sent-${sent.typed}` : was}
      />
      <FieldError id={errorId} errors={errors} />
    </td>
  );
}
