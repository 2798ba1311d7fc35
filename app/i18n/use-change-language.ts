import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Follows the language the root loader names (a tenant's language can change between visits). */
export function useChangeLanguage(locale: string) {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
  }, [locale, i18n]);
}
