import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES } from './languages';

/** i18next's options, server and browser alike (this module holds no texts). */
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
