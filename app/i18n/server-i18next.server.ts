import { createInstance, type LightI18n } from './light-i18next';

const instances = new WeakMap<Readonly<Record<string, string>>, LightI18n>();

/**
 * One initialised i18n per texts object (one language each), shared by every request that
 * renders with those texts. Nothing may change it per request: no changeLanguage, no addResources
 * (the language is fixed by the texts; `useChangeLanguage` acts in an effect, browser only).
 */
export function serverI18next(language: string, texts: Readonly<Record<string, string>>): LightI18n {
  let instance = instances.get(texts);
  if (!instance) {
    instance = createInstance();
    // With the resources given, init has set the texts before it returns.
    void instance.init({ lng: language, resources: { [language]: { common: texts } } });
    instances.set(texts, instance);
  }
  return instance;
}
