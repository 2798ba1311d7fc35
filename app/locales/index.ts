import { de } from './de';
import { en, type Translations } from './en';
import { fr } from './fr';
import { FALLBACK_LANGUAGE } from './languages';
import { typesetTexts } from '../i18n/typography';
import { PSEUDO_LANGUAGE, pseudoLocaleOn, pseudoTexts } from './pseudo';

/** Each language's texts as it sets them (French punctuation: app/i18n/typography.ts). */
export const LOCALES: Record<string, Translations> = {
  en,
  fr: typesetTexts('fr', fr),
  de,
  ...(pseudoLocaleOn() ? { [PSEUDO_LANGUAGE]: pseudoTexts(en) } : {}),
};

/** A language the portal has texts for (the pseudo-locale only where it is on). */
export function hasLocale(language: string): boolean {
  return Object.prototype.hasOwnProperty.call(LOCALES, language);
}
export { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES } from './languages';
export { i18nOptions } from './options';

/** Merged texts by the tenant's labels object (cached per config revision, so a new revision drops them). */
const merged = new WeakMap<Record<string, string>, Map<string, Readonly<Record<string, string>>>>();

/**
 * The texts of one language with the tenant's labels laid over. The same labels object gives the
 * same (frozen) texts object, which the server's i18next instances and translation scripts are keyed by.
 */
export function translationsFor(
  language: string,
  tenantLabels: Record<string, string>,
): Readonly<Record<string, string>> {
  let byLanguage = merged.get(tenantLabels);
  if (!byLanguage) merged.set(tenantLabels, (byLanguage = new Map()));
  let texts = byLanguage.get(language);
  if (!texts) {
    const base = LOCALES[language] ?? LOCALES[FALLBACK_LANGUAGE]!;
    byLanguage.set(language, (texts = Object.freeze({ ...base, ...typesetTexts(language, tenantLabels) })));
  }
  return texts;
}
