import { Hono } from 'hono';
import type { MarketplaceDeps } from '../context';
import { isValidAt } from '../../../app/domain/validity';

/** The two calls made without sign-in: the tenant's configuration and its translated labels. */
export function publicRoutes({ config }: MarketplaceDeps) {
  const { labels, marketplace, salesBanner, ...publicConfig } = config;
  const rule = marketplace.promotions.find((p) => p.code === salesBanner?.promotion);
  return (
    new Hono()
      // The sales banner only while the promotion it announces applies.
      .get('/saas-config', (c) =>
        c.json(salesBanner && rule && isValidAt(rule, new Date()) ? { ...publicConfig, salesBanner } : publicConfig),
      )
      .get('/saas-i18n', (c) => {
        const lang = c.req.query('lang') ?? config.language;
        return c.json({ language: lang, labels: labels[lang] ?? {} });
      })
  );
}
