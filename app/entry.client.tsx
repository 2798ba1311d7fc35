import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { browserI18nData, importTexts } from './i18n.client-data';
import i18next from './i18n/light-i18next';
import { I18nextProvider } from './i18n/light-react-i18next';
import { textsScriptInPage } from './i18n/texts-script';

async function hydrate() {
  const { locale, translations, source } = await browserI18nData(textsScriptInPage()?.getAttribute('src'));
  await i18next.init({ lng: locale, resources: { [locale]: { common: translations } } });
  // The other parts of the texts load when a page asks for them.
  if (source) i18next.loadFrom(source.prefix, source.parts, importTexts);
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
