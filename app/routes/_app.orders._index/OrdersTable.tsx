import { useFetcher, useLocation, useNavigate } from '@remix-run/react';
import { useFormReply, type FormReply } from '~/components/form-reply';
import { PathLink } from '~/components/PathLink';
import { SortableHeader } from '~/components/SortableHeader';
import { useEffect, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanBuy } from '~/components/use-can-buy';
import { useMoneyFormat } from '~/components/use-money-format';
import { orderCell, type CellContext, type OrderListItem } from '~/domain/orders/list-cells';
import { useTimeZone } from '~/components/use-date-time';
import { ordersHref, sortedBy } from '~/domain/orders/list-query';
import type { OrderListColumn } from '~/domain/orders/settings';
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
  // What every row shares is worked out once for the table (50 rows a page): the reference forms post to
  // this list as it is shown (its query kept), and the rows' fixed words.
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  search.set('index', '');
  const navigate = useNavigate();
  const timeZone = useTimeZone();
  const header = (column: OrderListColumn) =>
    column.header.startsWith('orders.') ? t(column.header as 'orders.list.title') : column.header;
  const table: RowContext = {
    columns,
    header,
    canBuy,
    referenceAction: `/orders?${search}`,
    navigate,
    cells: { locale: i18n.language, money, settings: statuses, timeZone },
    words: { network: t('orders.list.network'), buyAgain: t('buyAgain.action'), save: t('orders.list.saveReference') },
  };
  return (
    <div className="table-scroll">
      <table className="orders-table">
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
            page.items.map((item) => <OrderRow key={item.phonexOrderNumber} item={item} table={table} />)
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

/** An order number that may wrap only before its last part (SO-MWWXP4HUDD11- / 12), never after "SO-". */
function BreakableNumber({ text }: { text: string }) {
  const cut = text.lastIndexOf('-') + 1;
  if (cut <= 0 || cut === text.length) return <span className="nowrap">{text}</span>;
  return (
    <>
      <span className="nowrap">{text.slice(0, cut)}</span>
      <wbr />
      <span className="nowrap">{text.slice(cut)}</span>
    </>
  );
}

/** What the table works out once for its rows. */
interface RowContext {
  columns: OrderListColumn[];
  header: (column: OrderListColumn) => string;
  canBuy: boolean;
  referenceAction: string;
  navigate: ReturnType<typeof useNavigate>;
  cells: CellContext;
  words: { network: string; buyAgain: string; save: string };
}

/** A row; each cell names its column (`data-label`), which is all a narrow screen shows of the header. */
function OrderRow({ item, table }: { item: OrderListItem; table: RowContext }) {
  const { columns, header, canBuy, referenceAction, navigate, cells, words } = table;
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
        if (column.editable)
          return (
            <EditableCell
              key={column.field}
              item={item}
              label={header(column)}
              action={referenceAction}
              save={words.save}
            />
          );
        const cell = orderCell(column, item, cells);
        switch (cell.kind) {
          case 'id':
            return (
              <th key={column.field} scope="row">
                <PathLink to={orderHref(cell.orderNumber)}>
                  <BreakableNumber text={cell.text} />
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

/** A row's reference form, as the action's reply names it. */
export const referenceFormId = (orderNumber: string) => `reference-${orderNumber}`;

/**
 * The buyer's reference on an order, edited in its cell: a form of its own per row, so it posts
 * without JavaScript; with it, a fetcher saves it in place. A refused value stays, with 'Invalid
 * Input' beside it. The reply is Conform's last result, read here with Conform's ids rather than a
 * form state per row (a page of up to a hundred rows; decision 021).
 */
function EditableCell({
  item,
  label,
  action,
  save,
}: {
  item: OrderListItem;
  label: string;
  action: string;
  save: string;
}) {
  const { t } = useTranslation();
  const formId = referenceFormId(item.phonexOrderNumber);
  const fetcher = useFetcher<FormReply>();
  const posted = useFormReply(formId);
  // A fetcher keeps its last answer after a later save redirects: the refusal shown is the last submission's only.
  const [refused, setRefused] = useState<FormReply | null>(null);
  useEffect(() => setRefused(fetcher.data ?? null), [fetcher.data]);
  const result = (refused ?? posted)?.result;
  const errors = result?.error?.refOrderNumber ?? undefined;
  const typed = result?.initialValue?.refOrderNumber;
  const id = `${formId}-refOrderNumber`;
  const errorId = `${id}-error`;
  return (
    <td className="orders-edit-cell" data-label={label}>
      <fetcher.Form
        id={formId}
        method="post"
        action={action}
        className="orders-edit-form"
        preventScrollReset
        onSubmit={() => setRefused(null)}
      >
        {/* The order goes with the Save button (Enter submits through it too), the field is named by
            aria-label: two elements fewer on each of 50 rows than a hidden field and a hidden label. */}
        <input type="hidden" name="intent" value="edit-reference" />
        <input
          id={id}
          aria-label={t('orders.list.referenceFor', { orderNumber: item.phonexOrderNumber })}
          name="refOrderNumber"
          size={10}
          maxLength={200}
          defaultValue={errors ? String(typed ?? '') : (item.refOrderNumber ?? '')}
          aria-invalid={errors ? true : undefined}
          aria-describedby={errors ? errorId : undefined}
          key={errors ? `refused-${String(typed ?? '')}` : (item.refOrderNumber ?? '')}
        />
        <button
          type="submit"
          name="orderNumber"
          value={item.phonexOrderNumber}
          className="button button--secondary button--small"
          disabled={fetcher.state !== 'idle'}
          aria-label={`${save} ${item.phonexOrderNumber}`}
        >
          {save}
        </button>
        {errors ? (
          <span id={errorId} className="field__error">
            {errors.map((key) => t(key)).join(' ')}
          </span>
        ) : null}
      </fetcher.Form>
    </td>
  );
}
