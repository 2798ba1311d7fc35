import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from '@remix-run/react';
import { useTranslation } from '~/i18n/light-react-i18next';
import type { RootData } from '~/root';

/** 'This site is no longer available…': all a deactivated tenant's site shows. */
export function Deactivated({ siteTitle, tenantName }: { siteTitle: string; tenantName: string }) {
  const { t } = useTranslation();
  return (
    <main className="deactivated" id="main">
      <h1>{siteTitle}</h1>
      <p role="alert">{t('app.deactivated', { tenantName })}</p>
    </main>
  );
}

/**
 * The page a thrown error or refusal shows: the error boundary of the root, of the signed-in layout
 * and of each page outside it. Below the root, an error leaves the root's document in place and its
 * data read: when the root's boundary takes an error, its loader is not run (no theme, language or
 * title), and with scripts React makes the document's elements again, whose new theme <style> the
 * browser refuses (it has no nonce in the browser, under the CSP).
 */
export function ErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const root = useRouteLoaderData<RootData>('root');
  // A loader or action below refused because the tenant is deactivated: the site says only that.
  if (root?.config.deactivated)
    return <Deactivated siteTitle={root.config.siteTitle} tenantName={root.config.tenantName} />;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A refused request (bad form, unknown action, too large) says why; its key comes from our own actions.
  const refusal =
    isRouteErrorResponse(error) && error.status < 500 && typeof error.data?.message === 'string'
      ? String(error.data.message)
      : null;
  return (
    <main className="error-page" id="main">
      <h1>{notFound ? t('app.notFound') : refusal ? t('app.refused') : t('app.somethingWrong')}</h1>
      {notFound ? <p>{t('app.notFoundText')}</p> : null}
      {refusal ? <p role="alert">{t(refusal, { defaultValue: t('errors.badRequest') })}</p> : null}
      <p>
        <a href="/stock">{t('app.backHome')}</a>
      </p>
    </main>
  );
}
