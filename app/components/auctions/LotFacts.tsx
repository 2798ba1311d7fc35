import { useTranslation } from '~/i18n/light-react-i18next';
import type { LotView } from '~/.server/api/auctions';
import { useMoneyFormat } from '~/components/use-money-format';
import { useTimeZone } from '~/components/use-date-time';
import { timeLeft } from '~/domain/auctions/time-left';
import { formatDateTime, formatMinor } from '~/domain/money';
import { useCounts } from '../use-counts';

/** A lot's facts as the list and the lot's page show them; never the reserve's amount. */
export function LotFacts({ lot, now }: { lot: LotView; now: number }) {
  const { t, i18n } = useTranslation();
  const { number } = useCounts();
  const money = useMoneyFormat();
  const zone = useTimeZone();
  const left = timeLeft(lot.endsAt, now);
  const grades = Object.entries(lot.gradeMix)
    .map(([grade, units]) => `${grade} × ${number(units)}`)
    .join(', ');
  return (
    <dl className="lot-facts">
      <dt>{t('auctions.lot.seller')}</dt>
      <dd>{lot.seller}</dd>
      <dt>{t('auctions.lot.warehouse')}</dt>
      <dd>{lot.warehouse}</dd>
      <dt>{t('auctions.lot.units')}</dt>
      <dd>{number(lot.units)}</dd>
      <dt>{t('auctions.lot.grades')}</dt>
      <dd>{grades}</dd>
      <dt>{lot.currentPrice === null ? t('auctions.lot.startingBid') : t('auctions.lot.currentBid')}</dt>
      <dd data-current-bid="">{formatMinor(lot.currentPrice ?? lot.startingPrice, money)}</dd>
      <dt>{t('auctions.lot.bids')}</dt>
      <dd data-bid-count="">{number(lot.bidCount)}</dd>
      <dt>{t('auctions.lot.reserve')}</dt>
      <dd data-reserve="">
        {lot.reserveMet === null
          ? t('auctions.lot.noReserve')
          : lot.reserveMet
            ? t('auctions.lot.reserveMet')
            : t('auctions.lot.reserveNotMet')}
      </dd>
      {lot.phase === 'SCHEDULED' ? (
        <>
          <dt>{t('auctions.lot.startsAt')}</dt>
          <dd>{formatDateTime(lot.startsAt, i18n.language, zone)}</dd>
        </>
      ) : (
        <>
          <dt>{t('auctions.lot.timeLeft')}</dt>
          <dd data-time-left="">{lot.phase === 'ENDED' ? t('auctions.left.ended') : t(left.key, left.values)}</dd>
        </>
      )}
      <dt>{t('auctions.lot.endsAt')}</dt>
      <dd>
        <time dateTime={lot.endsAt}>{formatDateTime(lot.endsAt, i18n.language, zone)}</time>
        {lot.extended ? <span className="lot-extended"> {t('auctions.lot.extended')}</span> : null}
      </dd>
      {lot.myStatus ? (
        <>
          <dt>{t('auctions.lot.yourStatus')}</dt>
          <dd>
            <span className={`status-chip status-chip--${statusColor(lot.myStatus)}`} data-my-status={lot.myStatus}>
              {t(`auctions.status.${lot.myStatus}`)}
            </span>
          </dd>
        </>
      ) : null}
    </dl>
  );
}

const statusColor = (status: NonNullable<LotView['myStatus']>) =>
  status === 'HIGHEST' || status === 'WON' ? 'success' : status === 'RESERVE_NOT_MET' ? 'warning' : 'danger';
