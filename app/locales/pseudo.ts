/**
 * A test-only language (PSEUDO_LOCALE=on): every English text with each letter swapped for an
 * accented one and wrapped in brackets, "[Šţöçķ Ļîšţ]". A page in it that shows a plain ASCII
 * word shows a text that did not come through the language's texts (tests/e2e/pseudo-locale.spec.ts).
 */
export const PSEUDO_LANGUAGE = 'en-XA';

const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTED = 'åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ';
const SWAP = new Map([...PLAIN].map((letter, i) => [letter, [...ACCENTED][i]!]));

/** What stays as it is: placeholders, nested keys, markup and addresses. */
const KEPT = /({{[^}]*}}|\$t\([^)]*\)|<[^>]*>|https?:\/\/\S+|[\w.+-]+@[\w-]+\.[\w.]+)/;

export function pseudoText(text: string): string {
  const swapped = text
    .split(KEPT)
    .map((piece, i) => (i % 2 === 1 ? piece : [...piece].map((c) => SWAP.get(c) ?? c).join('')))
    .join('');
  return `[${swapped}]`;
}

export function pseudoTexts<T extends Record<string, string>>(texts: T): T {
  return Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, pseudoText(text)])) as T;
}

/** The test-only language is on for this process. */
export function pseudoLocaleOn(): boolean {
  return process.env.PSEUDO_LOCALE === 'on';
}
