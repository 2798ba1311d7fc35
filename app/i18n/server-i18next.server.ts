import { createInstance, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { i18nOptions } from '~/locales';

const instances = new WeakMap<Readonly<Record<string, string>>, i18n>();

/**
 * One initialised i18next per texts object (one language each), shared by every request that
 * renders with those texts. Nothing may change it per request: no changeLanguage, no addResources
 * (the language is fixed by the texts; `useChangeLanguage` acts in an effect, browser only).
 */
export function serverI18next(language: string, texts: Readonly<Record<string, string>>): i18n {
  let instance = instances.get(texts);
  if (!instance) {
    instance = createInstance();
    // With the resources given and initImmediate off, init completes before it returns.
    void instance
      .use(initReactI18next)
      .init({ ...i18nOptions, lng: language, resources: { [language]: { common: texts } }, initImmediate: false });
    instances.set(texts, instance);
  }
  return instance;
}
