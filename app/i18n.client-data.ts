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
 * for good, so this import waits for no request of its own), in the language its address names, or
 * the English shell texts when the page has none (an error page without root data: the full
 * catalogues stay out of the browser bundle). The script, not the root loader's data: under single
 * fetch that data reaches the browser in a stream React reads only once the page hydrates.
 */
export async function browserI18nData(scriptSrc: string | null | undefined, load = importTexts): Promise<I18nData> {
  const parsed = scriptSrc ? parseTextsSrc(scriptSrc) : null;
  if (!parsed) return shellI18nData();
  const { language, prefix, parts } = parsed;
  return { locale: language, translations: await load(scriptSrc!), source: { prefix, parts } };
}
