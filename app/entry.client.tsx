import { RemixBrowser } from '@remix-run/react';
import i18next from 'i18next';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { browserI18nData, importTexts } from './i18n.client-data';
import type { LightI18n } from './i18n/light-i18next';
import { textsScriptInPage } from './i18n/texts-script';
import { i18nOptions } from './locales/options';

async function hydrate() {
  const { locale, translations, source } = await browserI18nData(textsScriptInPage()?.getAttribute('src'));
  await i18next
    .use(initReactI18next)
    .init({ ...i18nOptions, lng: locale, resources: { [locale]: { common: translations } } });
  // The build's i18next is light-i18next: the other parts of the texts load when a page asks for them.
  if (source) (i18next as unknown as LightI18n).loadFrom(source.prefix, source.parts, importTexts);
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
