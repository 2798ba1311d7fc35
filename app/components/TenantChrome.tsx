import { useTranslation } from '~/i18n/light-react-i18next';
import { tenantWidgets, widgetLoaderScript } from '~/domain/widgets';
import type { PublicTenantConfig } from '~/domain/tenant-config';
import { useNonce } from './nonce';
import { useTenant } from './use-tenant';

/** The site-wide sales banner of spec 2 §2, when the tenant configured one. */
export function SalesBanner() {
  const { t } = useTranslation();
  const banner = useTenant().salesBanner;
  if (!banner) return null;
  return (
    <aside className="sales-banner" aria-label={t('app.salesBanner')}>
      <p>
        {banner.message}
        {banner.url ? (
          <>
            {' '}
            <a href={banner.url} target="_blank" rel="noopener noreferrer">
              {banner.linkLabel ?? banner.url}
              <span className="visually-hidden"> {t('footer.newTab')}</span>
            </a>
          </>
        ) : null}
      </p>
    </aside>
  );
}

/**
 * Live-update, analytics and helpdesk widgets, only when configured: one inline loader with the
 * page's nonce that adds their scripts after the page has loaded. No screen needs them.
 */
export function TenantWidgets({ config }: { config: PublicTenantConfig }) {
  const nonce = useNonce();
  const widgets = tenantWidgets(config);
  if (!widgets.length) return null;
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: widgetLoaderScript(widgets, nonce) }}
    />
  );
}
