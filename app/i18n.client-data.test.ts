import { describe, expect, it } from 'vitest';
import { browserI18nData, rootLocale } from './i18n.client-data';
import { parseTextsSrc } from './i18n/text-parts';
import { enShell } from './locales/en-shell';

describe('the texts a page hydrates with', () => {
  it('are the English shell texts when the root loader failed (no root data) or the page has no texts script', async () => {
    expect(rootLocale(undefined)).toBeNull();
    expect(rootLocale({ config: {} })).toBeNull();
    expect(await browserI18nData(null)).toEqual({ locale: 'en', translations: enShell });
    expect(await browserI18nData('/somewhere/else.js')).toEqual({ locale: 'en', translations: enShell });
  });

  it('are the script the server put in the page otherwise, in its language, with where the other parts are', async () => {
    const src = '/i18n/fr.0123456789abcdef.app-pageTitle.js';
    expect(rootLocale({ config: {}, locale: 'fr', textsPrefix: '/i18n/fr.0123456789abcdef.', titles: {} })).toBe('fr');
    const loaded: string[] = [];
    const data = await browserI18nData(src, async (url) => (loaded.push(url), { 'pageTitle.cart': 'Panier' }));
    expect(loaded).toEqual([src]);
    expect(data).toEqual({
      locale: 'fr',
      translations: { 'pageTitle.cart': 'Panier' },
      source: { prefix: '/i18n/fr.0123456789abcdef.', parts: ['app', 'pageTitle'] },
    });
  });
});

describe('a texts script’s address', () => {
  it('names any language a locale can have: two or three letters, with a region or not', () => {
    for (const language of ['de', 'fil', 'pt-BR']) {
      expect(parseTextsSrc(`/i18n/${language}.0123456789abcdef.app-stock.js`), language).toEqual({
        language,
        prefix: `/i18n/${language}.0123456789abcdef.`,
        parts: ['app', 'stock'],
      });
    }
    for (const src of [
      '/i18n/D.0123456789abcdef.app.js',
      '/i18n/../x.0123456789abcdef.app.js',
      '/i18n/de/x.0123456789abcdef.app.js',
    ])
      expect(parseTextsSrc(src), src).toBeNull();
  });
});
