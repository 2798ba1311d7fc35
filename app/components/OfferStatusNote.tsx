import { useTranslation } from '~/i18n/light-react-i18next';
import { displayedTerms, durationUntil, extraInformation, type OfferTermsView } from '~/domain/offers/display';
import { statusLabelKey } from '~/domain/offers/status';
import { useMoney } from './use-money-format';

/** A cart entry's status, shown terms and extra information (spec 1 §4), on the stock list and the cart. */
export function OfferStatusNote({ offer, compact = false }: { offer: OfferTermsView; compact?: boolean }) {
  const { t } = useTranslation();
  const money = useMoney();
  const shown = displayedTerms(offer);
  return (
    <span className={`offer-note offer-note--${offer.offerStatus.toLowerCase()}`}>
      <span className="offer-note__status">
        {t('offers.summary', {
          status: t(statusLabelKey(offer.offerStatus)),
          quantity: shown.quantity,
          price: money(shown.price),
        })}
      </span>
      {compact ? null : <OfferExtraInformation offer={offer} />}
    </span>
  );
}

/** An answered offer's extra information: the seller's price, the minimum quantity and the time left. */
export function OfferExtraInformation({
  offer,
  className = 'offer-note__info',
}: {
  offer: OfferTermsView;
  className?: string;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const info = extraInformation(offer);
  if (!info) return null;
  const duration = info.expires ? durationUntil(info.expires, new Date()) : null;
  return (
    <span className={className} suppressHydrationWarning>
      {t(info.key, {
        price: info.price === undefined ? '' : money(info.price),
        minimum: info.minimum,
        duration: duration ? t('time.duration', duration) : '',
      })}
    </span>
  );
}
