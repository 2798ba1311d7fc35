import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { useMoney, useMoneyFormat } from '~/components/use-money-format';
import { formatMoney } from '~/domain/money';
import { useHydrated } from '~/components/use-hydrated';
import { addSums, selectionSums, totalsOf } from '~/domain/cart/boxes';
import { pageSizeOf } from '~/domain/cart/tabs';
import { cartSearch } from '~/domain/cart/query';
import { selectAllState } from '~/domain/cart/selection';
import { statusLabelKey } from '~/domain/offers/status';
import { displayQuantity } from '~/domain/stock/quantity';
import { CartRow } from './CartRow';
import { cartFormId } from './cart-form';
import type { CartLoader } from './route';
import { useCounts } from '~/components/use-counts';

type Loaded = Extract<ReturnType<typeof useLoaderData<CartLoader>>, { allowed: true }>;
export type Box = Loaded['boxes'][number];
type ShownEntry = Box['shown'][number];
/** An entry as a row shows it: the loader's entry with what its box says once for all. */
export type Row = Omit<ShownEntry, 'offer'> & {
  available: string;
  acceptingOffers: boolean;
  offer: ShownEntry['offer'] & { offerId: number };
};

const rowOf = (entry: ShownEntry, box: Box): Row => ({
  ...entry,
  available: displayQuantity(entry.quantityAvailable, box.maxDisplayed ?? undefined),
  acceptingOffers: box.acceptingOffers,
  offer: { ...entry.offer, offerId: entry.offerId },
});

/**
 * One warehouse's entries in one tab. The box is a single form: every button posts the ticked rows
 * along with its command, so selection survives each round trip without JavaScript.
 */
export function WarehouseBox({ box }: { box: Box }) {
  const { t } = useTranslation();
  const moneyFormat = useMoneyFormat();
  const { number } = useCounts();
  const { query, canAddToExistingOrder } = useLoaderData<CartLoader>() as Loaded;
  const hydrated = useHydrated();
  const busy = useNavigation().state !== 'idle';
  const [selected, setSelected] = useState(() => new Set(query.selected));
  const selectable = query.tab !== 2;
  const editing = box.shown.some((r) => r.offerId === query.edit) ? query.edit : null;
  const entries = box.shown.map((entry) => rowOf(entry, box));
  const rows = entries.map((r) => ({
    offerId: r.offerId,
    status: r.offer.offerStatus,
    inStock: r.quantityAvailable > 0,
  }));
  // The page shows some of the box's entries; the loader counted and summed the rest.
  const allState = selectAllState(rows, selected, box.rest);
  const totals = totalsOf(
    addSums(
      selectionSums(
        entries.map((r) => ({ stocklistOffer: r.offer })),
        selected,
      ),
      box.rest.sums,
    ),
  );
  const remaining = box.filtered - box.shown.length;
  const pageSize = pageSizeOf(query.tab);
  const selectAllButton = useRef<HTMLButtonElement>(null);
  const selectNoneButton = useRef<HTMLButtonElement>(null);
  const formId = cartFormId(box.warehouse);
  const toExisting = query.tab === 0 && canAddToExistingOrder.includes(box.warehouse);
  const selectAll = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = allState === 'indeterminate';
  }, [allState]);

  const toggleAll = () => {
    if (box.rest.eligible > 0) {
      // Entries beyond the page are chosen on the server, as the select menu does without scripts.
      const button = allState === 'checked' ? selectNoneButton.current : selectAllButton.current;
      button?.form?.requestSubmit(button);
      return;
    }
    const next = new Set(selected);
    const eligible = rows.filter((r) => r.inStock);
    if (allState === 'checked') for (const r of eligible) next.delete(r.offerId);
    else for (const r of eligible) next.add(r.offerId);
    setSelected(next);
  };
  const toggle = (offerId: number, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(offerId);
    else next.delete(offerId);
    setSelected(next);
  };

  return (
    <section
      className="warehouse-box"
      id={`warehouse-${box.warehouse}`}
      aria-labelledby={`warehouse-${box.warehouse}-title`}
    >
      <Form id={formId} method="post" preventScrollReset>
        <input type="hidden" name="box" value={box.warehouse} />
        <input type="hidden" name="rows" value={box.shown.map((r) => r.offerId).join(',')} />
        {editing ? (
          // Enter in an edited field saves that row (implicit submission takes the form's first button).
          <button
            type="submit"
            name="intent"
            value={`save:${editing}`}
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
          />
        ) : null}
        <header className="warehouse-box__header">
          <h2 id={`warehouse-${box.warehouse}-title`}>{box.label}</h2>
          {selectable ? (
            <div className="chips" role="group" aria-label={t('cart.statusFilters', { warehouse: box.label })}>
              {box.statuses.map((s) => (
                <button
                  key={s.status}
                  type="submit"
                  name="intent"
                  value={`filter:${s.status}`}
                  className={`chip${s.on ? ' chip--on' : ''}`}
                  aria-pressed={s.on}
                >
                  {t(statusLabelKey(s.status))} ({number(s.count)})
                </button>
              ))}
            </div>
          ) : null}
        </header>

        {selectable ? (
          <div className="warehouse-box__toolbar">
            <div className={hydrated ? 'select-control' : undefined}>
              {hydrated ? (
                <label className="select-all">
                  <input
                    ref={selectAll}
                    type="checkbox"
                    checked={allState === 'checked'}
                    disabled={allState === 'disabled'}
                    onChange={toggleAll}
                    aria-checked={allState === 'indeterminate' ? 'mixed' : allState === 'checked'}
                  />
                  {t('cart.selectAll')}
                </label>
              ) : null}
              <details className="menu-button menu-button--start">
                <summary className={hydrated ? 'select-control__menu' : 'button button--secondary button--small'}>
                  {hydrated ? <span className="visually-hidden">{t('cart.selectBy')}</span> : t('cart.selectBy')}
                </summary>
                <ul className="menu-button__list">
                  <li>
                    <button
                      ref={selectAllButton}
                      type="submit"
                      name="intent"
                      value="select:all"
                      className="button button--link"
                    >
                      {t('cart.selectAllItems')}
                    </button>
                  </li>
                  <li>
                    <button
                      ref={selectNoneButton}
                      type="submit"
                      name="intent"
                      value="select:none"
                      className="button button--link"
                    >
                      {t('cart.selectNone')}
                    </button>
                  </li>
                  {box.statuses.map((s) => (
                    <li key={s.status}>
                      <button
                        type="submit"
                        name="intent"
                        value={`select:status:${s.status}`}
                        className="button button--link"
                      >
                        {t('cart.selectStatus', {
                          status: t(statusLabelKey(s.status)),
                        })}
                      </button>
                    </li>
                  ))}
                </ul>
              </details>
            </div>
            <p className="warehouse-box__totals" aria-live="polite">
              {t('cart.selectedLine', {
                items: totals.items,
                quantity: totals.quantity,
              })}
              {' · '}
              {t('cart.subtotal', {
                amount: formatMoney(totals.subtotal, moneyFormat),
              })}
            </p>
            <div className="warehouse-box__actions">
              {query.tab === 1 ? (
                <button
                  type="submit"
                  name="intent"
                  value="move-to-cart"
                  className="button button--primary"
                  disabled={busy}
                >
                  {t('cart.moveToCart')}
                </button>
              ) : toExisting ? (
                <>
                  <button
                    type="submit"
                    name="intent"
                    value="add-to-existing-order"
                    className="button button--primary"
                    disabled={busy}
                  >
                    {t('cart.addToExistingOrder')}
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value="checkout"
                    className="button button--secondary"
                    disabled={busy}
                  >
                    {t('cart.checkoutAsNewOrder')}
                  </button>
                </>
              ) : (
                <button type="submit" name="intent" value="checkout" className="button button--primary" disabled={busy}>
                  {t('cart.checkout')}
                </button>
              )}
            </div>
            {box.atListPrice.length ? <MoveAtListPrice box={box} /> : null}
          </div>
        ) : null}

        <ul className={`cart-rows${selectable ? ' cart-rows--selectable' : ''}`}>
          {entries.map((row) => (
            <CartRow
              key={row.offerId}
              row={row}
              formId={formId}
              selectable={selectable}
              checked={selected.has(row.offerId)}
              onToggle={toggle}
            />
          ))}
        </ul>
        {remaining > 0 ? (
          <p className="warehouse-box__more">
            {t('cart.showing', {
              shown: box.shown.length,
              total: box.filtered,
            })}{' '}
            <button type="submit" name="intent" value="more" className="button button--secondary button--small">
              {t('cart.showMore', { count: Math.min(remaining, pageSize) })}
            </button>
          </p>
        ) : null}

        <details className="confirm">
          <summary className="button button--secondary button--small">{t('cart.deleteAll')}</summary>
          <div
            className="confirm__panel"
            role="group"
            aria-label={t('cart.deleteAllConfirm', {
              count: box.total,
              warehouse: box.label,
            })}
          >
            <p>
              {t('cart.deleteAllConfirm', {
                count: box.total,
                warehouse: box.label,
              })}
            </p>
            <Link
              to={`/cart${cartSearch(query)}`}
              className="button button--secondary button--small"
              preventScrollReset
            >
              {t('cart.cancel')}
            </Link>
            <button type="submit" name="intent" value="delete-all" className="button button--primary button--small">
              {t('cart.delete')}
            </button>
          </div>
        </details>
      </Form>
    </section>
  );
}

/** MOVE TO CART asks first when rejected or expired offers would move at the list price, not at the buyer's price. */
function MoveAtListPrice({ box }: { box: Box }) {
  const { t } = useTranslation();
  const money = useMoney();
  const { query } = useLoaderData<CartLoader>() as Loaded;
  const titleId = `move-at-list-${box.warehouse}`;
  return (
    <div className="notice notice--warning move-at-list" role="group" aria-labelledby={titleId}>
      <p id={titleId}>{t('cart.atListPrice.intro', { count: box.atListPrice.length })}</p>
      <ul>
        {box.atListPrice.map((entry) => (
          <li key={entry.offerId}>
            {t('cart.atListPrice.entry', {
              description: entry.description,
              quantity: entry.quantity,
              listPrice: entry.listPrice === null ? '—' : money(entry.listPrice),
              offerPrice: money(entry.offerPrice),
            })}
          </li>
        ))}
      </ul>
      <div className="dialog-actions">
        <Link
          to={`/cart${cartSearch({ ...query, confirmMove: null })}`}
          className="button button--secondary button--small"
          preventScrollReset
        >
          {t('cart.cancel')}
        </Link>
        <button type="submit" name="intent" value="move-at-list-price" className="button button--primary button--small">
          {t('cart.atListPrice.confirm')}
        </button>
      </div>
    </div>
  );
}
