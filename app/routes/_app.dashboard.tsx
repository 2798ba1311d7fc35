import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { titled } from '~/components/page-title';
import { useTenant } from '~/components/use-tenant';
import { useTexts } from '~/i18n/use-texts';

export const meta = titled('dashboard.title');

/** The buyer dashboard: the tenant's name and title (also served at /help). */
export default function Dashboard() {
  useTexts('dashboard');
  const { t } = useTranslation();
  const config = useTenant();
  return (
    <section className="page dashboard">
      <h1>{t('dashboard.welcome', { tenantName: config.tenantName })}</h1>
      <p>{t('dashboard.intro', { siteTitle: config.siteTitle })}</p>
      <p>
        <Link className="button button--primary" to="/stock">
          {t('dashboard.goToStock')}
        </Link>
      </p>
    </section>
  );
}
