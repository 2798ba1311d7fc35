import { Form, useNavigate } from '@remix-run/react';
import { useEffect, useRef, type FormEvent } from 'react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { useHydrated } from '~/components/use-hydrated';
import { MAX_SEARCH_LENGTH, STOCK_SORTS, stockSearch, type StockQuery } from '~/domain/stock/query';
import { useStock } from './use-stock';
import { HiddenParams } from '~/components/HiddenParams';

/** How long typing pauses before the list follows it (with JavaScript). */
const TYPING_PAUSE_MS = 300;

/** The list's state a search keeps: everything but the words, the sort and the page. */
const keptState = (query: StockQuery) => stockSearch({ ...query, q: undefined, sort: undefined, page: 1 });

/**
 * The search box and the sort (issue 37): one GET form that keeps the filters. Without JavaScript
 * it is sent with its button (or Enter); with it, the list follows the typing after a pause and the
 * sort at once, in place of the current entry in the history.
 */
export function StockSearch() {
  const { t } = useTranslation();
  const { page } = useStock();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { query } = page;
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();

  // A search changed elsewhere (a chip removed, a link followed) shows in the box, unless the buyer is typing in it.
  useEffect(() => {
    const box = input.current;
    if (box && document.activeElement !== box) box.value = query.q ?? '';
  }, [query.q]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const go = (form: HTMLFormElement) => {
    clearTimeout(timer.current);
    const data = new FormData(form);
    const next: StockQuery = {
      ...query,
      q:
        String(data.get('q') ?? '')
          .trim()
          .slice(0, MAX_SEARCH_LENGTH) || undefined,
      sort: (data.get('sort') || undefined) as StockQuery['sort'],
      page: 1,
    };
    navigate(`/stock?${stockSearch(next)}`, { preventScrollReset: true, replace: true });
  };
  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    if ((event.target as HTMLElement).tagName === 'SELECT') return go(form);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => go(form), TYPING_PAUSE_MS);
  };

  return (
    <Form
      method="get"
      action="/stock"
      role="search"
      className="stock-search"
      onInput={hydrated ? onInput : undefined}
      onSubmit={
        hydrated
          ? (event) => {
              event.preventDefault();
              go(event.currentTarget);
            }
          : undefined
      }
    >
      <HiddenParams search={keptState(query)} />
      <div className="field stock-search__words">
        <label htmlFor="stock-q">{t('stock.searchLabel')}</label>
        <input
          ref={input}
          id="stock-q"
          type="search"
          name="q"
          defaultValue={query.q ?? ''}
          maxLength={MAX_SEARCH_LENGTH}
          autoComplete="off"
          aria-describedby="stock-q-hint"
        />
        <p id="stock-q-hint" className="muted small">
          {t('stock.searchHint')}
        </p>
      </div>
      <div className="field stock-search__sort">
        <label htmlFor="stock-sort">{t('stock.sortLabel')}</label>
        <select id="stock-sort" name="sort" defaultValue={query.sort ?? ''} key={query.sort ?? ''}>
          <option value="">{t('stock.sortListOrder')}</option>
          {STOCK_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(`stock.sortBy.${sort}`)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button--secondary stock-search__go">
        {t('stock.searchButton')}
      </button>
    </Form>
  );
}
