import { RemixBrowser } from '@remix-run/react';
import i18next from 'i18next';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { browserI18nData } from './i18n.client-data';
import { i18nOptions } from './locales/options';

declare global {
  interface Window {
    __remixContext: { state: { loaderData?: Record<string, unknown> } };
  }
}

async function hydrate() {
  const { locale, translations } = await browserI18nData(window.__remixContext.state.loaderData?.root);
  await i18next.use(initReactI18next).init({ ...i18nOptions, lng: locale, resources: { [locale]: { common: translations } } });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
