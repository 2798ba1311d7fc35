import { createMiddleware } from 'hono/factory';
import type { TenantConfig } from '../../../app/domain/tenant-config';
import { ApiError } from '../errors';

export const tenantDeactivated = () =>
  new ApiError(503, 'tenantDeactivated', 'This tenant is deactivated: the marketplace does not answer buyer calls.');

/**
 * A deactivated tenant stops (spec 1 §4, spec 2 §2): buyer calls — identity sign-in, refresh, new
 * password and reset, every signed-in route and the document upload — are refused with a clear
 * error; the public config and i18n calls still answer, so the portal can say why. Sign-out still
 * ends a session.
 */
export function refuseWhenDeactivated(config: Pick<TenantConfig, 'deactivated'>, { except = [] as string[] } = {}) {
  return createMiddleware(async (c, next) => {
    if (config.deactivated && !except.some((suffix) => c.req.path.endsWith(suffix))) throw tenantDeactivated();
    await next();
  });
}
