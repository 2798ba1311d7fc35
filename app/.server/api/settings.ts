import { STOCK_LIST_LAYOUTS } from '~/domain/stock/layout';
import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { tenantConfigSchema, type PublicTenantConfig } from '~/domain/tenant-config';
import { callApi } from './client';
import { configRevision } from './config-revision';

/** Only for a tenant API that states no configuration revision. */
const CACHE_MS = 60_000;
const cache = new Map<string, { at: number; revision?: string; value: Promise<unknown> }>();

/** Per-tenant public settings, kept while the tenant API's configuration revision holds. */
function cached<T>(base: string, key: string, load: () => Promise<T>): Promise<T> {
  const hit = cache.get(key);
  const current = configRevision(base);
  if (hit && (current ? hit.revision === current : Date.now() - hit.at < CACHE_MS)) return hit.value as Promise<T>;
  const value = load();
  const entry = { at: Date.now(), revision: current, value };
  cache.set(key, entry);
  // The answer itself states the revision it was made at.
  value.then(() => (entry.revision = configRevision(base))).catch(() => cache.delete(key));
  return value;
}

export function clearSettingsCache() {
  cache.clear();
}

export const publicConfigSchema = tenantConfigSchema.omit({ labels: true, marketplace: true });
export const i18nSchema = z.object({ language: z.string(), labels: z.record(z.string(), z.string()) });

export function getTenantConfig(context: AppLoadContext): Promise<PublicTenantConfig> {
  return cached(context.tenantApiBase, `${context.tenantApiBase}|config`, () =>
    callApi(context, '/px-api-gateway/saas-config', { schema: publicConfigSchema }),
  );
}

export function getTenantLabels(context: AppLoadContext, language: string): Promise<Record<string, string>> {
  return cached(context.tenantApiBase, `${context.tenantApiBase}|i18n|${language}`, async () => {
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
  /** Absent from a tenant API without revisions: 0, and the authorities are then read at sign-in only. */
  authoritiesRevision: z.number().int().default(0),
  /** The user's stock list layout (issue 37); a tenant API without it gives cards. */
  stockListLayout: z.enum(STOCK_LIST_LAYOUTS).catch('cards').default('cards'),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const revisionSchema = z.object({ authoritiesRevision: z.number().int() });

/** The revision of the signed-in user's authorities: one cheap call per request, user info only when it moved. */
export function getAuthoritiesRevision(context: AppLoadContext, token: string): Promise<number> {
  return callApi(context, '/px-api-gateway/security/authorities/revision', { token, schema: revisionSchema }).then(
    (r) => r.authoritiesRevision,
  );
}

export function getUserInfo(context: AppLoadContext, token: string): Promise<UserInfo> {
  return callApi(context, '/px-api-gateway/user-info', { token, schema: userInfoSchema });
}
