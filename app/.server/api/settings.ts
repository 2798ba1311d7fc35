import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { tenantConfigSchema, type PublicTenantConfig } from '~/domain/tenant-config';
import { callApi } from './client';

const CACHE_MS = 60_000;
const cache = new Map<string, { at: number; value: Promise<unknown> }>();

/** Per-tenant public settings change rarely: keep them a minute, keyed by tenant API base. */
function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.value as Promise<T>;
  const value = load();
  cache.set(key, { at: Date.now(), value });
  value.catch(() => cache.delete(key));
  return value;
}

export function clearSettingsCache() {
  cache.clear();
}

const publicConfigSchema = tenantConfigSchema.omit({ labels: true, marketplace: true });
const i18nSchema = z.object({ language: z.string(), labels: z.record(z.string(), z.string()) });

export function getTenantConfig(context: AppLoadContext): Promise<PublicTenantConfig> {
  return cached(`${context.tenantApiBase}|config`, () =>
    callApi(context, '/px-api-gateway/saas-config', { schema: publicConfigSchema }),
  );
}

export function getTenantLabels(context: AppLoadContext, language: string): Promise<Record<string, string>> {
  return cached(`${context.tenantApiBase}|i18n|${language}`, async () => {
    const result = await callApi(context, `/px-api-gateway/saas-i18n?lang=${encodeURIComponent(language)}`, {
      schema: i18nSchema,
    });
    return result.labels;
  });
}

export const userInfoSchema = z.object({
  userId: z.number(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isRoleBuyer: z.boolean(),
  buyerName: z.string().nullable(),
  isProspect: z.boolean(),
  isPxns: z.boolean(),
  pxParticipantId: z.string().nullable(),
  salesRep: z.object({
    salesRepEmail: z.string().nullable(),
    salesRepPhone: z.string().nullable(),
    salesRepWhatApp: z.string().nullable(),
  }),
  authorities: z.array(z.string()),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export function getUserInfo(context: AppLoadContext, token: string): Promise<UserInfo> {
  return callApi(context, '/px-api-gateway/user-info', { token, schema: userInfoSchema });
}
