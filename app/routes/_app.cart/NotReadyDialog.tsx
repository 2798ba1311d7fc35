import { Link } from '@remix-run/react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { RouteDialog } from '~/components/RouteDialog';
import { useTenant } from '~/components/use-tenant';
import { isWebAddress } from '~/domain/web-address';

interface SalesRep {
  salesRepEmail: string | null;
  salesRepPhone: string | null;
  salesRepWhatApp: string | null;
}

/** 'Not Ready For Checkout!': a prospect buyer is sent to the sales rep (spec 2 §2). */
export function NotReadyDialog({ salesRep, closeTo }: { salesRep: SalesRep; closeTo: string }) {
  const { t } = useTranslation();
  const config = useTenant();
  const whatsApp = salesRep.salesRepWhatApp?.replace(/[^0-9]/g, '');
  return (
    <RouteDialog title={t('cart.notReady.title')} closeTo={closeTo} width="narrow">
      <p>{t('cart.notReady.text')}</p>
      <ul className="contact-links">
        {salesRep.salesRepEmail ? (
          <li>
            <a href={`mailto:${salesRep.salesRepEmail}`}>{salesRep.salesRepEmail}</a>
          </li>
        ) : null}
        {salesRep.salesRepPhone ? (
          <li>
            <a href={`tel:${salesRep.salesRepPhone.replace(/[^0-9+]/g, '')}`}>{salesRep.salesRepPhone}</a>
          </li>
        ) : null}
        {whatsApp ? (
          <li>
            <a href={`https://wa.me/${whatsApp}`} target="_blank" rel="noopener noreferrer">
              {t('cart.notReady.whatsApp')}
              <span className="visually-hidden"> {t('footer.newTab')}</span>
            </a>
          </li>
        ) : null}
        {isWebAddress(config.business_tenant_site) ? (
          <li>
            <a href={config.business_tenant_site} target="_blank" rel="noopener noreferrer">
              {t('cart.notReady.website', { tenantName: config.tenantName })}
              <span className="visually-hidden"> {t('footer.newTab')}</span>
            </a>
          </li>
        ) : null}
      </ul>
      <div className="dialog-actions">
        <Link className="button button--primary" to={closeTo}>
          {t('cart.notReady.back')}
        </Link>
      </div>
    </RouteDialog>
  );
}
