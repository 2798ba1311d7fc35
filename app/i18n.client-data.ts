import { FALLBACK_LANGUAGE, LOCALES } from './locales';

export interface I18nData {
  locale: string;
  translations: Record<string, string>;
}

/** The root loader sends the merged texts; without them (a failed root loader) English is used. */
export function i18nDataFrom(rootData: unknown): I18nData {
  const data = rootData as Partial<I18nData> | undefined;
  if (data?.locale && data.translations) return { locale: data.locale, translations: data.translations };
  return { locale: FALLBACK_LANGUAGE, translations: LOCALES[FALLBACK_LANGUAGE]! };
}
