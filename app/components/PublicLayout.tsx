import { Footer } from './Footer';
import { SalesBanner } from './TenantChrome';
import { useTenant } from './use-tenant';

/** The frame of the signed-out screens: tenant logo and title, the form, the footer. */
export function PublicLayout({ title, children }: { title: string; children: React.ReactNode }) {
  const config = useTenant();
  return (
    <div className="public-layout">
      <SalesBanner />
      <main id="main" className="public-card">
        <img
          className="public-logo"
          src={config.userPoolLogo ?? config.logoSmall}
          alt={config.tenantName}
          width="160"
          height="48"
        />
        {config.site_header ? <p className="public-site-header">{config.site_header}</p> : null}
        <h1>{title}</h1>
        {children}
      </main>
      <Footer />
    </div>
  );
}
