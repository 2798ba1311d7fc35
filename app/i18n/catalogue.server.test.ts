import { describe, expect, it } from 'vitest';
import { translationsFor } from '~/locales';
import { catalogueScript } from './catalogue.server';
import { serverI18next } from './server-i18next.server';

/** Runs a catalogue script as the browser would import it, and returns its default export. */
async function importScript(body: string): Promise<Record<string, string>> {
  const module = (await import(`data:text/javascript;base64,${Buffer.from(body).toString('base64')}`)) as { default: Record<string, string> };
  return module.default;
}

describe('the merged texts', () => {
  it('are computed once per labels object and language, and cannot be changed', () => {
    const labels = { 'pageTitle.stock': 'Inventory' };
    const texts = translationsFor('en', labels);
    expect(translationsFor('en', labels)).toBe(texts);
    expect(translationsFor('fr', labels)).not.toBe(texts);
    expect(translationsFor('en', { ...labels })).not.toBe(texts);
    expect(texts['pageTitle.stock']).toBe('Inventory');
    expect(Object.isFrozen(texts)).toBe(true);
  });
});

describe('the catalogue script', () => {
  it('holds the texts at a URL named by their language and hash', async () => {
    const texts = translationsFor('fr', { 'pageTitle.cart': 'Mon panier', 'x.quote': 'l’“</script>”\u2028' });
    const script = catalogueScript('fr', texts);
    expect(script.src).toMatch(/^\/i18n\/fr\.[0-9a-f]{16}\.js$/);
    expect(script.src).toBe(`/i18n/fr.${script.hash}.js`);
    expect(catalogueScript('fr', texts)).toBe(script);
    expect(await importScript(script.body)).toEqual(texts);
  });

  it('moves to another URL when the labels change, and only then', () => {
    const before = catalogueScript('en', translationsFor('en', { 'pageTitle.cart': 'Basket' }));
    const same = catalogueScript('en', translationsFor('en', { 'pageTitle.cart': 'Basket' }));
    const after = catalogueScript('en', translationsFor('en', { 'pageTitle.cart': 'Trolley' }));
    expect(same.src).toBe(before.src);
    expect(after.src).not.toBe(before.src);
  });
});

describe("the server's i18next", () => {
  it('is one initialised instance per texts object, reused by every request', () => {
    const texts = translationsFor('fr', { 'pageTitle.cart': 'Mon panier' });
    const first = serverI18next('fr', texts);
    expect(first.isInitialized).toBe(true);
    expect(serverI18next('fr', texts)).toBe(first);
    expect(first.t('pageTitle.cart')).toBe('Mon panier');
    expect(first.language).toBe('fr');
    const english = serverI18next('en', translationsFor('en', {}));
    expect(english).not.toBe(first);
    expect(english.t('pageTitle.cart')).toBe('Cart');
    // Another language's instance leaves this one as it was.
    expect(first.language).toBe('fr');
    expect(first.t('pageTitle.cart')).toBe('Mon panier');
  });
});
