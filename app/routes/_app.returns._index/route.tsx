import { data } from '@remix-run/node';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { returnsApi, type ReturnListPage } from '~/.server/api/returns';
import { requireBuyer } from '~/.server/auth';
import { requireReturnsAccess } from '~/.server/returns-access';
import { PathLink } from '~/components/PathLink';
import { Pager } from '~/components/Pager';
import { ReturnCredit } from '~/components/ReturnCredit';
import { SortableHeader } from '~/components/SortableHeader';
import { titled } from '~/components/page-title';
import { useMoneyFormat } from '~/components/use-money-format';
import { formatDateTime } from '~/domain/money';
import {
  MAX_RETURN_SEARCH,
  parseReturnListQuery,
  RETURN_LIST_FIELDS,
  RETURN_LIST_PAGE_SIZE,
  returnsHref,
  returnStatusColor,
  sortedBy,
  type ReturnListField,
} from '~/domain/returns/list-query';
import { useTexts } from '~/i18n/use-texts';
import { useTimeZone } from '~/components/use-date-time';
import { useCounts } from '~/components/use-counts';

export const meta = titled('returns.title');

/** The buyer's return requests (issue 38): sorted, searched and paged by the URL; a list that cannot be read shows empty. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireBuyer(request, context);
  requireReturnsAccess(user);
  const query = parseReturnListQuery(new URL(request.url).searchParams);
  let page: ReturnListPage = { rows: [], total: 0, page: 1, pageSize: RETURN_LIST_PAGE_SIZE };
  try {
    page = await returnsApi.list(context, token, query);
  } catch (error) {
    if (error instanceof Response) throw error;
    context.logger.error({ err: error }, 'returns list not available');
  }
  return data({ query, page }, { headers: { 'Cache-Control': 'private, no-store' } });
}

const NUMERIC: readonly ReturnListField[] = ['units', 'credit'];

export default function ReturnsPage() {
  const { number } = useCounts();
  const zone = useTimeZone();
  useTexts('returnErrors', 'returns');
  const { query, page } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  /** A column's name: its header, and on a narrow screen the label before each of its values. */
  const label = (field: ReturnListField) => t(`returns.column.${field}`);
  const money = useMoneyFormat();
  const pageCount = Math.max(1, Math.ceil(page.total / page.pageSize));
  const exportSearch = returnsHref({ ...query, page: 1 }).split('?')[1] ?? '';
  return (
    <section className="page returns-page">
      <header className="orders-header">
        <h1>{t('returns.title')}</h1>
        <span className="returns-actions">
          <a
            className="button button--secondary"
            href={`/returns/export${exportSearch ? `?${exportSearch}` : ''}`}
            download
          >
            {t('returns.list.export')}
          </a>
          <PathLink to="/returns/new" className="button button--primary">
            {t('returns.list.new')}
          </PathLink>
        </span>
      </header>
      <Form method="get" action="/returns" role="search" className="orders-search">
        <label className="visually-hidden" htmlFor="returns-search">
          {t('returns.list.search')}
        </label>
        <input
          id="returns-search"
          type="search"
          name="search"
          defaultValue={query.search}
          placeholder={t('returns.list.search')}
          maxLength={MAX_RETURN_SEARCH}
          autoComplete="off"
        />
        {query.sort !== 'createdAt' || query.dir !== 'desc' ? (
          <>
            <input type="hidden" name="sort" value={query.sort} />
            <input type="hidden" name="dir" value={query.dir} />
          </>
        ) : null}
        <button type="submit" className="button button--secondary">
          {t('returns.list.searchButton')}
        </button>
      </Form>
      <p className="orders-summary muted" role="status">
        {t('returns.list.summary', { count: page.total })}
      </p>
      <div className="table-scroll">
        <table className="orders-table orders-table--wide returns-table">
          <caption className="visually-hidden">{t('returns.list.caption')}</caption>
          <thead>
            <tr>
              {RETURN_LIST_FIELDS.map((field) => {
                return (
                  <SortableHeader
                    key={field}
                    label={label(field)}
                    to={returnsHref(sortedBy(query, field))}
                    sorted={query.sort === field}
                    dir={query.dir}
                    numeric={NUMERIC.includes(field)}
                  />
                );
              })}
            </tr>
          </thead>
          <tbody>
            {page.rows.length ? (
              page.rows.map((row) => (
                <tr key={row.rmaNumber}>
                  <th scope="row">
                    <PathLink to={`/returns/${encodeURIComponent(row.rmaNumber)}`} className="nowrap">
                      {row.rmaNumber}
                    </PathLink>
                  </th>
                  <td data-label={label('orderNumber')} className="orders-cell--wide">
                    <PathLink to={`/orders/${encodeURIComponent(row.orderNumber)}`} className="nowrap">
                      {row.orderNumber}
                    </PathLink>
                  </td>
                  <td data-label={label('createdAt')}>{formatDateTime(row.createdAt, i18n.language, zone)}</td>
                  <td data-label={label('status')} className="orders-cell--status">
                    <span
                      className={`status-chip status-chip--${returnStatusColor(row.status)}`}
                      data-status={row.status}
                    >
                      {t(`returns.status.${row.status}` as 'returns.status.REQUESTED')}
                    </span>
                  </td>
                  <td className="num" data-label={label('units')}>
                    {number(row.units)}
                  </td>
                  <td className="num" data-label={label('credit')}>
                    <ReturnCredit status={row.status} amount={row.credit} money={money} />
                  </td>
                </tr>
              ))
            ) : (
              <tr>
                <td colSpan={RETURN_LIST_FIELDS.length} className="orders-empty">
                  {t('returns.list.noRows')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <Pager
        page={page.page}
        pageCount={pageCount}
        hrefOf={(n) => returnsHref({ ...query, page: n })}
        label={t('returns.list.pagination')}
      />
    </section>
  );
}
