import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { auctionsApi, type AuctionListPage } from '~/.server/api/auctions';
import { requireAuctionsAccess } from '~/.server/auctions-access';
import { requireBuyer } from '~/.server/auth';
import { LotFacts } from '~/components/auctions/LotFacts';
import { useLive } from '~/components/auctions/use-live';
import { PathLink } from '~/components/PathLink';
import { Pager } from '~/components/Pager';
import { titled } from '~/components/page-title';
import {
  AUCTION_PAGE_SIZE,
  AUCTION_SORTS,
  AUCTION_TABS,
  auctionsHref,
  MAX_AUCTION_SEARCH,
  parseAuctionListQuery,
} from '~/domain/auctions/list-query';
import { changedLots } from '~/domain/auctions/live-changes';
import { useMoneyFormat } from '~/components/use-money-format';
import { formatMinor } from '~/domain/money';
import { useTexts } from '~/i18n/use-texts';

export const meta = titled('auctions.title');

/** The lots (issue 53): a tab, a search, a sort and a page, all in the URL; a list that cannot be read shows empty. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireBuyer(request, context);
  requireAuctionsAccess(user);
  const query = parseAuctionListQuery(new URL(request.url).searchParams);
  let page: AuctionListPage = { lots: [], total: 0, page: 1, pageSize: AUCTION_PAGE_SIZE, softCloseMinutes: 2 };
  try {
    page = await auctionsApi.list(context, token, query);
  } catch (error) {
    if (error instanceof Response) throw error;
    context.logger.error({ err: error }, 'auction list not available');
  }
  return data({ query, page, renderedAt: Date.now() }, { headers: { 'Cache-Control': 'private, no-store' } });
}

/**
 * With scripts the list reads itself again every 15 s; this live region then tells a screen reader
 * which lots moved (price, bids, end, the buyer's status), and nothing when none did. Without
 * scripts it stays empty: a refresh shows the same list.
 */
function ListChanges({ lots }: { lots: AuctionListPage['lots'] }) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  // The lots last read and what was said of them, kept from one reading to the next.
  const [last, setLast] = useState({ lots, said: '' });
  if (last.lots !== lots) {
    const moved = changedLots(last.lots, lots);
    const said = moved.map((lot) =>
      t('auctions.liveLot', {
        title: lot.title,
        price: formatMinor(lot.currentPrice ?? lot.startingPrice, money),
        count: lot.bidCount,
        status: lot.myStatus ? t(`auctions.status.${lot.myStatus}`) : '',
      }),
    );
    setLast({ lots, said: said.length ? said.join(' ') : last.said });
  }
  return (
    <p className="visually-hidden" aria-live="polite" data-live-changes="">
      {last.said}
    </p>
  );
}

export default function AuctionsPage() {
  useTexts('auctions');
  const { query, page, renderedAt } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const now = useLive(15_000, renderedAt);
  const pageCount = Math.max(1, Math.ceil(page.total / page.pageSize));
  return (
    <section className="page auctions-page">
      <header className="orders-header">
        <h1>{t('auctions.title')}</h1>
        <PathLink to="/auctions/summary" className="button button--secondary">
          {t('auctions.summaryLink')}
        </PathLink>
      </header>
      <nav className="cart-tabs" aria-label={t('auctions.tabs')}>
        <ul>
          {AUCTION_TABS.map((tab) => (
            <li key={tab}>
              <Link
                className="cart-tab"
                to={auctionsHref({ tab })}
                aria-current={tab === query.tab ? 'page' : undefined}
              >
                {t(`auctions.tab.${tab}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" action="/auctions" role="search" className="orders-search auctions-filters">
        {query.tab !== 'open' ? <input type="hidden" name="tab" value={query.tab} /> : null}
        <label className="visually-hidden" htmlFor="auctions-search">
          {t('auctions.search')}
        </label>
        <input
          id="auctions-search"
          type="search"
          name="search"
          defaultValue={query.search}
          placeholder={t('auctions.search')}
          maxLength={MAX_AUCTION_SEARCH}
          autoComplete="off"
        />
        <label htmlFor="auctions-sort">{t('auctions.sort')}</label>
        <select id="auctions-sort" name="sort" defaultValue={query.sort}>
          {AUCTION_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(`auctions.sort.${sort}`)}
            </option>
          ))}
        </select>
        <select name="dir" defaultValue={query.dir} aria-label={t('auctions.sort')}>
          <option value="asc">{t('auctions.dir.asc')}</option>
          <option value="desc">{t('auctions.dir.desc')}</option>
        </select>
        <button type="submit" className="button button--secondary">
          {t('auctions.searchButton')}
        </button>
      </Form>
      <p className="orders-summary muted" role="status">
        {t('auctions.count', { count: page.total })}
      </p>
      <ListChanges lots={page.lots} />
      {page.lots.length ? (
        <ul className="lot-list">
          {page.lots.map((lot) => (
            <li key={lot.id} className="lot-card" data-lot={lot.id}>
              <h2>
                <PathLink to={`/auctions/${lot.id}`}>{lot.title}</PathLink>
              </h2>
              <LotFacts lot={lot} now={now} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-state">{t('auctions.empty')}</p>
      )}
      <Pager
        page={page.page}
        pageCount={pageCount}
        hrefOf={(n) => auctionsHref({ ...query, page: n })}
        label={t('auctions.pagination')}
      />
    </section>
  );
}
