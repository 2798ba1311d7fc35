import { Hono } from 'hono';
import type { MarketplaceDeps, MarketplaceEnv } from '../context';

/** GET broadcast banner (spec 3 §7): the tenant's announcements, each with its active flag. */
export function broadcastRoutes({ config }: MarketplaceDeps) {
  const items = config.marketplace.broadcastBanners.map((banner, index) => ({
    id: index + 1,
    message: banner.message,
    active: banner.active,
  }));
  return new Hono<MarketplaceEnv>().get('/broadcast-banner', (c) => c.json({ items }));
}
