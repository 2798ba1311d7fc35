/** What the pages need of react-i18next (see light-i18next.ts): a provider and useTranslation. */
import { createContext, useContext, type ReactNode } from 'react';
import i18next, { type LightI18n } from './light-i18next';

const I18nContext = createContext<LightI18n>(i18next);

export const initReactI18next = { type: '3rdParty' as const, init() {} };

export function I18nextProvider({ i18n, children }: { i18n: LightI18n; children?: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

export function useTranslation() {
  const i18n = useContext(I18nContext);
  return { t: i18n.t, i18n, ready: true };
}
