/**
 * The browser loads the texts by parts: a key's part is what it starts with, before its first dot
 * ("stock.title" is in part "stock"). A page's script holds the parts its server render used; a
 * route or dialog names the parts it needs (`useTexts`), so a client-side navigation waits for them.
 */
export const TEXTS_PATH_PREFIX = '/i18n/';

/** A part's name: a letter, then letters and digits. */
export const PART_NAME = /^[a-z][a-zA-Z0-9]*$/;

/** Every page's script holds these: what the shell shows without a server render first (loading, refusals, toasts). */
export const SHELL_PARTS: readonly string[] = ['app', 'errors', 'toast', 'validation'];

/**
 * Refusals only one feature's pages can get: in a part of their own, so that every page's shell
 * 'errors' part holds only the refusals any page can show. The feature's routes name these parts.
 */
const FEATURE_ERRORS: readonly (readonly [codePrefix: string, part: string])[] = [
  ['import', 'importErrors'],
  ['quickOrder', 'importErrors'],
  ['return', 'returnErrors'],
  ['unknownReason', 'returnErrors'],
  ['noUnits', 'returnErrors'],
  ['tooManyUnits', 'returnErrors'],
];

export function partOfKey(key: string): string {
  const dot = key.indexOf('.');
  if (dot <= 0) return '';
  const part = key.slice(0, dot);
  return part === 'errors' ? (FEATURE_ERRORS.find(([code]) => key.startsWith(code, dot + 1))?.[1] ?? part) : part;
}

/** `/i18n/<language>.<version>.`: where the scripts of one catalogue start; the parts and `.js` follow. */
export function textsPrefix(language: string, version: string): string {
  return `${TEXTS_PATH_PREFIX}${language}.${version}.`;
}

/** The parts' canonical order and spelling in a script's name: sorted, each once, joined by '-'. */
export function partsInName(parts: Iterable<string>): string {
  return [...new Set(parts)].sort().join('-');
}

/** The prefix and parts of a texts script's URL (as `textsPrefix` and `partsInName` made it), or null. */
export function parseTextsSrc(src: string): { language: string; prefix: string; parts: string[] } | null {
  const match = /^(\/i18n\/([a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?)\.[0-9a-f]{16}\.)([a-zA-Z0-9-]+)\.js$/.exec(src);
  return match ? { language: match[2]!, prefix: match[1]!, parts: match[3]!.split('-') } : null;
}
