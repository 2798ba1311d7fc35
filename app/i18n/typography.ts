/**
 * Typography per language, applied once to a language's texts (the portal's, the marketplace's
 * e-mails' and the tenant's labels), so that no text file has to carry invisible characters.
 * French: a no-break space before a colon, a narrow no-break space before ; ? ! and inside « »
 * (Imprimerie nationale); a space typed there becomes one, a missing one is added. An apostrophe
 * typed straight between letters becomes the typographic one (l'offre → l’offre), as most texts
 * already have it.
 */
const NBSP = '\u00a0';
const NNBSP = '\u202f';

type Rule = [pattern: RegExp, replacement: string];

const RULES: Record<string, Rule[]> = {
  fr: [
    [/(?<=\p{L})'(?=[\p{L}{])/gu, '\u2019'],
    // Only a colon followed by a space or the end: one in a URL, a time (12:30) or between placeholders stays.
    [/(?<=[^\s])[ \u00a0\u202f]?:(?=\s|$)/gu, `${NBSP}:`],
    [/(?<=[^\s])[ \u00a0\u202f]?([;?!])(?=\s|$|["'’»)])/gu, `${NNBSP}$1`],
    [/(?<=\d)[ \u00a0]%/gu, `${NNBSP}%`],
    [/«[ \u00a0\u202f]?/gu, `«${NNBSP}`],
    [/[ \u00a0\u202f]?»/gu, `${NNBSP}»`],
  ],
};

const FRENCH_VOWEL = 'AEIOUaeiouÀÂÆÉÈÊËÎÏÔŒÙÛÜàâæéèêëîïôœùûü';
/** "de" before a word of two letters or more that starts with a vowel (not h, not y, not a lone letter: "de A à Z"). */
const FRENCH_DE_BEFORE_VOWEL = new RegExp(`(?<![\\p{L}\\p{N}])([Dd])e (?=[${FRENCH_VOWEL}]\\p{L})`, 'gu');

/**
 * A text once its placeholders are filled, as the language sets it: French elides "de" before a
 * vowel (« Historique d’iPhone 11 », « Menu du compte d’Alex »), which a text cannot say before it knows the
 * name it gets. Texts as written already elide, so only a filled name changes anything.
 */
export function typesetFilled(language: string, text: string): string {
  return language === 'fr' ? text.replace(FRENCH_DE_BEFORE_VOWEL, '$1\u2019') : text;
}

/** The text as the language sets it. */
export function typeset(language: string, text: string): string {
  const rules = RULES[language];
  if (!rules) return text;
  return rules.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

/** Every text of a language's dictionary, typeset (the same object when the language has no rules). */
export function typesetTexts<T extends Record<string, string>>(language: string, texts: T): T {
  if (!RULES[language]) return texts;
  return Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, typeset(language, text)])) as T;
}
