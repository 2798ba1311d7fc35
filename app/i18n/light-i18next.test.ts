import { describe, expect, it } from 'vitest';
import { LOCALES } from '~/locales';
import browser, { createInstance } from './light-i18next';
import { recordingView } from './render-recorder.server';
import { typesetFilled } from './typography';

/** A text with its placeholders filled from `values`, those without a value left as written. */
const filled = (text: string, values: Record<string, unknown>) =>
  text.replace(/{{\s*([^{}\s]+)\s*}}/g, (placeholder, name: string) =>
    values[name] === undefined ? placeholder : String(values[name]),
  );

describe('the pages’ i18n', () => {
  it.each(Object.keys(LOCALES))('gives every text of the catalogue, its placeholders filled (%s)', async (language) => {
    const texts: Readonly<Record<string, string>> = LOCALES[language]!;
    await browser.init({ lng: language, resources: { [language]: { common: texts } } });
    const values = { count: 1, name: 'Ann', quantity: '5+', tenantName: 'ACME' };
    for (const [key, text] of Object.entries(texts)) {
      expect(browser.exists(key), key).toBe(true);
      expect(browser.t(key), key).toBe(text);
      expect(browser.t(key, { defaultValue: 'fallback' }), key).toBe(text);
      // A count picks the key's plural form when it has one (`_one`, `_other`), else the key's own text.
      const counted = texts[`${key}_${new Intl.PluralRules(language).select(1)}`] ?? text;
      // French elides a "de" before a filled name that starts with a vowel ("d’Ann"): tested below.
      expect(browser.t(key, values), key).toBe(typesetFilled(language, filled(counted, values)));
    }
  });

  it('chooses plural forms by the language’s rules, fills spaced placeholders, and falls back to the key', async () => {
    const i18n = createInstance();
    const texts = {
      'x.plural_one': 'one {{count}}',
      'x.plural_other': '{{count}} many',
      'x.spaced': '{{ name }} and {{name}}, not {{ missing }}',
    };
    await i18n.init({ lng: 'en', resources: { en: { common: texts } } });
    expect(i18n.t('x.plural', { count: 1 })).toBe('one 1');
    expect(i18n.t('x.plural', { count: 0 })).toBe('0 many');
    expect(i18n.t('x.plural', { count: 3 })).toBe('3 many');
    expect(i18n.t('x.spaced', { name: 'Ann' })).toBe('Ann and Ann, not {{ missing }}');
    expect(i18n.t('no.such.key')).toBe('no.such.key');
    expect(i18n.t('no.such.key', { defaultValue: 'fallback' })).toBe('fallback');
    expect(i18n.exists('no.such.key')).toBe(false);
    expect(i18n.exists('x.plural')).toBe(false);
    await i18n.init({ lng: 'fr', resources: { fr: { common: texts } } });
    // French says "one" for 0 and 1.
    expect(i18n.t('x.plural', { count: 0 })).toBe('one 0');
    expect(i18n.t('x.plural', { count: 2 })).toBe('2 many');
    // A million is French's "many", which the texts do not write out: it reads as "other".
    expect(i18n.t('x.plural', { count: 1_000_000 })).toBe('1\u202f000\u202f000 many');
  });
});

describe('numbers in texts', () => {
  it.each([
    ['en', '1,519 units, 2,500.5 MB, row 1519'],
    ['fr', '1\u202f519 units, 2\u202f500,5 MB, row 1519'],
    ['de', '1.519 units, 2.500,5 MB, row 1519'],
  ])('are written as the language writes them, and text as it is (%s)', async (language, expected) => {
    const i18n = createInstance();
    await i18n.init({
      lng: language,
      resources: { [language]: { common: { x: '{{count}} units, {{mb}} MB, row {{row}}' } } },
    });
    expect(i18n.t('x', { count: 1519, mb: 2500.5, row: '1519' })).toBe(expected);
  });
});

describe('names filled into a French text', () => {
  it('elide the "de" before them when they start with a vowel, as French writes', async () => {
    const i18n = createInstance();
    const texts = { history: 'Historique de {{item}}', menu: 'Menu du compte de {{name}}', sort: 'Nom : de A à Z' };
    await i18n.init({ lng: 'fr', resources: { fr: { common: texts } } });
    expect(i18n.t('history', { item: 'iPhone 11' })).toBe('Historique d’iPhone 11');
    expect(i18n.t('history', { item: 'Galaxy S21' })).toBe('Historique de Galaxy S21');
    expect(i18n.t('history', { item: 'Huawei P30' })).toBe('Historique de Huawei P30');
    expect(i18n.t('menu', { name: 'Alex Morgan' })).toBe('Menu du compte d’Alex Morgan');
    expect(i18n.t('sort')).toBe('Nom : de A à Z');
    const english = createInstance();
    await english.init({ lng: 'en', resources: { en: { common: { x: 'de {{item}}' } } } });
    expect(english.t('x', { item: 'iPhone' })).toBe('de iPhone');
  });
});

describe('the browser i18n by parts', () => {
  const PREFIX = '/i18n/en.0123456789abcdef.';
  const CATALOGUE: Record<string, Record<string, string>> = {
    app: { 'app.loading': 'Loading...' },
    stock: { 'stock.title': 'Stock' },
    cart: { 'cart.title': 'Cart' },
    orders: { 'orders.title': 'Orders' },
  };

  function browserWith(parts: string[]) {
    const instance = createInstance();
    const requests: string[] = [];
    const load = async (url: string) => {
      requests.push(url);
      const names = url.slice(url.lastIndexOf('.', url.length - 4) + 1, -'.js'.length).split('-');
      if (names.some((name) => !CATALOGUE[name])) throw new Error('404');
      return Object.assign({}, ...names.map((name) => CATALOGUE[name]));
    };
    void instance.init({
      lng: 'en',
      resources: { en: { common: Object.assign({}, ...parts.map((part) => CATALOGUE[part])) } },
    });
    instance.loadFrom(PREFIX, parts, load);
    return { instance, requests };
  }

  it('answers at once for the parts it holds, and loads the others in one request, once', async () => {
    const { instance, requests } = browserWith(['app']);
    expect(instance.partsReady(['app'])).toBeNull();
    const waiting = instance.partsReady(['stock', 'cart', 'app']);
    expect(waiting).toBeInstanceOf(Promise);
    expect(instance.partsReady(['cart'])).toBeInstanceOf(Promise);
    const before = instance.revision;
    const t = instance.t;
    await waiting;
    expect(requests).toEqual([`${PREFIX}cart-stock.js`]);
    expect(instance.t('stock.title')).toBe('Stock');
    expect(instance.partsReady(['stock', 'cart'])).toBeNull();
    // Subscribers render again, and anything memoised on t is computed again.
    expect(instance.revision).toBeGreaterThan(before);
    expect(instance.t).not.toBe(t);
  });

  it('fetches the part of a key looked up before it came, and tells the subscribers', async () => {
    const { instance, requests } = browserWith(['app']);
    const changed = new Promise<void>((resolve) => instance.on('changed', resolve));
    expect(instance.t('orders.title')).toBe('orders.title');
    expect(instance.t('cart.title')).toBe('cart.title');
    await changed;
    expect(requests).toEqual([`${PREFIX}cart-orders.js`]);
    expect(instance.t('orders.title')).toBe('Orders');
  });

  it('does not wait on, or ask again for, a part the server does not have', async () => {
    const { instance, requests } = browserWith(['app']);
    await instance.partsReady(['nothing']);
    expect(instance.partsReady(['nothing'])).toBeNull();
    expect(instance.t('nothing.here')).toBe('nothing.here');
    await Promise.resolve();
    expect(requests).toEqual([`${PREFIX}nothing.js`]);
  });

  it('fetches the parts it holds again from a new prefix (other labels or language), then uses them', async () => {
    const { instance, requests } = browserWith(['app', 'stock']);
    await instance.switchTo('fr', '/i18n/fr.fedcba9876543210.');
    expect(requests).toEqual(['/i18n/fr.fedcba9876543210.app-stock.js']);
    expect(instance.language).toBe('fr');
    await instance.partsReady(['cart']);
    expect(requests.at(-1)).toBe('/i18n/fr.fedcba9876543210.cart.js');
  });

  it('notes, for one server render, the parts it used', () => {
    const server = createInstance();
    void server.init({ lng: 'en', resources: { en: { common: Object.assign({}, ...Object.values(CATALOGUE)) } } });
    const render = recordingView(server);
    expect(render.t('stock.title')).toBe('Stock');
    render.exists('cart.title');
    expect(render.partsReady(['orders'])).toBeNull();
    expect([...render.usedParts].sort()).toEqual(['cart', 'orders', 'stock']);
    expect([...recordingView(server).usedParts]).toEqual([]);
  });
});
