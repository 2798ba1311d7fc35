import { PathLink } from '~/components/PathLink';
import { useTranslation } from '~/i18n/light-react-i18next';
import { OfferStatusNote } from '~/components/OfferStatusNote';
import { canBuy as buyerCanBuy, canSetAlerts } from '~/domain/permissions';
import { useCounts } from '~/components/use-counts';
import { useMoney } from '~/components/use-money-format';
import { TOGGLE_PARAM } from '~/domain/stock/query';
import type { StockPage } from '~/.server/api/stock';
import { useStock, withParams } from './use-stock';

type Group = StockPage['groups'][number];

/** What every card of a page shows alike: worked out once by the list, not once per card. */
export function useCardsView() {
  const { t } = useTranslation();
  const counts = useCounts();
  const { settings, user, open, offers, alerts } = useStock();
  const money = useMoney();
  return {
    t,
    counts,
    money,
    settings,
    user,
    open,
    offers,
    alerts,
    canBuy: buyerCanBuy(user),
    canAlert: canSetAlerts(user),
    layout: user.stockListLayout,
  };
}

/** A facet list ("Grade A+, Grade B +2") breaks between its facets, never inside one ("Grade" / "B +2"). */
export function wholeFacets(text: string): string {
  return text.replace(/(?<![,·]) /g, '\u00a0');
}

/**
 * One item group: its summary is a button that opens it onto its item rows. The button submits the
 * list's one toggle form (StockResults) with its group: a GET of the same list with the group added
 * to `open`, so it works without JavaScript and only opened groups' items are ever sent.
 *
 * `search` is the list's own query string (with its open groups), which the item links keep.
 */
export function StockGroupCard({
  group,
  index,
  search,
  view,
}: {
  group: Group;
  index: number;
  search: string;
  view: ReturnType<typeof useCardsView>;
}) {
  const { t, counts, money, settings, user, open, offers, alerts, canBuy, canAlert, layout } = view;
  const isOpen = open.includes(group.groupId);
  const itemsId = `group-items-${index}`;
  const { itemNumberDescriptionPrefix: prefix, itemNumberDescriptionSuffix: suffix } = settings.itemDescriptionRules;
  const price =
    group.minPrice === null
      ? t('stock.noPrice')
      : group.showMinPriceSymbol
        ? t('stock.fromPrice', { price: money(group.minPrice) })
        : money(group.minPrice);
  const { topRight, bottomRight } = group.groupAttributes;
  const attrs = wholeFacets([topRight, bottomRight].filter(Boolean).join(' · '));
  return (
    <div className="stock-group">
      <button
        type="submit"
        name={TOGGLE_PARAM}
        value={group.groupId}
        className="stock-group__toggle"
        aria-expanded={isOpen}
        aria-controls={isOpen ? itemsId : undefined}
      >
        {layout === 'list' ? (
          // One line a group, in columns every line shares: the description stays on the cards.
          <>
            <span className="stock-group__title">{group.title}</span>
            <span className="stock-line__attrs">{attrs}</span>
            <span className="stock-line__count">{counts.items(group.countOfItems)}</span>
            <span className="stock-line__units">{counts.units(group.quantityAvailable)}</span>
            <span className="stock-line__warehouse">{group.warehouseLabel}</span>
            <span className="stock-group__price">{price}</span>
          </>
        ) : (
          <>
            <span className="stock-group__main">
              <span className="stock-group__title">{group.title}</span>
              <span className="stock-group__description muted">{group.groupDescription}</span>
              <span className="stock-group__meta">
                {t('stock.groupMeta', {
                  items: counts.items(group.countOfItems),
                  units: counts.units(group.quantityAvailable),
                  warehouse: group.warehouseLabel,
                })}
              </span>
            </span>
            <span className="stock-group__side">
              {topRight ? <span className="stock-group__attr">{wholeFacets(topRight)}</span> : null}
              <span className="stock-group__price">{price}</span>
              {bottomRight ? <span className="stock-group__attr muted">{wholeFacets(bottomRight)}</span> : null}
            </span>
          </>
        )}
      </button>
      {isOpen ? (
        <table className="stock-items" id={itemsId}>
          <caption className="visually-hidden">
            {t('stock.itemsOf', { title: group.title, warehouse: group.warehouseLabel })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('stock.item')}</th>
              <th scope="col">{t('stock.available')}</th>
              <th scope="col">{t('stock.price')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('stock.itemActions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {group.items.map((item) => (
              <tr
                key={item.itemNumberWarehouse}
                data-item={item.itemNumberWarehouse}
                className={item.quantityAvailable > 0 ? undefined : 'out-of-stock'}
              >
                <th scope="row">
                  {settings.showGradeIcon ? (
                    <span className="grade-icon" title={settings.gradeLabels[item.grade] ?? item.grade}>
                      {item.grade}
                    </span>
                  ) : null}{' '}
                  <span className="item-description">{item.skuDescription}</span>
                  <span className="item-number muted">
                    {prefix}
                    {item.itemNumber}
                    {suffix}
                  </span>
                </th>
                <td data-label={t('stock.available')}>
                  {item.quantityAvailable > 0 ? (
                    item.displayQuantity
                  ) : (
                    <span className="chip chip--muted">{t('stock.outOfStock')}</span>
                  )}
                </td>
                <td data-label={t('stock.price')}>
                  {item.listPrice === null ? t('stock.noPrice') : money(item.listPrice)}
                </td>
                <td className="item-actions">
                  {user.isPxns ? (
                    <span>{t('stock.pendingOrders', { count: item.pendingOrderItemCount })}</span>
                  ) : (
                    <>
                      {canBuy && offers[item.itemNumberWarehouse] ? (
                        <>
                          <OfferStatusNote offer={offers[item.itemNumberWarehouse]!} />
                          <PathLink
                            className="button button--secondary button--small"
                            to={withParams(search, { buy: item.itemNumberWarehouse })}
                            preventScrollReset
                          >
                            {t('offers.edit')}
                            <span className="visually-hidden"> {item.skuDescription}</span>
                          </PathLink>
                        </>
                      ) : canBuy && item.quantityAvailable > 0 && item.listPrice !== null ? (
                        <>
                          <PathLink
                            className="button button--primary button--small"
                            to={withParams(search, { buy: item.itemNumberWarehouse })}
                            preventScrollReset
                          >
                            {t('stock.buy')}
                            <span className="visually-hidden"> {item.skuDescription}</span>
                          </PathLink>
                          {group.isOfferAccepted ? (
                            <PathLink
                              className="button button--secondary button--small"
                              to={withParams(search, { offer: item.itemNumberWarehouse })}
                              preventScrollReset
                            >
                              {t('stock.offer')}
                              <span className="visually-hidden"> {item.skuDescription}</span>
                            </PathLink>
                          ) : null}
                        </>
                      ) : null}
                      {canAlert ? (
                        <>
                          {alerts[item.itemNumberWarehouse] ? (
                            <span className="alert-note">
                              {t('stock.alertNote', { count: alerts[item.itemNumberWarehouse]!.quantity })}
                            </span>
                          ) : null}
                          <PathLink
                            className="button button--link button--small"
                            to={withParams(search, { alert: item.itemNumberWarehouse })}
                            preventScrollReset
                          >
                            {alerts[item.itemNumberWarehouse] ? t('stock.editAlert') : t('stock.setAlert')}
                            <span className="visually-hidden"> {item.skuDescription}</span>
                          </PathLink>
                        </>
                      ) : null}
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
