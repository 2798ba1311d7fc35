import type { AppLoadContext } from '@remix-run/node';
import type { PublicTenantConfig } from '~/domain/tenant-config';
import { translationsFor } from '~/locales';
import { getTenantConfig } from './api/settings';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The spec's message for a deactivated site, in the tenant's language. */
export function deactivatedMessage(config: Pick<PublicTenantConfig, 'language' | 'tenantName'>): string {
  return translationsFor(config.language, {})['app.deactivated']!.replace('{{tenantName}}', config.tenantName);
}

/**
 * The deactivated page as a whole response (503). Pages render it from the root, which reads the
 * same config; a resource route such as the stock export answers with it instead of a file.
 */
export function deactivatedPage(config: Pick<PublicTenantConfig, 'language' | 'tenantName' | 'siteTitle'>): Response {
  const title = escapeHtml(config.siteTitle);
  const html = `<!DOCTYPE html><html lang="${escapeHtml(config.language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main id="main" class="deactivated"><h1>${title}</h1><p role="alert">${escapeHtml(deactivatedMessage(config))}</p></main></body></html>`;
  return new Response(html, {
    status: 503,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '86400' },
  });
}

/**
 * 'A deactivated tenant is flagged and the app stops': every loader and action calls this first
 * (through getSignedIn / requireBuyer, or directly on the public screens), so nothing signs in,
 * buys or downloads.
 */
export async function refuseWhenDeactivated(context: AppLoadContext): Promise<void> {
  const config = await getTenantConfig(context);
  if (config.deactivated) throw deactivatedPage(config);
}
