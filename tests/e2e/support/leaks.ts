import type { Page } from '@playwright/test';

/**
 * The words a page shows that are not in the pseudo-locale (app/locales/pseudo.ts swaps every ASCII
 * letter): a word of two or more plain letters is a text that did not come through the language's
 * texts — the portal's, the marketplace's or the tenant's. Left out: what is data in any language
 * (product names and attribute values, people, companies and addresses, given as `dataWords`; codes
 * and numbers, e-mail addresses and URLs) and the month and day names Intl writes for the language's
 * region. A short capitalised word counts as a code, so an untranslated "OK" would pass.
 */
export async function untranslatedWords(page: Page, dataWords: ReadonlySet<string>): Promise<string[]> {
  const shown = await page.evaluate(() => {
    const texts = [document.title, document.body.innerText];
    // What a person reads that innerText leaves out: button values, field hints and a list's choices (innerText has the chosen one only).
    for (const el of document.querySelectorAll<HTMLInputElement>(
      'input[type=submit], input[type=button], input[placeholder], textarea[placeholder]',
    )) {
      if (el.offsetParent !== null)
        texts.push(el.type === 'submit' || el.type === 'button' ? el.value : el.placeholder);
    }
    for (const select of document.querySelectorAll('select')) {
      if (select.offsetParent !== null) texts.push(...[...select.options].map((option) => option.text));
    }
    return texts.join('\n');
  });
  const leaks = new Set<string>();
  for (const chunk of shown.split(/\s+/)) {
    // Codes, amounts, dates, addresses, an order number broken before its last part: data, whatever the language.
    if (/[\d@/]|:\/\//.test(chunk) || /^[A-Z]+-[A-Z-]*$/.test(chunk)) continue;
    for (const word of chunk.match(/[A-Za-z][A-Za-z'’]*[A-Za-z]/g) ?? []) {
      // A short capitalised code (a state, a warehouse, a currency, UTC) is data too.
      if (/^[A-Z]{2,4}$/.test(word)) continue;
      if (!dataWords.has(word.toLowerCase()) && !INTL_WORDS.has(word.toLowerCase())) leaks.add(word);
    }
  }
  return [...leaks];
}

/** Month and day names as Intl writes them in English (the pseudo-locale's region). */
const INTL_WORDS = new Set(
  [
    ...Array.from({ length: 12 }, (_, m) => new Date(Date.UTC(2026, m, 15))).flatMap((d) => [
      d.toLocaleString('en', { month: 'long', timeZone: 'UTC' }),
      d.toLocaleString('en', { month: 'short', timeZone: 'UTC' }),
    ]),
    ...Array.from({ length: 7 }, (_, i) => new Date(Date.UTC(2026, 10, 22 + i))).flatMap((d) => [
      d.toLocaleString('en', { weekday: 'long', timeZone: 'UTC' }),
      d.toLocaleString('en', { weekday: 'short', timeZone: 'UTC' }),
    ]),
    'AM',
    'PM',
  ].map((word) => word.toLowerCase()),
);

/** Every word of the strings given (product names, attribute values...), lowered: the data a walk allows. */
export function wordsOf(values: Iterable<unknown>): Set<string> {
  const words = new Set<string>();
  for (const value of values) {
    if (typeof value !== 'string') continue;
    for (const word of value.match(/[A-Za-z][A-Za-z'’]*[A-Za-z]/g) ?? []) words.add(word.toLowerCase());
  }
  return words;
}
