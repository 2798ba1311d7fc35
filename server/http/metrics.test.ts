import { describe, expect, it } from 'vitest';
import { apiRouteName, routeNamer } from './metrics';

describe('route names of the metrics', () => {
  const routes = {
    root: { path: '' },
    'routes/_index': { parentId: 'root', index: true },
    'routes/_app': { parentId: 'root' },
    'routes/_app.orders._index': { path: 'orders', parentId: 'routes/_app', index: true },
    'routes/_app.orders.$orderNumber': { path: 'orders/:orderNumber', parentId: 'routes/_app' },
    'routes/_app.orders.order-release-confirmation': {
      path: 'orders/order-release-confirmation',
      parentId: 'routes/_app',
    },
    'routes/orders_.$orderNumber_.export': { path: 'orders/:orderNumber/export', parentId: 'root' },
    'routes/_app.$': { path: '*', parentId: 'routes/_app' },
  };
  const name = routeNamer(routes);

  it('names a page by its Remix route, whatever the values in its path', () => {
    expect(name('/')).toBe('routes/_index');
    expect(name('/orders')).toBe('routes/_app.orders._index');
    expect(name('/orders/SO-1234')).toBe('routes/_app.orders.$orderNumber');
    expect(name('/orders/SO-99/export')).toBe('routes/orders_.$orderNumber_.export');
  });

  it('prefers a static segment to a value, and anything else goes to the catch-all', () => {
    expect(name('/orders/order-release-confirmation')).toBe('routes/_app.orders.order-release-confirmation');
    expect(name('/no/such/page')).toBe('routes/_app.$');
  });

  it('leaves the values out of API paths', () => {
    expect(apiRouteName('/px-api-gateway/orders/SO-1a2b3c')).toBe('/px-api-gateway/orders/:value');
    expect(apiRouteName('/px-api-gateway/stock/items')).toBe('/px-api-gateway/stock/items');
    expect(apiRouteName('/px-api-gateway/a/b/c/d/e/f/g')).toBe('/px-api-gateway/a/b/c');
  });
});
