import type { MetaFunction } from '@remix-run/node';
import type { TranslationKey } from '~/locales/en';
import { enShellTitles } from '~/locales/en-shell-titles';
import type { RootData } from '~/root';

/** Every page's name in the browser title (the root loader sends these texts, not the catalogue). */
export const PAGE_TITLE_KEYS = [
  'account.title',
  'alerts.title',
  'auctions.title',
  'dashboard.title',
  'orders.list.title',
  'pageTitle.addToOrder',
  'pageTitle.buyAgain',
  'pageTitle.cart',
  'pageTitle.checkout',
  'pageTitle.importReview',
  'pageTitle.notifications',
  'pageTitle.orderConfirmation',
  'pageTitle.orderDetails',
  'pageTitle.orderTerms',
  'pageTitle.preferences',
  'pageTitle.quickOrder',
  'pageTitle.reviewOrder',
  'pageTitle.stock',
  'preorders.title',
  'reset.title',
  'returns.title',
  'savedSearches.title',
  'termsOfSale.title',
] as const satisfies readonly TranslationKey[];

export type PageTitleKey = (typeof PAGE_TITLE_KEYS)[number];
export type PageTitles = Partial<Record<PageTitleKey, string>>;

/** The page names in the tenant's language, from its texts. */
export function pageTitles(texts: Readonly<Record<string, string>>): PageTitles {
  return Object.fromEntries(PAGE_TITLE_KEYS.map((key) => [key, texts[key]]));
}

/**
 * `meta` for a page: the browser title is the site title plus the page's name in the tenant's
 * language. `meta` runs outside React, so it reads the page names the root loader sent; the
 * English titles of en-shell-titles when the root loader failed (the catalogues stay out of the browser bundle).
 */
export function titled(titleKey: PageTitleKey): MetaFunction<unknown, { root: RootData }> {
  return ({ matches }) => {
    const root = matches.find((m) => m.id === 'root')?.data;
    const site = root?.config.siteTitle ?? '';
    const name = root?.titles[titleKey] ?? (enShellTitles as PageTitles)[titleKey];
    return [{ title: name ? `${site} - ${name}` : site }];
  };
}
