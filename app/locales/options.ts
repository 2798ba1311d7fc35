import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES } from './languages';

/** i18next's options for the marketplace's e-mails and spreadsheets (this module holds no texts; the pages use light-i18next, decision 004). */
export const i18nOptions = {
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: SUPPORTED_LANGUAGES,
  defaultNS: 'common',
  ns: ['common'],
  keySeparator: false as const,
  nsSeparator: false as const,
  interpolation: { escapeValue: false },
};
