import { describe, expect, it } from 'vitest';
import { browserI18nData, rootI18n } from './i18n.client-data';
import { enShell } from './locales/en-shell';

describe('the texts a page hydrates with', () => {
  it('are the English shell texts when the root loader failed (no root data)', async () => {
    expect(rootI18n(undefined)).toBeNull();
    expect(rootI18n({ config: {} })).toBeNull();
    expect(await browserI18nData(undefined)).toEqual({ locale: 'en', translations: enShell });
  });

  it("are the script the root loader named otherwise", async () => {
    const src = `data:text/javascript,${encodeURIComponent('export default {"pageTitle.cart":"Panier"};')}`;
    const root = { config: {}, locale: 'fr', translationsSrc: src, titles: {} };
    expect(rootI18n(root)).toEqual({ locale: 'fr', translationsSrc: src });
    expect(await browserI18nData(root)).toEqual({ locale: 'fr', translations: { 'pageTitle.cart': 'Panier' } });
  });
});
