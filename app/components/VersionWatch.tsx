import { useEffect, useState } from 'react';
import { useTranslation } from '~/i18n/light-react-i18next';

const EVERY_MS = 5 * 60_000;

/**
 * Scripts only: asks a signed-in buyer to refresh when the server runs a newer build than the page
 * was loaded from (spec 1 §4, spec 2 §2). Checked every five minutes and when the tab comes back.
 */
export function VersionWatch() {
  const { t } = useTranslation();
  const [newer, setNewer] = useState(false);
  useEffect(() => {
    const check = async () => {
      try {
        const response = await fetch('/healthz', { cache: 'no-store' });
        const { version } = (await response.json()) as { version?: string };
        if (version && version !== APP_VERSION) setNewer(true);
      } catch {
        // offline or restarting: ask again later
      }
    };
    const onVisible = () => document.visibilityState === 'visible' && void check();
    const timer = setInterval(check, EVERY_MS);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
  if (!newer) return null;
  return (
    <div className="version-prompt" role="alert">
      <p>{t('app.newVersion')}</p>
      <button type="button" className="button button--primary button--small" onClick={() => window.location.reload()}>
        {t('app.refresh')}
      </button>
    </div>
  );
}
