import { Form, Link, useLocation } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { VersionWatch } from './VersionWatch';
import type { SessionUser } from '~/.server/session';
import { badgeColourIndex, initialsOf } from '~/domain/initials';
import { currentMenuEntry, sideMenuEntries, userMenuEntries } from '~/domain/side-menu';
import { FoldToggle } from './FoldToggle';
import { Footer } from './Footer';
import { SalesBanner } from './TenantChrome';
import { useAppVersion, useTenant } from './use-tenant';

/** The signed-in frame: top menu, side menu, the page, footer. */
export function AppShell({ user, children }: { user: SessionUser; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <TopMenu user={user} />
      <SalesBanner />
      <VersionWatch />
      <div className="app-body">
        <SideMenu user={user} />
        <main id="main" className="app-main" tabIndex={-1}>
          {children}
        </main>
      </div>
      <Footer />
    </div>
  );
}

function TopMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const config = useTenant();
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <header className="top-menu">
      <Link to="/" className="top-menu__logo">
        <img src={config.logoSmall} alt={t('menu.logoHome', { siteTitle: config.siteTitle })} width="120" height="36" />
      </Link>
      <span className="top-menu__title">{config.siteTitle}</span>
      <details className="user-menu">
        <summary aria-label={t('menu.user', { name })}>
          <span className={`badge badge--c${badgeColourIndex(user.firstName, user.lastName)}`} aria-hidden="true">
            {initialsOf(user.firstName, user.lastName)}
          </span>
        </summary>
        <div className="user-menu__panel">
          <p className="user-menu__name">{name}</p>
          <ul>
            {userMenuEntries().map((entry) => (
              <li key={entry.to}>
                <Link to={entry.to}>{t(entry.labelKey)}</Link>
              </li>
            ))}
            <li>
              <details className="logout-confirm">
                <summary>{t('menu.logout')}</summary>
                <Form method="post" action="/logout" className="logout-confirm__panel">
                  <p>{t('logout.confirm')}</p>
                  <button type="submit" className="button button--primary">
                    {t('logout.yes')}
                  </button>
                </Form>
              </details>
            </li>
          </ul>
        </div>
      </details>
    </header>
  );
}

/** On phones the side menu folds away; with JavaScript it folds again after each page change. */
function SideMenuToggle() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const toggle = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (toggle.current) toggle.current.checked = false;
  }, [pathname]);
  return <FoldToggle id="side-menu-toggle" controls="side-menu-entries" label={t('menu.toggle')} inputRef={toggle} />;
}

function SideMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const config = useTenant();
  const version = useAppVersion();
  const entries = sideMenuEntries(config.sideMenuDisplay, user);
  const current = currentMenuEntry(entries, useLocation().pathname);
  return (
    <nav className="side-menu" aria-label={t('menu.main')}>
      <SideMenuToggle />
      <ul id="side-menu-entries">
        {entries.map((entry) => (
          <li key={entry.to}>
            <Link to={entry.to} prefetch="intent" aria-current={entry === current ? 'page' : undefined}>
              {t(entry.labelKey)}
            </Link>
          </li>
        ))}
      </ul>
      <p className="side-menu__version" title={t('app.version', { version })}>
        v{version}
      </p>
    </nav>
  );
}
