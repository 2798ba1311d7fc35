import { useTranslation } from 'react-i18next';
import { displayedTerms, durationUntil, extraInformation, type OfferTermsView } from '~/domain/offers/display';
import { statusLabelKey } from '~/domain/offers/status';
import { formatMoney } from '~/domain/money';
import { useTenant } from './use-tenant';

/** A cart entry's status, shown terms and extra information (spec 1 §4), on the stock list and the cart. */
export function OfferStatusNote({ offer, compact = false }: { offer: OfferTermsView; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const config = useTenant();
  const money = (amount: number) => formatMoney(amount, { locale: i18n.language, ...config });
  const shown = displayedTerms(offer);
  const info = extraInformation(offer);
  const duration = info?.expires ? durationUntil(info.expires, new Date()) : null;
  return (
    <span className={`offer-note offer-note--${offer.offerStatus.toLowerCase()}`}>
      <span className="offer-note__status">
        {t('offers.summary', { status: t(statusLabelKey(offer.offerStatus)), quantity: shown.quantity, price: money(shown.price) })}
      </span>
      {info && !compact ? (
        <span className="offer-note__info" suppressHydrationWarning>
          {t(info.key, {
            price: info.price === undefined ? '' : money(info.price),
            minimum: info.minimum,
            duration: duration ? t('time.duration', duration) : '',
          })}
        </span>
      ) : null}
    </span>
  );
}
