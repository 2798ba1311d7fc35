import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { auctionsApi } from '~/.server/api/auctions';
import { requireAuctionsAccess } from '~/.server/auctions-access';
import { requireBuyer } from '~/.server/auth';
import { failureToast, redirectWithToast } from '~/.server/toast';
import { PageHeader } from '~/components/PageHeader';
import { PathLink } from '~/components/PathLink';
import { titled } from '~/components/page-title';
import { useMoneyFormat } from '~/components/use-money-format';
import { formatMinor } from '~/domain/money';
import { useTexts } from '~/i18n/use-texts';
import { useCounts } from '~/components/use-counts';

export const meta = titled('auctions.title');

/** The buyer's auction summary (CAN_VIEW_AUCTION_SUMMARY): the lots bid on, those won with their orders, totals. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireBuyer(request, context);
  requireAuctionsAccess(user);
  try {
    return data(
      { summary: await auctionsApi.summary(context, token) },
      { headers: { 'Cache-Control': 'private, no-store' } },
    );
  } catch (error) {
    if (error instanceof Response) throw error;
    return redirectWithToast('/auctions', failureToast(error));
  }
}

export default function AuctionSummaryPage() {
  useTexts('auctions');
  const { summary } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const { number } = useCounts();
  const { totals } = summary;
  return (
    <section className="page auction-summary">
      <PageHeader backTo="/auctions" backLabel={t('auctions.lot.back')} title={t('auctions.summary.title')} />
      <dl className="lot-facts">
        <dt>{t('auctions.summary.bidOn')}</dt>
        <dd>{number(totals.bidOn)}</dd>
        <dt>{t('auctions.summary.leading')}</dt>
        <dd>{number(totals.leading)}</dd>
        <dt>{t('auctions.summary.won')}</dt>
        <dd>{number(totals.won)}</dd>
        <dt>{t('auctions.summary.wonAmount')}</dt>
        <dd>{formatMinor(totals.wonAmount, money)}</dd>
        <dt>{t('auctions.summary.ordersTotal')}</dt>
        <dd>{formatMinor(totals.ordersTotal, money)}</dd>
      </dl>
      {summary.lots.length ? (
        <div className="table-scroll">
          <table className="orders-table">
            <thead>
              <tr>
                <th scope="col">{t('auctions.summary.lot')}</th>
                <th scope="col" className="num">
                  {t('auctions.lot.currentBid')}
                </th>
                <th scope="col">{t('auctions.lot.yourStatus')}</th>
                <th scope="col">{t('auctions.summary.order')}</th>
              </tr>
            </thead>
            <tbody>
              {summary.lots.map((lot) => (
                <tr key={lot.id}>
                  <th scope="row">
                    <PathLink to={`/auctions/${lot.id}`}>{lot.title}</PathLink>
                  </th>
                  <td className="num" data-label={t('auctions.lot.currentBid')}>
                    {formatMinor(lot.currentPrice ?? lot.startingPrice, money)}
                  </td>
                  <td data-label={t('auctions.lot.yourStatus')}>
                    {lot.myStatus ? t(`auctions.status.${lot.myStatus}`) : ''}
                  </td>
                  <td data-label={t('auctions.summary.order')}>
                    {lot.orderNumber ? (
                      <PathLink to={`/orders/${encodeURIComponent(lot.orderNumber)}`}>{lot.orderNumber}</PathLink>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{t('auctions.summary.empty')}</p>
      )}
    </section>
  );
}
