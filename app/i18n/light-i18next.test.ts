import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '~/locales';
import { i18nOptions } from '~/locales/options';
import browser from './light-i18next';

describe('the browser i18n', () => {
  it.each(Object.keys(LOCALES))('gives the texts i18next gives the server (%s)', async (language) => {
    const texts = { ...LOCALES[language]!, 'x.plural_one': 'one {{count}}', 'x.plural_other': '{{count}} many' };
    const server = i18next.createInstance();
    await server.init({ ...i18nOptions, lng: language, resources: { [language]: { common: texts } } });
    await browser.init({ lng: language, resources: { [language]: { common: texts } } });
    const params = [undefined, { count: 1, name: 'Ann', quantity: '5+', tenantName: 'ACME' }, { count: 3 }, { defaultValue: 'fallback' }];
    for (const key of [...Object.keys(texts), 'no.such.key', 'x.plural']) {
      for (const options of params) expect(browser.t(key, options), key).toBe(server.t(key, options));
      expect(browser.exists(key)).toBe(server.exists(key));
    }
  });
});
