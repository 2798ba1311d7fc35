import { useTranslation } from '~/i18n/light-react-i18next';

interface PartsAware {
  partsReady?: (parts: readonly string[]) => Promise<void> | null;
}

/**
 * Names the parts of the texts (text-parts.ts) a route or dialog shows. In the browser the render
 * waits for any not loaded yet: a navigation keeps the page it leaves until they come. The server
 * render notes them for the page's texts script. (i18next itself, in unit tests, has every text.)
 */
export function useTexts(...parts: string[]) {
  const { i18n } = useTranslation();
  const waiting = (i18n as PartsAware).partsReady?.(parts);
  if (waiting) throw waiting;
}
