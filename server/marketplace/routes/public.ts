import { Hono } from 'hono';
import type { MarketplaceDeps } from '../context';

/** The two calls made without sign-in: the tenant's configuration and its translated labels. */
export function publicRoutes({ config }: MarketplaceDeps) {
  const { labels, marketplace: _sellerSide, ...publicConfig } = config;
  return new Hono()
    .get('/saas-config', (c) => c.json(publicConfig))
    .get('/saas-i18n', (c) => {
      const lang = c.req.query('lang') ?? config.language;
      return c.json({ language: lang, labels: labels[lang] ?? {} });
    });
}
