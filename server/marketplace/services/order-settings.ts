import { DEFAULT_ORDER_SETTINGS, type OrderSettings } from '../../../app/domain/orders/settings';
import type { Db } from '../db/client';
import { readSetting } from './settings';

export { DEFAULT_ORDER_SETTINGS, type OrderSettings };

/** The tenant's order settings: the stored setting 'order-settings' over the defaults, section by section. */
export async function readOrderSettings(db: Db): Promise<OrderSettings> {
  const stored = (await readSetting<Partial<OrderSettings>>(db, 'order-settings')) ?? {};
  const merged = { ...DEFAULT_ORDER_SETTINGS } as Record<string, unknown>;
  for (const [key, value] of Object.entries(stored)) {
    const base = merged[key];
    merged[key] = base && typeof base === 'object' && !Array.isArray(base) && value && typeof value === 'object' && !Array.isArray(value) ? { ...base, ...value } : value;
  }
  return merged as unknown as OrderSettings;
}
