import fs from 'node:fs';
import path from 'node:path';
import { bannerWithoutRule, tenantConfigSchema, type TenantConfig } from '../../app/domain/tenant-config';
import { hasLocale, LOCALES } from '../../app/locales';

export const DEFAULT_TENANT_CONFIG = 'config/tenants/demo.json';

/** Reads and validates the tenant's JSON configuration; a bad file stops the start with a clear message. */
export function loadTenantConfig(file = DEFAULT_TENANT_CONFIG): TenantConfig {
  const resolved = path.resolve(file);
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(resolved, 'utf8'));
  } catch (error) {
    throw new Error(`Cannot read the tenant configuration ${resolved}: ${(error as Error).message}`);
  }
  const parsed = tenantConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new Error(`Invalid tenant configuration ${resolved}:\n  ${problems.join('\n  ')}`);
  }
  // A language without a locale would fall back to English everywhere: say so at the start instead.
  if (!hasLocale(parsed.data.language)) {
    throw new Error(
      `Invalid tenant configuration ${resolved}:\n  language: ${parsed.data.language} has no locale (app/locales/); supported: ${Object.keys(LOCALES).join(', ')}`,
    );
  }
  const banner = bannerWithoutRule(parsed.data);
  if (banner) throw new Error(`Invalid tenant configuration ${resolved}:\n  ${banner}`);
  return parsed.data;
}
