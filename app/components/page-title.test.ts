import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import secondTenant from '../../config/tenants/second.json';
import { SUPPORTED_LANGUAGES, translationsFor } from '~/locales';
import type { RootData } from '~/root';
import { pageTitles, titled } from './page-title';

type Meta = ReturnType<typeof titled>;
type RootLoaderData = Awaited<ReturnType<RootData>> extends { json(): Promise<infer D> } ? D : never;

/** What the root loader sends for a tenant: its config and its pages' names in its language with its labels. */
function rootFor(language: string, siteTitle: string, labels: Record<string, string> = {}) {
  return {
    config: { siteTitle },
    locale: language,
    titles: pageTitles(translationsFor(language, labels)),
  } as unknown as RootLoaderData;
}

function titleOf(meta: Meta, root: RootLoaderData | undefined) {
  const descriptors = meta({ matches: [{ id: 'root', data: root }] } as unknown as Parameters<Meta>[0]);
  return (descriptors?.[0] as { title: string }).title;
}

describe('page titles', () => {
  it('are English for an English tenant', () => {
    const demo = rootFor('en', 'Demo Portal');
    expect(titleOf(titled('pageTitle.cart'), demo)).toBe('Demo Portal - Cart');
    expect(titleOf(titled('pageTitle.stock'), demo)).toBe('Demo Portal - Stock');
  });

  it('are in the French tenant’s language, with its labels laid over', () => {
    const second = rootFor('fr', secondTenant.siteTitle, secondTenant.labels.fr);
    expect(titleOf(titled('pageTitle.cart'), second)).toBe('Portail Acheteurs Refurb - Panier');
    expect(titleOf(titled('alerts.title'), second)).toBe('Portail Acheteurs Refurb - Alertes de stock');
    expect(titleOf(titled('reset.title'), second)).toBe('Portail Acheteurs Refurb - Réinitialiser le mot de passe');
    const relabelled = rootFor('fr', 'Refurb', { 'pageTitle.cart': 'Mon panier' });
    expect(titleOf(titled('pageTitle.cart'), relabelled)).toBe('Refurb - Mon panier');
  });

  it('fall back to English when the root loader sent nothing', () => {
    expect(titleOf(titled('pageTitle.cart'), undefined)).toBe(' - Cart');
  });

  it('every page title has a text in every language', () => {
    for (const language of SUPPORTED_LANGUAGES) {
      const titles = pageTitles(translationsFor(language, {}));
      for (const [key, text] of Object.entries(titles)) expect(text, `${language} ${key}`).toMatch(/\S/);
    }
  });

  it('every route names its title by an i18n key, none by English text', () => {
    const routes = path.resolve('app/routes');
    const files = fs
      .readdirSync(routes, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f) && !f.includes('.test.'));
    const hardCoded: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(path.join(routes, file), 'utf8');
      for (const match of text.matchAll(/title:\s*`[^`]*- [A-Z][^`]*`/g)) hardCoded.push(`${file}: ${match[0]}`);
      for (const match of text.matchAll(/titled\(\s*'([^']*)'/g))
        if (!/^[a-zA-Z]+\.[\w.]+$/.test(match[1]!)) hardCoded.push(`${file}: ${match[0]}`);
    }
    expect(hardCoded).toEqual([]);
  });
});
