import { Link, useLocation } from '@remix-run/react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { useTexts } from '~/i18n/use-texts';

/**
 * The way back to the dialog while documents are owed: after Cancel the dialog stays closed for the
 * browser session, and this banner opens it again (`?poe=1`) on the page the buyer is on.
 */
export function ProofOfExportBanner({ count, disablePayAndShipNow }: { count: number; disablePayAndShipNow: boolean }) {
  useTexts('checkout', 'poe');
  const { t } = useTranslation();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete('poeError');
  params.set('poe', '1');
  return (
    <div className="banner banner--info poe-banner">
      <p>
        {t('poe.pending', { count })} {disablePayAndShipNow ? <>{t('checkout.payAndShipNowDisabled')} </> : null}
        <Link to={`${location.pathname}?${params}`} preventScrollReset>
          {t('poe.title')}
        </Link>
      </p>
    </div>
  );
}
