import { en, type Translations } from './en';
import { fr } from './fr';

export const LOCALES: Record<string, Translations> = { en, fr };
export const SUPPORTED_LANGUAGES = Object.keys(LOCALES);
export const FALLBACK_LANGUAGE = 'en';

export const i18nOptions = {
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: SUPPORTED_LANGUAGES,
  defaultNS: 'common',
  ns: ['common'],
  keySeparator: false as const,
  nsSeparator: false as const,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
};

/** The texts of one language with the tenant's labels laid over them. */
export function translationsFor(language: string, tenantLabels: Record<string, string>): Record<string, string> {
  const base = LOCALES[language] ?? LOCALES[FALLBACK_LANGUAGE]!;
  return { ...base, ...tenantLabels };
}
