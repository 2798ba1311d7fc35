import { afterEach, describe, expect, it, vi } from 'vitest';
import { broadcastBannerSchema } from '../../../app/domain/tenant-config';
import type { MarketplaceDeps } from '../context';
import { loadTenantConfig } from '../tenant-config';
import { broadcastRoutes } from './broadcast';

afterEach(() => vi.useRealTimers());

const activeAt = async (config: MarketplaceDeps['config'], at: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(at));
  const response = await broadcastRoutes({ config } as MarketplaceDeps).request('/broadcast-banner');
  const { items } = (await response.json()) as { items: { message: string; active: boolean }[] };
  return items.filter((item) => item.active).map((item) => item.message);
};

describe('GET broadcast-banner', () => {
  it('answers an item active only within its validity window, at the moment asked', async () => {
    const config = loadTenantConfig('config/tenants/second.json');
    expect(await activeAt(config, '2026-11-29T12:00:00Z')).toEqual(['Maintenance prévue dimanche de 2 h à 4 h.']);
    expect(await activeAt(config, '2026-08-31T21:59:59Z')).toEqual([
      'Maintenance prévue dimanche de 2 h à 4 h.',
      'Soldes d’été : -10 % sur les tablettes jusqu’au 31 août.',
    ]);
    // Its end is excluded: from midnight in Paris on 1 September the summer sale is over.
    expect(await activeAt(config, '2026-08-31T22:00:00Z')).toEqual(['Maintenance prévue dimanche de 2 h à 4 h.']);
    expect(await activeAt(config, '2025-12-31T22:59:59Z')).toEqual([]);
  });

  it('refuses a window that ends before it starts, and a date without its offset', () => {
    const banner = { message: 'x', validFrom: '2026-09-01T00:00:00Z' };
    expect(broadcastBannerSchema.safeParse({ ...banner, validUntil: '2026-08-01T00:00:00Z' }).success).toBe(false);
    expect(broadcastBannerSchema.safeParse({ ...banner, validUntil: '2026-10-01' }).success).toBe(false);
    expect(broadcastBannerSchema.safeParse({ ...banner, validUntil: '2026-10-01T00:00:00Z' }).success).toBe(true);
  });
});
