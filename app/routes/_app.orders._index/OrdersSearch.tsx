import { Form, useNavigate } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { PathLink } from '~/components/PathLink';
import {
  DEFAULT_ORDER_DIR,
  DEFAULT_ORDER_SORT,
  isFiltered,
  MAX_ORDER_SEARCH,
  ORDER_SEARCH_DEBOUNCE_MS,
  ordersHref,
  parseOrderListQuery,
  type OrderListQuery,
} from '~/domain/orders/list-query';
import type { StatusStyle } from '~/domain/orders/settings';

/**
 * 'Search Item Description' (spec 3 §2.5) with a fulfilment status and a span of creation days: one
 * GET form that keeps the sort and goes back to page 1. With JavaScript the list follows the typing
 * 500 ms after the last key (spec 3 §9), Enter searches at once, and a status or a day chosen
 * applies at once; without it, the Search button submits them all.
 */
export function OrdersSearch({ query, statuses }: { query: OrderListQuery; statuses: StatusStyle[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Back and forward change the search in the URL: show it. Not while the buyer is typing in the
  // box (an answer to an earlier pause must not take back the keys typed since).
  useEffect(() => {
    const box = input.current;
    if (box && document.activeElement !== box && box.value.trim() !== query.search) box.value = query.search;
  }, [query.search]);

  /** Typing replaces the history entry (one entry per search, not per pause); Enter and the filters add one. */
  const go = (change: Partial<OrderListQuery>, replace = false) => {
    clearTimeout(timer.current);
    // From the address, not the rendered page's query: a sort just clicked is in the address before
    // its page is rendered (a transition), and a status chosen meanwhile must keep it.
    const now = parseOrderListQuery(new URLSearchParams(window.location.search));
    const next = { ...now, ...change, page: 1 };
    next.search = next.search.trim().slice(0, MAX_ORDER_SEARCH);
    if (ordersHref(next) === ordersHref({ ...now, page: 1 })) return;
    navigate(ordersHref(next), { replace, preventScrollReset: true });
  };
  const keepsSort = query.sort !== DEFAULT_ORDER_SORT || query.dir !== DEFAULT_ORDER_DIR;
  return (
    <Form
      method="get"
      action="/orders"
      role="search"
      className="orders-search"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const text = (name: string) => String(form.get(name) ?? '');
        go({ search: text('search'), status: text('status'), from: text('from'), to: text('to') });
      }}
    >
      <div className="orders-search__field orders-search__field--text">
        <label className="visually-hidden" htmlFor="orders-search">
          {t('orders.list.search')}
        </label>
        <input
          ref={input}
          id="orders-search"
          type="search"
          name="search"
          defaultValue={query.search}
          placeholder={t('orders.list.search')}
          maxLength={MAX_ORDER_SEARCH}
          autoComplete="off"
          onChange={(event) => {
            const text = event.currentTarget.value;
            clearTimeout(timer.current);
            timer.current = setTimeout(() => go({ search: text }, true), ORDER_SEARCH_DEBOUNCE_MS);
          }}
        />
      </div>
      <div className="orders-search__field">
        <label htmlFor="orders-status">{t('orders.list.status')}</label>
        <select
          id="orders-status"
          name="status"
          // A new value from the URL (back, a link) is a new select: its chosen option follows.
          key={query.status}
          defaultValue={query.status}
          onChange={(event) => go({ status: event.currentTarget.value })}
        >
          <option value="">{t('orders.list.anyStatus')}</option>
          {statuses.map((status) => (
            <option key={status.code} value={status.code}>
              {status.label}
            </option>
          ))}
        </select>
      </div>
      <DayField name="from" label={t('orders.list.createdFrom')} value={query.from} max={query.to} onDay={go} />
      <DayField name="to" label={t('orders.list.createdTo')} value={query.to} min={query.from} onDay={go} />
      {keepsSort ? (
        <>
          <input type="hidden" name="sort" value={query.sort} />
          <input type="hidden" name="dir" value={query.dir} />
        </>
      ) : null}
      <div className="orders-search__actions">
        <button type="submit" className="button button--secondary">
          {t('orders.list.searchButton')}
        </button>
        {isFiltered(query) ? (
          <PathLink to={ordersHref({ sort: query.sort, dir: query.dir })} className="orders-search__clear">
            {t('orders.list.clearFilters')}
          </PathLink>
        ) : null}
      </div>
    </Form>
  );
}

/** A bound of the span of creation: a date field that applies at once with scripts (a whole valid day, or cleared). */
function DayField({
  name,
  label,
  value,
  min,
  max,
  onDay,
}: {
  name: 'from' | 'to';
  label: string;
  value: string;
  min?: string;
  max?: string;
  onDay: (change: Partial<OrderListQuery>) => void;
}) {
  const id = `orders-${name}`;
  return (
    <div className="orders-search__field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="date"
        name={name}
        // A new value from the URL (back, a link) is a new field showing it.
        key={`${name}-${value}`}
        defaultValue={value}
        min={min || undefined}
        max={max || undefined}
        onChange={(event) => event.currentTarget.validity.valid && onDay({ [name]: event.currentTarget.value })}
      />
    </div>
  );
}
