import { createInstance } from 'i18next';
import type { TenantConfig } from '../../app/domain/tenant-config';
import { FALLBACK_LANGUAGE, i18nOptions, LOCALES } from '../../app/locales';
import type { TranslationKey } from '../../app/locales/en';
import { typesetFilled, typesetTexts } from '../../app/i18n/typography';
import { numberText } from '../../app/domain/intl';
import { PSEUDO_LANGUAGE, pseudoLocaleOn, pseudoTexts } from '../../app/locales/pseudo';
import { mailEn, type MailKey, type MailTexts } from './locales/en';
import { mailDe } from './locales/de';
import { mailFr } from './locales/fr';

export const MAIL_LOCALES: Record<string, MailTexts> = {
  en: mailEn,
  fr: mailFr,
  de: mailDe,
  ...(pseudoLocaleOn() ? { [PSEUDO_LANGUAGE]: pseudoTexts(mailEn) } : {}),
};

/** A text of the marketplace's own or of the portal's, with its placeholders. */
export type Translate = (key: MailKey | TranslationKey, values?: Record<string, string | number>) => string;

/**
 * The plural forms a language may have beyond those the texts write out. Not "zero": i18next asks
 * for `_zero` first whenever the count is 0, where French says "one".
 */
const SPARE_FORMS = ['two', 'few', 'many'] as const;

/**
 * Each text with plural forms given its "other" for the forms it does not write out: i18next shows
 * the key itself for French's "many" (a million, two million), as the pages' i18n does not.
 */
function withOtherForMissingForms(texts: Record<string, string>): Record<string, string> {
  const filled = { ...texts };
  for (const [key, text] of Object.entries(texts)) {
    if (!key.endsWith('_other')) continue;
    const base = key.slice(0, -'_other'.length);
    for (const form of SPARE_FORMS) filled[`${base}_${form}`] ??= text;
  }
  return filled;
}

/**
 * The marketplace's translator: i18next over the portal's locale files and the marketplace's own
 * texts, in the tenant's language, with the tenant's labels for that language laid over both
 * (as saas-i18n serves them to the portal). English fills any gap.
 */
export function createTranslator(config: Pick<TenantConfig, 'language' | 'labels'>): {
  language: string;
  t: Translate;
} {
  const language = config.language in LOCALES ? config.language : FALLBACK_LANGUAGE;
  const texts = (lang: string) =>
    withOtherForMissingForms(typesetTexts(lang, { ...LOCALES[lang], ...MAIL_LOCALES[lang], ...config.labels[lang] }));
  const i18n = createInstance();
  void i18n.init({
    ...i18nOptions,
    lng: language,
    // The tenant's language is known here (the test-only pseudo-locale too): i18next need not check it.
    supportedLngs: [language, FALLBACK_LANGUAGE],
    resources: { [language]: { common: texts(language) }, [FALLBACK_LANGUAGE]: { common: texts(FALLBACK_LANGUAGE) } },
    // Resources are given inline: initialise now, so the translator is ready when this returns.
    initImmediate: false,
  });
  const number = numberText(language);
  // Numbers as the pages write them (decision 052): i18next fills the text from `replace` and still
  // picks the plural form from the number `count`.
  const written = (values: Record<string, string | number>) =>
    Object.fromEntries(
      Object.entries(values).map(([name, value]) => [name, typeof value === 'number' ? number(value) : value]),
    );
  return {
    language,
    t: (key, values) =>
      values ? typesetFilled(language, i18n.t(key, { ...values, replace: written(values) })) : i18n.t(key),
  };
}
