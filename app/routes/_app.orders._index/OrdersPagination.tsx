import { PathLink } from '~/components/PathLink';
import { useTranslation } from '~/i18n/light-react-i18next';
import { ordersHref, pageCountOf, shownPages } from '~/domain/orders/list-query';
import { useOrders } from './use-orders';

/** Pages of 50 (spec 3 §9) as links that keep the sort and the search. */
export function OrdersPagination() {
  const { t } = useTranslation();
  const { query, page } = useOrders();
  const pageCount = pageCountOf(page.total);
  if (pageCount <= 1) return null;
  const current = page.page;
  const to = (n: number) => ordersHref({ ...query, page: n });
  const shown = shownPages(current, pageCount);
  return (
    <nav className="pagination" aria-label={t('orders.list.pagination')}>
      <p className="visually-hidden">{t('orders.list.pageOf', { page: current, pageCount })}</p>
      <ul>
        <li>
          {current > 1 ? (
            <PathLink to={to(current - 1)} rel="prev">
              {t('orders.list.previous')}
            </PathLink>
          ) : (
            <span aria-disabled="true">{t('orders.list.previous')}</span>
          )}
        </li>
        {shown.map((n, i) => (
          <li key={n}>
            {i > 0 && n - shown[i - 1]! > 1 ? <span aria-hidden="true">…</span> : null}
            {n === current ? (
              <span aria-current="page" className="current">
                {n}
              </span>
            ) : (
              <PathLink to={to(n)} aria-label={t('orders.list.page', { page: n })}>
                {n}
              </PathLink>
            )}
          </li>
        ))}
        <li>
          {current < pageCount ? (
            <PathLink to={to(current + 1)} rel="next">
              {t('orders.list.next')}
            </PathLink>
          ) : (
            <span aria-disabled="true">{t('orders.list.next')}</span>
          )}
        </li>
      </ul>
    </nav>
  );
}
