import { useEffect } from 'react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { partsInName, SHELL_PARTS } from './text-parts';

interface Recording {
  usedParts?: Set<string>;
  switchTo?: (language: string, prefix: string) => Promise<void>;
}

/** In the browser: the texts script the server named (entry.client reads it before hydrating). */
let renderedSrc: string | undefined;

/** The texts script in the page, read once in the browser before hydrating. */
export function textsScriptInPage(): HTMLScriptElement | null {
  const script = document.querySelector<HTMLScriptElement>('script[data-texts]');
  renderedSrc = script?.getAttribute('src') ?? undefined;
  return script;
}

/**
 * The script of the texts this page shows: on the server, the parts its render used (rendered after
 * the page, so all of them are known) and the shell's; in the browser, the one the server named.
 * It loads only with scripts on (unlike a modulepreload link); entry.client imports it before hydrating.
 */
export function TextsScript({ prefix, nonce }: { prefix: string; nonce?: string }) {
  const { i18n } = useTranslation();
  const used = (i18n as Recording).usedParts;
  const src = used ? `${prefix}${partsInName([...SHELL_PARTS, ...[...used].filter(Boolean)])}.js` : renderedSrc;
  return src ? <script type="module" src={src} nonce={nonce} data-texts="" /> : null;
}

/** Follows the language and labels the root loader names (a tenant can change them between visits). */
export function useTextsSource(language: string, prefix: string) {
  const { i18n } = useTranslation();
  useEffect(() => {
    (i18n as Recording).switchTo?.(language, prefix).catch(() => window.location.reload());
  }, [i18n, language, prefix]);
}
