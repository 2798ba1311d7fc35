import { Form, useNavigate } from '@remix-run/react';
import { PathLink } from '~/components/PathLink';
import type { FormEvent } from 'react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { useHydrated } from '~/components/use-hydrated';
import { useCounts } from '~/components/use-counts';
import { applyFormChange, listSearch, parseOpenGroups, stockSearch } from '~/domain/stock/query';
import { GRADE_ATTRIBUTE } from '~/domain/stock/settings';
import { useStock, withParams } from './use-stock';

/**
 * The filter sidebar: one GET form. Without JavaScript it is sent with APPLY; with JavaScript each
 * change applies at once, through the same rules the server applies to a sent form.
 */
export function StockFilters() {
  const { t } = useTranslation();
  const { number } = useCounts();
  const { page, participants, settings, open } = useStock();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { query } = page;
  const search = stockSearch(query);

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) params.append(name, String(value));
    const next = applyFormChange(params, (category) => settings.levels[category] ?? []);
    navigate(`/stock?${listSearch(next, parseOpenGroups(params))}`, { preventScrollReset: true });
  };

  const firstCategory = page.categories.find((c) => c.count > 0)?.value;
  return (
    <aside className="stock-filters" id="stock-filters" aria-labelledby="filters-heading">
      <div className="stock-filters__head">
        <h2 id="filters-heading">{t('stock.filters')}</h2>
        <PathLink
          to={`/stock?${stockSearch({ warehouseGroup: page.warehouseGroup, category: firstCategory, warehouses: [], includeOutOfStock: false, filters: {}, page: 1, q: query.q, sort: query.sort })}`}
        >
          {t('stock.clear')}
        </PathLink>
      </div>
      <Form
        method="get"
        action="/stock"
        onChange={hydrated ? onChange : undefined}
        onSubmit={
          hydrated
            ? (e) => {
                e.preventDefault();
                onChange(e);
              }
            : undefined
        }
      >
        <input type="hidden" name="previousWarehouseGroup" value={page.warehouseGroup} />
        <input type="hidden" name="previousCategory" value={query.category ?? ''} />
        {/* The opened groups stay open through a filter change (those the new list still shows). */}
        {open.length ? <input type="hidden" name="open" value={open.join(',')} /> : null}
        {/* The search and the sort (StockSearch) stay through a filter change. */}
        {query.q ? <input type="hidden" name="q" value={query.q} /> : null}
        {query.sort ? <input type="hidden" name="sort" value={query.sort} /> : null}
        <label className="switch">
          <input
            type="checkbox"
            role="switch"
            name="includeOutOfStock"
            value="true"
            defaultChecked={query.includeOutOfStock}
            key={`oos-${search}`}
          />
          <span>{t('stock.includeOutOfStock')}</span>
        </label>

        <div className="field">
          <label htmlFor="warehouseGroup">{t('stock.warehouseGroup')}</label>
          <select id="warehouseGroup" name="warehouseGroup" defaultValue={page.warehouseGroup} key={`wg-${search}`}>
            {participants.map((p) => (
              <optgroup key={p.pxnParticipantId} label={p.name}>
                {p.warehouseGroups.map((g) => (
                  <option key={g.id} value={g.id}>
                    {t('stock.groupOption', {
                      name: g.warehouseGroupName,
                      count: query.includeOutOfStock ? (g.allItemsCount ?? g.itemsCount) : g.itemsCount,
                    })}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>

        <fieldset>
          <legend>{t('stock.category')}</legend>
          {page.categories.map((c) => (
            <label key={c.value} className={c.count ? 'choice' : 'choice choice--disabled'}>
              <input
                type="radio"
                name="category"
                value={c.value}
                defaultChecked={c.selected}
                disabled={!c.count}
                key={`${c.value}-${search}`}
              />
              <span>{c.label}</span> <span className="count">{`(${number(c.count)})`}</span>
            </label>
          ))}
        </fieldset>

        {page.warehouses.length > 1 ? (
          <Checkboxes legend={t('stock.warehouses')} name="warehouse" options={page.warehouses} search={search} />
        ) : null}

        {page.levels.map((level) => (
          <Checkboxes
            key={level.attribute}
            legend={level.label}
            name={level.attribute}
            options={level.options}
            search={search}
          />
        ))}

        {page.grades.map((group, index) => (
          <fieldset key={group.header || index} className="grade-group">
            <legend>{group.header || t('stock.grade')}</legend>
            {group.options.map((o) => (
              <div key={o.value} className="choice-row">
                <label className={o.count || o.selected ? 'choice' : 'choice choice--disabled'}>
                  <input
                    type="checkbox"
                    name={GRADE_ATTRIBUTE}
                    value={o.value}
                    defaultChecked={o.selected}
                    key={`${o.value}-${search}`}
                  />
                  {settings.showGradeIcon ? (
                    <span className="grade-icon" aria-hidden="true">
                      {o.value}
                    </span>
                  ) : null}
                  <span>{o.label}</span> <span className="count">{`(${number(o.count)})`}</span>
                </label>
                <PathLink
                  className="info-link"
                  to={withParams(search, { gradeInfo: o.value })}
                  preventScrollReset
                  aria-label={t('stock.gradeInfo', { grade: o.label })}
                >
                  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                    <path
                      fill="currentColor"
                      d="M11 7h2v2h-2zm0 4h2v6h-2zm1-9a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16z"
                    />
                  </svg>
                </PathLink>
              </div>
            ))}
            {group.footer ? <p className="muted small">{group.footer}</p> : null}
          </fieldset>
        ))}

        {hydrated ? null : (
          <button type="submit" className="button button--primary">
            {t('stock.apply')}
          </button>
        )}
      </Form>
    </aside>
  );
}

function Checkboxes({
  legend,
  name,
  options,
  search,
}: {
  legend: string;
  name: string;
  options: { value: string; label: string; count: number; selected: boolean }[];
  search: string;
}) {
  const { number } = useCounts();
  return (
    <fieldset>
      <legend>{legend}</legend>
      <div className="choices">
        {options.map((o) => (
          <label key={o.value} className="choice">
            <input
              type="checkbox"
              name={name}
              value={o.value}
              defaultChecked={o.selected}
              key={`${o.value}-${search}`}
            />
            <span>{o.label}</span> <span className="count">{`(${number(o.count)})`}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
