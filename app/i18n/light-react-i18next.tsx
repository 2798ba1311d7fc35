/** The texts in React (see light-i18next.ts): a provider and useTranslation, as react-i18next names them. */
import { createContext, useCallback, useContext, useSyncExternalStore, type ReactNode } from 'react';
import i18next, { type LightI18n } from './light-i18next';

const I18nContext = createContext<LightI18n>(i18next);

export function I18nextProvider({ i18n, children }: { i18n: LightI18n; children?: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

/** The texts, and a render again whenever they change (a part came, another language). */
export function useTranslation() {
  const i18n = useContext(I18nContext);
  const subscribe = useCallback(
    (listener: () => void) => {
      i18n.on('changed', listener);
      return () => i18n.off('changed', listener);
    },
    [i18n],
  );
  const revision = () => i18n.revision;
  useSyncExternalStore(subscribe, revision, revision);
  return { t: i18n.t, i18n, ready: true };
}
