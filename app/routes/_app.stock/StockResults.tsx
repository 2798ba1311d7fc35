import { useNavigate } from '@remix-run/react';
import { Pager } from '~/components/Pager';
import { PathLink } from '~/components/PathLink';
import { useEffect, useState } from 'react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { useHydrated } from '~/components/use-hydrated';
import {
  listSearch,
  stockSearch,
  TOGGLE_PARAM,
  toggledOpen,
  withoutFilterValue,
  type StockQuery,
} from '~/domain/stock/query';
import { GRADE_ATTRIBUTE } from '~/domain/stock/settings';
import { StockGroupCard, useCardsView } from './StockGroupCard';
import { StockSearch } from './StockSearch';
import { LayoutSwitch } from './LayoutSwitch';
import { SaveSearchForm } from './SaveSearchForm';
import { useStock } from './use-stock';
import { HiddenParams } from '~/components/HiddenParams';

export function StockResults() {
  const cards = useCardsView();
  const { t, counts, open } = cards;
  const { page } = useStock();
  const navigate = useNavigate();
  const search = listSearch(page.query, open);
  // One form for every group's button (each sends its group as `toggle`), not a form and a copy of
  // the list's state per group; with JavaScript the toggled list is opened directly.
  const toggleGroup = (event: React.FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (!(submitter instanceof HTMLButtonElement) || submitter.name !== TOGGLE_PARAM) return;
    event.preventDefault();
    navigate(`/stock?${listSearch(page.query, toggledOpen(open, submitter.value))}`, { preventScrollReset: true });
  };
  return (
    <div className="stock-results" id="results">
      <StockSearch />
      <div className="stock-results__bar">
        <p className="stock-summary" role="status">
          {t('stock.summary', { items: counts.items(page.totals.items), units: counts.units(page.totals.quantity) })}
        </p>
        <LayoutSwitch search={search} />
        <SaveSearchForm search={search} />
      </div>
      <FilterChips />
      {page.groups.length ? (
        <form method="get" action="/stock" onSubmit={toggleGroup}>
          <HiddenParams search={search} />
          <ul className={cards.layout === 'list' ? 'stock-groups stock-groups--list' : 'stock-groups'}>
            {page.groups.map((group, index) => (
              <li key={group.groupId}>
                <StockGroupCard group={group} index={index} search={search} view={cards} />
              </li>
            ))}
          </ul>
        </form>
      ) : page.query.q ? (
        <p className="empty-state">
          {t('stock.noMatch', { q: page.query.q })}{' '}
          <PathLink to={`/stock?${stockSearch({ ...page.query, q: undefined, page: 1 })}`}>
            {t('stock.clearSearch')}
          </PathLink>
        </p>
      ) : (
        <p className="empty-state">{t('stock.noItems')}</p>
      )}
      <Pagination />
      <TopOfResults />
    </div>
  );
}

function FilterChips() {
  const { t } = useTranslation();
  const { page } = useStock();
  const { query } = page;
  const chips: { key: string; label: string; next: StockQuery }[] = [];
  if (query.q)
    chips.push({ key: 'q', label: t('stock.searchChip', { q: query.q }), next: { ...query, q: undefined, page: 1 } });
  const warehouseLabel = new Map(page.warehouses.map((w) => [w.value, w.label]));
  for (const code of query.warehouses) {
    chips.push({
      key: `warehouse-${code}`,
      label: warehouseLabel.get(code) ?? code,
      next: { ...query, warehouses: query.warehouses.filter((w) => w !== code), page: 1 },
    });
  }
  const labels = new Map<string, string>();
  for (const level of page.levels) for (const o of level.options) labels.set(`${level.attribute}|${o.value}`, o.label);
  for (const group of page.grades) for (const o of group.options) labels.set(`${GRADE_ATTRIBUTE}|${o.value}`, o.label);
  for (const [attribute, values] of Object.entries(query.filters)) {
    for (const value of values) {
      chips.push({
        key: `${attribute}-${value}`,
        label: labels.get(`${attribute}|${value}`) ?? value,
        next: withoutFilterValue(query, attribute, value),
      });
    }
  }
  if (query.includeOutOfStock) {
    chips.push({
      key: 'oos',
      label: t('stock.includeOutOfStock'),
      next: { ...query, includeOutOfStock: false, page: 1 },
    });
  }
  if (!chips.length) return null;
  return (
    <ul className="chips" aria-label={t('stock.activeFilters')}>
      {chips.map((chip) => (
        <li key={chip.key} className="chip">
          <span>{chip.label}</span>
          <PathLink
            to={`/stock?${stockSearch(chip.next)}`}
            preventScrollReset
            aria-label={t('stock.removeFilter', { label: chip.label })}
          >
            ×
          </PathLink>
        </li>
      ))}
    </ul>
  );
}

function Pagination() {
  const { t } = useTranslation();
  const { page } = useStock();
  return (
    <Pager
      page={page.page}
      pageCount={page.pageCount}
      hrefOf={(n) => `/stock?${stockSearch({ ...page.query, page: n })}`}
      label={t('stock.pagination')}
    />
  );
}

/**
 * A link to the top of the results. Without JavaScript it sits after the list, covering nothing; with
 * it, it floats at the bottom of the screen once the list is scrolled a screen down (hidden before,
 * out of the tab order, but holding its place).
 */
function TopOfResults() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(window.scrollY > window.innerHeight);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  if (!hydrated)
    return (
      <a className="top-of-results top-of-results--in-flow" href="#main">
        {t('stock.topOfResults')}
      </a>
    );
  // Kept in its place while hidden: appearing on a scroll, a float of its own would move the list under the pointer.
  return (
    <a className={visible ? 'top-of-results' : 'top-of-results top-of-results--hidden'} href="#main">
      {t('stock.topOfResults')}
    </a>
  );
}
