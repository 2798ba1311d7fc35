import { Hono } from 'hono';
import { isValidAt } from '../../../app/domain/validity';
import type { MarketplaceDeps, MarketplaceEnv } from '../context';

/**
 * GET broadcast banner (spec 3 §7): the tenant's announcements, each with its active flag, which is
 * the tenant's flag within the item's validity window at the moment asked.
 */
export function broadcastRoutes({ config }: MarketplaceDeps) {
  return new Hono<MarketplaceEnv>().get('/broadcast-banner', (c) => {
    const now = new Date();
    const items = config.marketplace.broadcastBanners.map((banner, index) => ({
      id: index + 1,
      message: banner.message,
      active: banner.active && isValidAt(banner, now),
    }));
    return c.json({ items });
  });
}
