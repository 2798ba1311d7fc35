import type { MetaFunction } from '@remix-run/node';
import type { RootData } from '~/root';

/** `meta` for a signed-in page: the browser title is the site title plus the page's name. */
export function titled(suffix: string): MetaFunction<unknown, { root: RootData }> {
  return ({ matches }) => {
    const root = matches.find((m) => m.id === 'root')?.data;
    const site = root?.config.siteTitle ?? '';
    return [{ title: suffix ? `${site} - ${suffix}` : site }];
  };
}
