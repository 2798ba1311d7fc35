import { describe, expect, it } from 'vitest';
import { AUTHORITIES } from './authorities';
import { BADGE_COLOUR_COUNT, badgeColourIndex, initialsOf } from './initials';
import { IMPLEMENTED_ROUTES, isImplemented } from './routes';
import { currentMenuEntry, sideMenuEntries, userMenuEntries } from './side-menu';
import { sideMenuDisplaySchema } from './tenant-config';

const allShown = sideMenuDisplaySchema.parse({});
const paths = (authorities: readonly string[], display = allShown, isPxns = false) =>
  sideMenuEntries(display, { authorities, isPxns }).map((e) => e.to);

describe('side menu', () => {
  it('shows every entry to a buyer with every authority', () => {
    expect(paths(AUTHORITIES)).toEqual([
      '/dashboard',
      '/stock',
      '/cart',
      '/auctions',
      '/preorders',
      '/orders',
      '/returns',
      '/stock-alerts',
      '/stock/saved-searches',
    ]);
  });

  it('marks the entry a page belongs to: the longest address the path starts with, segment by segment', () => {
    const entries = sideMenuEntries(allShown, { authorities: AUTHORITIES, isPxns: false });
    const current = (pathname: string) => currentMenuEntry(entries, pathname)?.to ?? null;
    expect(current('/stock')).toBe('/stock');
    expect(current('/stock/import')).toBe('/stock');
    expect(current('/stock/quick-order')).toBe('/stock');
    expect(current('/stock/saved-searches')).toBe('/stock/saved-searches');
    expect(current('/stock-alerts')).toBe('/stock-alerts');
    expect(current('/orders/SO-1/terms')).toBe('/orders');
    expect(current('/checkout/MIA')).toBeNull();
    expect(current('/stockroom')).toBeNull();
  });

  it('hides authority-bound entries from a buyer without authorities', () => {
    expect(paths([])).toEqual(['/dashboard', '/stock', '/preorders', '/stock/saved-searches']);
  });

  it('never links a screen that does not exist yet', () => {
    for (const path of paths(AUTHORITIES)) expect(IMPLEMENTED_ROUTES).toContain(path);
  });

  it('links Orders to a buyer who may view and update orders (spec 2 §6)', () => {
    expect(isImplemented('/orders')).toBe(true);
    expect(paths(['CAN_VIEW_ORDER', 'CAN_UPDATE_ORDER'])).toContain('/orders');
    expect(paths(['CAN_VIEW_ORDER'])).not.toContain('/orders');
  });

  it('gives a pxns seller no Cart entry and no Stock Alerts, even with the authorities', () => {
    expect(paths(AUTHORITIES, allShown, true)).not.toContain('/cart');
    expect(paths(AUTHORITIES, allShown, true)).not.toContain('/stock-alerts');
    expect(paths(['CAN_BUY_ONLINE'], allShown, false)).toContain('/cart');
  });

  it('shows My Preferences in the user menu only once /preferences exists', () => {
    expect(userMenuEntries().map((e) => e.to)).toEqual(['/preferences', '/notifications'].filter(isImplemented));
  });

  it('follows the tenant display map even with the authority', () => {
    const display = sideMenuDisplaySchema.parse({ Auctions: false, Cart: false });
    expect(paths(AUTHORITIES, display)).not.toContain('/auctions');
    expect(paths(AUTHORITIES, display)).not.toContain('/cart');
  });
});

describe('initials badge', () => {
  it('takes the first letters of first and last name', () => {
    expect(initialsOf('alex', 'Morgan')).toBe('AM');
  });

  it('picks one of six colours, the same for the same initials', () => {
    expect(BADGE_COLOUR_COUNT).toBe(6);
    expect(badgeColourIndex('Alex', 'Morgan')).toBe(badgeColourIndex('Ann', 'Miller'));
    const colours = new Set(['AA', 'AB', 'AC', 'AD', 'AE', 'AF'].map((n) => badgeColourIndex(n[0]!, n[1]!)));
    expect(colours.size).toBe(6);
  });
});
