import { describe, expect, it } from 'vitest';
import { translationsFor } from '~/locales';
import { catalogueParts, cataloguePrefix, catalogueScript } from './catalogue.server';
import { serverI18next } from './server-i18next.server';

/** Runs a catalogue script as the browser would import it, and returns its default export. */
async function importScript(body: string): Promise<Record<string, string>> {
  const module = (await import(`data:text/javascript;base64,${Buffer.from(body).toString('base64')}`)) as {
    default: Record<string, string>;
  };
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

describe('the catalogue scripts', () => {
  it('hold the texts of the parts asked for at a URL named by their language, version and parts', async () => {
    const texts = translationsFor('fr', { 'pageTitle.cart': 'Mon panier', 'x.quote': "l’“</script>”\u2028\\'\n" });
    const script = catalogueScript('fr', texts, ['x', 'pageTitle'])!;
    expect(script.src).toMatch(/^\/i18n\/fr\.[0-9a-f]{16}\.pageTitle-x\.js$/);
    expect(script.src.startsWith(cataloguePrefix('fr', texts))).toBe(true);
    expect(catalogueScript('fr', texts, ['pageTitle', 'x', 'x'])).toBe(script);
    const inScript = await importScript(script.body);
    expect(inScript).toEqual(
      Object.fromEntries(Object.entries(texts).filter(([key]) => key.startsWith('pageTitle.') || key.startsWith('x.'))),
    );
    expect(inScript['x.quote']).toBe(texts['x.quote']);
  });

  it('cover every text by their parts, and refuse a part the texts do not have', async () => {
    const texts = translationsFor('en', {});
    const all = catalogueScript('en', texts, catalogueParts('en', texts))!;
    expect(await importScript(all.body)).toEqual(texts);
    expect(catalogueScript('en', texts, ['stock', 'noSuchPart'])).toBeNull();
  });

  it('move to another URL when the labels change, and only then', () => {
    const prefix = (labels: Record<string, string>) => cataloguePrefix('en', translationsFor('en', labels));
    expect(prefix({ 'pageTitle.cart': 'Basket' })).toBe(prefix({ 'pageTitle.cart': 'Basket' }));
    expect(prefix({ 'pageTitle.cart': 'Trolley' })).not.toBe(prefix({ 'pageTitle.cart': 'Basket' }));
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
