import { useTranslation } from '~/i18n/light-react-i18next';
import { shownPages } from '~/domain/paging';
import { useTexts } from '~/i18n/use-texts';
import { PathLink } from './PathLink';

/**
 * The one pager of every list: previous, the first and last pages and two each side of the current
 * one, next; plain links that keep the list's query, so it works without scripts. Nothing for a
 * single page. `label` names the list's pages for screen readers.
 */
export function Pager({
  page,
  pageCount,
  hrefOf,
  label,
}: {
  page: number;
  pageCount: number;
  hrefOf: (page: number) => string;
  label: string;
}) {
  useTexts('pager');
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  const shown = shownPages(page, pageCount);
  return (
    <nav className="pagination" aria-label={label}>
      <p className="visually-hidden">{t('pager.pageOf', { page, pageCount })}</p>
      <ul>
        <li>
          {page > 1 ? (
            <PathLink to={hrefOf(page - 1)} rel="prev">
              {t('pager.previous')}
            </PathLink>
          ) : (
            <span aria-disabled="true">{t('pager.previous')}</span>
          )}
        </li>
        {shown.map((n, i) => (
          <li key={n}>
            {i > 0 && n - shown[i - 1]! > 1 ? <span aria-hidden="true">…</span> : null}
            {n === page ? (
              <span aria-current="page" className="current">
                {n}
              </span>
            ) : (
              <PathLink to={hrefOf(n)} aria-label={t('pager.page', { page: n })}>
                {n}
              </PathLink>
            )}
          </li>
        ))}
        <li>
          {page < pageCount ? (
            <PathLink to={hrefOf(page + 1)} rel="next">
              {t('pager.next')}
            </PathLink>
          ) : (
            <span aria-disabled="true">{t('pager.next')}</span>
          )}
        </li>
      </ul>
    </nav>
  );
}
