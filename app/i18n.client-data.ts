import { parseTextsSrc } from './i18n/text-parts';

export const FALLBACK_LANGUAGE = 'en';

export interface I18nData {
  locale: string;
  translations: Readonly<Record<string, string>>;
  /** Where the other parts of these texts are (`/i18n/<language>.<version>.`), and the parts these hold. */
  source?: { prefix: string; parts: string[] };
}

/** The English texts of the shell and error pages: all there is when the root loader failed (loaded only then). */
export async function shellI18nData(): Promise<I18nData> {
  return { locale: FALLBACK_LANGUAGE, translations: (await import('./locales/en-shell')).enShell };
}

/** The root loader's language, or null when it failed (an error page without root data). */
export function rootLocale(rootData: unknown): string | null {
  const data = rootData as { locale?: string; textsPrefix?: string } | undefined;
  return data?.locale && data.textsPrefix ? data.locale : null;
}

export async function importTexts(src: string): Promise<Record<string, string>> {
  return ((await import(/* @vite-ignore */ src)) as { default: Record<string, string> }).default;
}

/**
 * The browser's texts: the script the server put in the page (it is a module script there too, cached
 * for good, so this import waits for no request of its own), or the English shell texts without
 * root data (the full catalogues stay out of the browser bundle).
 */
export async function browserI18nData(
  rootData: unknown,
  scriptSrc: string | null | undefined,
  load = importTexts,
): Promise<I18nData> {
  const locale = rootLocale(rootData);
  const source = scriptSrc ? parseTextsSrc(scriptSrc) : null;
  if (!locale || !source) return shellI18nData();
  return { locale, translations: await load(scriptSrc!), source };
}
