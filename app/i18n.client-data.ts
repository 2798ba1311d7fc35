import { enShell } from './locales/en-shell';

const FALLBACK_LANGUAGE = 'en';

export interface I18nData {
  locale: string;
  translations: Record<string, string>;
}

/**
 * The root loader sends the merged texts; without them (a failed root loader) the English texts of
 * the shell and error pages are used (the full catalogues stay out of the browser bundle).
 */
export function i18nDataFrom(rootData: unknown): I18nData {
  const data = rootData as Partial<I18nData> | undefined;
  if (data?.locale && data.translations) return { locale: data.locale, translations: data.translations };
  return { locale: FALLBACK_LANGUAGE, translations: enShell };
}
