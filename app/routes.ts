import type { RouteConfig } from '@remix-run/route-config';
import { flatRoutes } from '@remix-run/fs-routes';

/** The routes are the files under app/routes, by Remix's flat-routes naming (as before v3_routeConfig). */
export default flatRoutes({ ignoredRouteFiles: ['**/*.test.*', '**/.*'] }) satisfies RouteConfig;
