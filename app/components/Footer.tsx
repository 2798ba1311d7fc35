import { useTranslation } from '~/i18n/light-react-i18next';
import { useTenant } from './use-tenant';

export function Footer() {
  const { t } = useTranslation();
  const config = useTenant();
  return (
    <footer className="site-footer">
      <p>{config.businessCopyrights}</p>
      {config.footer_links.length ? (
        <nav aria-label={t('footer.label')}>
          <ul>
            {config.footer_links.map((link) => (
              <li key={link.url}>
                <a href={link.url} target="_blank" rel="noopener noreferrer">
                  {link.i18nKey ? t(link.i18nKey, { defaultValue: link.label }) : link.label}
                  <span className="visually-hidden"> {t('footer.newTab')}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </footer>
  );
}
