/** The texts in React (see light-i18next.ts): a provider and useTranslation, as react-i18next names them. */
import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';
import i18next, { type LightI18n } from './light-i18next';

const I18nContext = createContext<LightI18n>(i18next);

export function I18nextProvider({ i18n, children }: { i18n: LightI18n; children?: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

/**
 * The texts, and a render again whenever they change (a part came, another language). That render
 * is a transition, not useSyncExternalStore's synchronous one: a part may come while a Suspense
 * boundary the server rendered is still hydrating (a dialog whose code is loading), and a
 * synchronous update there makes React drop the server's markup, and what the buyer typed in it,
 * for a render of its own (React's error 421). A transition waits for the boundary to hydrate.
 */
export function useTranslation() {
  const i18n = useContext(I18nContext);
  const [rendered, setRendered] = useState(i18n.revision);
  useEffect(() => {
    const renderAgain = () => startTransition(() => setRendered(i18n.revision));
    i18n.on('changed', renderAgain);
    // The texts changed between the first render and this subscription.
    if (i18n.revision !== rendered) renderAgain();
    return () => i18n.off('changed', renderAgain);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- compared once, with the first render's revision
  }, [i18n]);
  return { t: i18n.t, i18n, ready: true };
}
