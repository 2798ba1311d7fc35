import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '~/locales';
import { i18nOptions } from '~/locales/options';
import browser, { createInstance } from './light-i18next';
import { recordingView } from './render-recorder.server';

describe('the browser i18n', () => {
  it.each(Object.keys(LOCALES))('gives the texts i18next gives the server (%s)', async (language) => {
    const texts = {
      ...LOCALES[language]!,
      'x.plural_one': 'one {{count}}',
      'x.plural_other': '{{count}} many',
      'x.spaced': '{{ name }} and {{name}}, not {{ missing }}',
    };
    const server = i18next.createInstance();
    await server.init({ ...i18nOptions, lng: language, resources: { [language]: { common: texts } } });
    await browser.init({ lng: language, resources: { [language]: { common: texts } } });
    const params = [
      undefined,
      { count: 1, name: 'Ann', quantity: '5+', tenantName: 'ACME' },
      { count: 3 },
      { defaultValue: 'fallback' },
    ];
    for (const key of [...Object.keys(texts), 'no.such.key', 'x.plural']) {
      for (const options of params) expect(browser.t(key, options), key).toBe(server.t(key, options));
      expect(browser.exists(key)).toBe(server.exists(key));
    }
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
