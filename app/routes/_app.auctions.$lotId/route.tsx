import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { z } from 'zod';
import { ApiFailure } from '~/.server/api/client';
import { auctionsApi } from '~/.server/api/auctions';
import { requireAuctionsAccess } from '~/.server/auctions-access';
import { requireBuyer } from '~/.server/auth';
import { parseButtons } from '~/.server/conform';
import { dispatchIntent, readForm } from '~/.server/forms';
import { failureToast, redirectWithToast } from '~/.server/toast';
import { LotFacts } from '~/components/auctions/LotFacts';
import { LotPhotos } from '~/components/auctions/LotPhotos';
import { useFormReply } from '~/components/form-reply';
import { useLive } from '~/components/auctions/use-live';
import { PageHeader } from '~/components/PageHeader';
import { Pager } from '~/components/Pager';
import { PathLink } from '~/components/PathLink';
import { titled } from '~/components/page-title';
import { useMoneyFormat } from '~/components/use-money-format';
import { useTimeZone } from '~/components/use-date-time';
import { historyPageCount, historyPageOf } from '~/domain/auctions/bid-history';
import { idTextSchema } from '~/domain/ids';
import { formatDateTime, formatMinor } from '~/domain/money';
import { useTexts } from '~/i18n/use-texts';
import { placeBid, reviewBid, type PostedLot } from './bid-actions.server';
import { BidForm } from './BidForm';
import { useCounts } from '~/components/use-counts';

export const meta = titled('auctions.title');

const buttonSchema = z.object({ intent: z.enum(['watch', 'unwatch', 'accept', 'decline']) });

const notFound = () => redirectWithToast('/auctions', { type: 'error', key: 'auctions.notFound' });

function lotIdOf(params: LoaderFunctionArgs['params']): number | null {
  const parsed = idTextSchema.safeParse(params.lotId);
  return parsed.success ? parsed.data : null;
}

/** A lot (issue 53): its facts, manifest, bid history with bidders masked, the buyer's status and the bid form. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token, user } = await requireBuyer(request, context);
  requireAuctionsAccess(user);
  const lotId = lotIdOf(params);
  if (lotId === null) return notFound();
  try {
    const historyPage = historyPageOf(new URL(request.url).searchParams.get('history'));
    const lot = await auctionsApi.get(context, token, lotId, historyPage);
    return data({ lot, renderedAt: Date.now() }, { headers: { 'Cache-Control': 'private, no-store' } });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiFailure && error.status === 404) return notFound();
    context.logger.error({ err: error, lotId }, 'auction lot not available');
    return redirectWithToast('/auctions', failureToast(error));
  }
}

/** The lot page's buttons, each a function: the bid's two steps (bid-actions.server), watching, and the answer to a second chance. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { token, user } = await requireBuyer(request, context);
  requireAuctionsAccess(user);
  const lotId = lotIdOf(params);
  if (lotId === null) return notFound();
  const lot: PostedLot = { context, token, lotId, here: `/auctions/${lotId}` };
  // A lot that is gone goes back to the list; any other failure is said on the lot's page.
  const answered =
    <A,>(handler: (form: FormData, lot: PostedLot) => Promise<A>) =>
    async (form: FormData) => {
      try {
        return await handler(form, lot);
      } catch (error) {
        if (error instanceof Response) throw error;
        if (error instanceof ApiFailure && error.status === 404) return notFound();
        context.logger.error({ err: error, lotId }, 'auction lot action failed');
        return redirectWithToast(lot.here, failureToast(error));
      }
    };
  return dispatchIntent(await readForm(request), {
    review: answered(reviewBid),
    confirm: answered(placeBid),
    watch: answered((form, lot) => watch(form, lot, true)),
    unwatch: answered((form, lot) => watch(form, lot, false)),
    accept: answered((form, lot) => answerSecondChance(form, lot, true)),
    decline: answered((form, lot) => answerSecondChance(form, lot, false)),
  });
}

/** WATCH or UNWATCH the lot. */
async function watch(form: FormData, { context, token, lotId, here }: PostedLot, on: boolean) {
  parseButtons(form, buttonSchema);
  await auctionsApi.watch(context, token, lotId, on);
  return redirectWithToast(here, { type: 'success', key: on ? 'auctions.watched' : 'auctions.unwatched' });
}

/** ACCEPT or DECLINE the second chance offered to the buyer. */
async function answerSecondChance(form: FormData, { context, token, lotId, here }: PostedLot, accept: boolean) {
  parseButtons(form, buttonSchema);
  const answer = await auctionsApi.answerSecondChance(context, token, lotId, accept);
  return redirectWithToast(here, { type: 'success', key: `auctions.secondChance.${answer.state}` });
}

export default function LotPage() {
  useTexts('auctions', 'orderDocuments');
  const { lot, renderedAt } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const { number } = useCounts();
  const money = useMoneyFormat();
  const zone = useTimeZone();
  const now = useLive(5_000, renderedAt);
  const bidReply = useFormReply('bid');
  const price = formatMinor(lot.currentPrice ?? lot.startingPrice, money);
  return (
    <section className="page lot-page">
      <PageHeader backTo="/auctions" backLabel={t('auctions.lot.back')} title={lot.title} />
      <p className="visually-hidden" aria-live="polite" data-live-summary="">
        {t('auctions.live', {
          price,
          count: lot.bidCount,
          status: lot.myStatus ? t(`auctions.status.${lot.myStatus}`) : '',
        })}
      </p>
      {lot.cancelReason ? (
        <p className="banner banner--warning">{t('auctions.lot.canceled', { reason: lot.cancelReason })}</p>
      ) : null}
      <LotFacts lot={lot} now={now} />
      {lot.phase === 'OPEN' ? (
        <p className="muted">{t('auctions.lot.softClose', { count: lot.softCloseMinutes })}</p>
      ) : null}
      {lot.orderNumber ? (
        <p>
          {t('auctions.lot.order')}:{' '}
          <PathLink to={`/orders/${encodeURIComponent(lot.orderNumber)}`}>{lot.orderNumber}</PathLink>
        </p>
      ) : null}
      {lot.secondChance?.state === 'OFFERED' ? (
        <Form method="post" className="second-chance">
          <p>{t('auctions.secondChance.text', { price: formatMinor(lot.secondChance.price, money) })}</p>
          <button type="submit" name="intent" value="accept" className="button button--primary">
            {t('auctions.secondChance.accept')}
          </button>{' '}
          <button type="submit" name="intent" value="decline" className="button button--secondary">
            {t('auctions.secondChance.decline')}
          </button>
        </Form>
      ) : null}
      {/* A refusal of the lot's last bid (it ended meanwhile) is still said beside the field. */}
      {(lot.phase === 'OPEN' && lot.nextMinimum !== null) || bidReply ? <BidForm lot={lot} /> : null}
      {lot.status === 'ACTIVE' ? (
        <Form method="post">
          <button
            type="submit"
            name="intent"
            value={lot.watched ? 'unwatch' : 'watch'}
            className="button button--secondary"
          >
            {lot.watched ? t('auctions.unwatch') : t('auctions.watch')}
          </button>
        </Form>
      ) : null}
      <LotPhotos lotId={lot.id} title={lot.title} photos={lot.photos} />
      <h2>{t('auctions.manifest')}</h2>
      <p>
        <a href={`/auctions/${lot.id}/manifest`} download>
          {t('auctions.manifest.download')}
        </a>
      </p>
      <div className="table-scroll">
        <table className="orders-table">
          <thead>
            <tr>
              <th scope="col">{t('auctions.manifest.model')}</th>
              <th scope="col">{t('auctions.manifest.grade')}</th>
              <th scope="col">{t('auctions.manifest.capacity')}</th>
              <th scope="col">{t('auctions.manifest.colour')}</th>
              <th scope="col" className="num">
                {t('auctions.manifest.quantity')}
              </th>
              <th scope="col">{t('auctions.manifest.imeis')}</th>
            </tr>
          </thead>
          <tbody>
            {lot.lines.map((line, i) => (
              <tr key={i}>
                <td>{line.model}</td>
                <td data-label={t('auctions.manifest.grade')}>{line.grade}</td>
                <td data-label={t('auctions.manifest.capacity')}>{line.capacity}</td>
                <td data-label={t('auctions.manifest.colour')}>{line.colour}</td>
                <td className="num" data-label={t('auctions.manifest.quantity')}>
                  {number(line.quantity)}
                </td>
                <td className="imeis" data-label={t('auctions.manifest.imeis')}>
                  {line.imeis.join(', ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>{t('auctions.history')}</h2>
      {lot.bids.length ? (
        <div className="table-scroll">
          <table className="orders-table" data-bid-history="">
            <thead>
              <tr>
                <th scope="col">{t('auctions.history.who')}</th>
                <th scope="col" className="num">
                  {t('auctions.history.amount')}
                </th>
                <th scope="col">{t('auctions.history.at')}</th>
              </tr>
            </thead>
            <tbody>
              {lot.bids.map((bid, i) => (
                <tr key={i} className={bid.own ? 'own-bid' : undefined}>
                  <td>
                    {bid.own
                      ? t('auctions.history.you', { number: String(bid.bidder) })
                      : t('auctions.history.bidder', { number: String(bid.bidder) })}
                  </td>
                  <td className="num" data-label={t('auctions.history.amount')}>
                    {formatMinor(bid.amount, money)}
                  </td>
                  <td data-label={t('auctions.history.at')}>{formatDateTime(bid.at, i18n.language, zone)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{t('auctions.history.empty')}</p>
      )}
      <Pager
        page={lot.history.page}
        pageCount={historyPageCount(lot.history.total)}
        hrefOf={(page) => `/auctions/${lot.id}${page > 1 ? `?history=${page}` : ''}`}
        label={t('auctions.history.pages')}
      />
    </section>
  );
}
