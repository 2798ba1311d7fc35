import { en, type Translations } from './en';
import { fr } from './fr';
import { FALLBACK_LANGUAGE } from './languages';

export const LOCALES: Record<string, Translations> = { en, fr };
export { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES } from './languages';
export { i18nOptions } from './options';

/** The texts of one language with the tenant's labels laid over them. */
export function translationsFor(language: string, tenantLabels: Record<string, string>): Record<string, string> {
  const base = LOCALES[language] ?? LOCALES[FALLBACK_LANGUAGE]!;
  return { ...base, ...tenantLabels };
}
