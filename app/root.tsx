import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react';
import { useEffect } from 'react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { TextsScript, useTextsSource } from './i18n/texts-script';
import appStyles from '../styles/app.css?url';
import { getTenantConfig } from './.server/api/settings';
import { readToast } from './.server/toast';
import { useNonce } from './components/nonce';
import { pageTitles } from './components/page-title';
import { Snackbar } from './components/Snackbar';
import { TenantWidgets } from './components/TenantChrome';
import { safeStyleText, themeCss } from './domain/theme';
import { requestTimeZone } from './.server/time-zone';
import { useBrowserTimeZone } from './components/use-date-time';
import { cataloguePrefix, tenantTexts } from './i18n/catalogue.server';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: appStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The terms of sale are the terms page's own data, not every page's.
  const { termsOfSale: _terms, ...config } = await getTenantConfig(context);
  const texts = await tenantTexts(context, config.language);
  const { toast, setCookie } = await readToast(request);
  return data(
    {
      config,
      locale: config.language,
      /** The zone every time on the page is shown in (time-zone.ts). */
      timeZone: requestTimeZone(request, config.timeZone),
      // The texts themselves are scripts cached for good (app/routes/i18n.$file.ts), not page data.
      textsPrefix: cataloguePrefix(config.language, texts),
      titles: pageTitles(texts),
      toast,
      appVersion: APP_VERSION,
    },
    // A deactivated site answers every page with 503 (the app has stopped).
    { status: config.deactivated ? 503 : 200, headers: setCookie ? { 'Set-Cookie': setCookie } : {} },
  );
}

export type RootData = typeof loader;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.config.siteTitle ?? 'Buyer Portal' }];

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const nonce = useNonce();
  const config = data?.config;
  // Hydrated, whatever the page (an error page too): what works only with scripts may look it (CSS
  // under `.scripted`) without rendering again.
  useEffect(() => document.documentElement.classList.add('scripted'), []);
  return (
    <html lang={data?.locale ?? 'en'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href={config?.favicon ?? '/favicon.svg'} />
        {/* Before the first paint: what looks different with scripts (the floating snackbar) starts so. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: "document.documentElement.classList.add('js')" }} />
        <Meta />
        <Links />
        {config ? (
          <style
            nonce={nonce}
            dangerouslySetInnerHTML={{ __html: themeCss(config.theme) + safeStyleText(config.custom_css) }}
          />
        ) : null}
      </head>
      <body>
        {children}
        {/* After the page, whose render has named the parts of the texts it shows. */}
        {data?.textsPrefix ? <TextsScript prefix={data.textsPrefix} nonce={nonce} /> : null}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {config && !config.deactivated ? <TenantWidgets config={config} /> : null}
      </body>
    </html>
  );
}

export default function App() {
  const { config, locale, textsPrefix, toast, timeZone } = useLoaderData<typeof loader>();
  useTextsSource(locale, textsPrefix);
  useBrowserTimeZone(timeZone);
  if (config.deactivated) return <Deactivated siteTitle={config.siteTitle} tenantName={config.tenantName} />;
  return (
    <>
      <Snackbar toast={toast} />
      <Outlet />
    </>
  );
}

/** 'This site is no longer available…': all a deactivated tenant's site shows. */
function Deactivated({ siteTitle, tenantName }: { siteTitle: string; tenantName: string }) {
  const { t } = useTranslation();
  return (
    <main className="deactivated" id="main">
      <h1>{siteTitle}</h1>
      <p role="alert">{t('app.deactivated', { tenantName })}</p>
    </main>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const root = useRouteLoaderData<typeof loader>('root');
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
