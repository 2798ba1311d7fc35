import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUTHORITIES } from './authorities';
import { canBuy, canSetAlerts } from './permissions';
import { IMPLEMENTED_DIALOGS, IMPLEMENTED_ROUTES, isImplemented } from './routes';

describe('canBuy (spec 1 §6)', () => {
  it('needs CAN_BUY_ONLINE', () => {
    expect(canBuy({ authorities: ['CAN_BUY_ONLINE'], isPxns: false })).toBe(true);
    expect(canBuy({ authorities: AUTHORITIES.filter((a) => a !== 'CAN_BUY_ONLINE'), isPxns: false })).toBe(false);
  });

  it('is never true for a pxns seller participant, whatever its authorities', () => {
    expect(canBuy({ authorities: AUTHORITIES, isPxns: true })).toBe(false);
  });
});

describe('canSetAlerts', () => {
  it('needs CAN_SET_STOCKLIST_ALERT and is never true for a pxns seller', () => {
    expect(canSetAlerts({ authorities: ['CAN_SET_STOCKLIST_ALERT'], isPxns: false })).toBe(true);
    expect(canSetAlerts({ authorities: ['CAN_SET_STOCKLIST_ALERT'], isPxns: true })).toBe(false);
    expect(canSetAlerts({ authorities: [], isPxns: false })).toBe(false);
  });
});

describe('implemented routes', () => {
  it('lists the screens of today, not the open issues', () => {
    for (const open of ['/orders/SO-1', '/stock?dialog=nothing']) expect(isImplemented(open), open).toBe(false);
    for (const route of [...IMPLEMENTED_ROUTES, ...IMPLEMENTED_DIALOGS]) expect(isImplemented(route), route).toBe(true);
  });

  it('names only routes that have a route module under _app', () => {
    for (const route of IMPLEMENTED_ROUTES) {
      const base = path.resolve('app/routes', `_app${route.replace(/\//g, '.')}`);
      // A page under another's address without its layout (`stock_.quick-order`).
      const unnested = path.resolve(
        'app/routes',
        `_app${route
          .split('/')
          .map((segment, i, all) => (i > 0 && i < all.length - 1 ? `${segment}_` : segment))
          .join('.')}`,
      );
      const modules = [
        `${base}.tsx`,
        path.join(base, 'route.tsx'),
        `${base}._index.tsx`,
        path.join(`${base}._index`, 'route.tsx'),
        `${unnested}.tsx`,
        path.join(unnested, 'route.tsx'),
      ];
      expect(
        modules.some((file) => fs.existsSync(file)),
        route,
      ).toBe(true);
    }
  });
});
