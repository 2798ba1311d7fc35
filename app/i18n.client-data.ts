import { enShell } from './locales/en-shell';

export const FALLBACK_LANGUAGE = 'en';

/** What the root loader says of the texts: their language and the URL of the script that holds them. */
export interface RootI18n {
  locale: string;
  translationsSrc: string;
}

export interface I18nData {
  locale: string;
  translations: Readonly<Record<string, string>>;
}

/** The English texts of the shell and error pages: all there is when the root loader failed. */
export const shellI18nData: I18nData = { locale: FALLBACK_LANGUAGE, translations: enShell };

/** The root loader's word on the texts, or null when it failed (an error page without root data). */
export function rootI18n(rootData: unknown): RootI18n | null {
  const data = rootData as Partial<RootI18n> | undefined;
  return data?.locale && data.translationsSrc ? { locale: data.locale, translationsSrc: data.translationsSrc } : null;
}

/**
 * The browser's texts: the script the root loader named (the page's head loads it as a module, and
 * it is cached for good, so this import waits for no request of its own), or the English shell texts
 * without root data (the full catalogues stay out of the browser bundle).
 */
export async function browserI18nData(rootData: unknown): Promise<I18nData> {
  const root = rootI18n(rootData);
  if (!root) return shellI18nData;
  const script = (await import(/* @vite-ignore */ root.translationsSrc)) as { default: Record<string, string> };
  return { locale: root.locale, translations: script.default };
}
