import { Form, useNavigate } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_ORDER_DIR,
  DEFAULT_ORDER_SORT,
  MAX_ORDER_SEARCH,
  ORDER_SEARCH_DEBOUNCE_MS,
  ordersHref,
  type OrderListQuery,
} from '~/domain/orders/list-query';

/**
 * 'Search Item Description' (spec 3 §2.5): a GET form that keeps the sort and goes back to page 1.
 * With JavaScript the list follows the typing 500 ms after the last key (spec 3 §9), and Enter
 * searches at once; without it, the Search button submits.
 */
export function OrdersSearch({ query }: { query: OrderListQuery }) {
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

  /** Typing replaces the history entry (one entry per search, not per pause); Enter adds one. */
  const go = (text: string, replace = false) => {
    clearTimeout(timer.current);
    const search = text.trim().slice(0, MAX_ORDER_SEARCH);
    if (search === query.search) return;
    navigate(ordersHref({ ...query, search, page: 1 }), { replace, preventScrollReset: true });
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
        go(input.current?.value ?? '');
      }}
    >
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
          timer.current = setTimeout(() => go(text, true), ORDER_SEARCH_DEBOUNCE_MS);
        }}
      />
      {keepsSort ? (
        <>
          <input type="hidden" name="sort" value={query.sort} />
          <input type="hidden" name="dir" value={query.dir} />
        </>
      ) : null}
      <button type="submit" className="button button--secondary">
        {t('orders.list.searchButton')}
      </button>
    </Form>
  );
}
