import { useTranslation } from '~/i18n/light-react-i18next';
import type { OfferHistory } from '~/.server/api/offers';
import { RouteDialog } from '~/components/RouteDialog';
import { useMoney } from '~/components/use-money-format';
import { formatDateTime } from '~/domain/money';
import { useTimeZone } from '~/components/use-date-time';

/** An entry's history (issue 37), addressed by `?history=ID`: what happened, when, by whom, at what quantity and price. */
export function OfferHistoryDialog({
  description,
  events,
  closeTo,
}: {
  description: string;
  events: OfferHistory;
  closeTo: string;
}) {
  const zone = useTimeZone();
  const { t, i18n } = useTranslation();
  const money = useMoney();
  return (
    <RouteDialog title={t('offerHistory.title', { item: description })} closeTo={closeTo} width="wide">
      {events.length ? (
        <ol className="offer-history">
          {events.map((e, index) => (
            <li key={index} className="offer-history__event">
              <span className="offer-history__what">{t(`offerHistory.event.${e.event}`)}</span>
              <span className="muted">
                {t('offerHistory.when', {
                  date: formatDateTime(e.at, i18n.language, zone),
                  by: t(`offerHistory.by.${e.by}`),
                })}
              </span>
              {e.quantity === null ? null : e.price !== null ? (
                <span>{t('offerHistory.terms', { quantity: e.quantity, price: money(e.price) })}</span>
              ) : e.event === 'countered' ? (
                <span>{t('offerHistory.termsPriceUnrecorded', { quantity: e.quantity })}</span>
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <p>{t('offerHistory.none')}</p>
      )}
    </RouteDialog>
  );
}
