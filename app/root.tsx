import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useRouteLoaderData } from '@remix-run/react';
import { useEffect } from 'react';
import { TextsScript, useTextsSource } from './i18n/texts-script';
import appStyles from '../styles/app.css?url';
import { getTenantConfig } from './.server/api/settings';
import { readToast } from './.server/toast';
import { useNonce } from './components/nonce';
import { pageTitles } from './components/page-title';
import { Snackbar } from './components/Snackbar';
import { Deactivated, ErrorPage } from './components/ErrorPage';
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

/** The error page of an error in the root itself; the signed-in layout and each page outside it have their own (ErrorPage). */
export { ErrorPage as ErrorBoundary };
