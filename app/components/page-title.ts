import type { MetaFunction } from '@remix-run/node';
import type { TranslationKey } from '~/locales/en';
import { enShell } from '~/locales/en-shell';
import type { RootData } from '~/root';

/**
 * `meta` for a page: the browser title is the site title plus the page's name in the tenant's
 * language. `meta` runs outside React, so it reads the texts the root loader sent to i18next (the
 * tenant's language with its labels laid over); the English titles of en-shell when the root
 * loader failed (the catalogues stay out of the browser bundle).
 */
export function titled(titleKey: TranslationKey): MetaFunction<unknown, { root: RootData }> {
  return ({ matches }) => {
    const root = matches.find((m) => m.id === 'root')?.data;
    const site = root?.config.siteTitle ?? '';
    const name = root?.translations[titleKey] ?? (enShell as Partial<Record<TranslationKey, string>>)[titleKey];
    return [{ title: name ? `${site} - ${name}` : site }];
  };
}
