import { hasAuthority } from './authorities';
import { canBuy, canSetAlerts, type BuyerCapabilities } from './permissions';
import { isImplemented } from './routes';
import type { SideMenuDisplay } from './tenant-config';

export interface MenuEntry {
  to: string;
  labelKey: string;
}

/**
 * The side menu: the tenant's display map decides which entries exist, the buyer's authorities
 * (spec 2 §6) which of those this buyer sees, and only screens that exist are linked.
 */
export function sideMenuEntries(display: SideMenuDisplay, user: BuyerCapabilities): MenuEntry[] {
  const { authorities } = user;
  const entries: (MenuEntry & { show: boolean })[] = [
    { to: '/dashboard', labelKey: 'menu.home', show: display.Home },
    { to: '/stock', labelKey: 'menu.stock', show: display.StockList },
    { to: '/cart', labelKey: 'menu.cart', show: display.Cart && canBuy(user) },
    {
      to: '/auctions',
      labelKey: 'menu.auctions',
      show: display.Auctions && hasAuthority(authorities, 'CAN_VIEW_AUCTION_SUMMARY'),
    },
    { to: '/preorders', labelKey: 'menu.preorders', show: display.PreOrders },
    {
      to: '/orders',
      labelKey: 'menu.orders',
      show:
        display.Orders && hasAuthority(authorities, 'CAN_VIEW_ORDER') && hasAuthority(authorities, 'CAN_UPDATE_ORDER'),
    },
    {
      to: '/returns',
      labelKey: 'menu.returns',
      show: display.Returns && hasAuthority(authorities, 'CAN_VIEW_RETURNS'),
    },
    { to: '/stock-alerts', labelKey: 'menu.stockAlerts', show: canSetAlerts(user) },
    { to: '/stock/saved-searches', labelKey: 'menu.savedSearches', show: display.StockList },
  ];
  return entries.filter((e) => e.show && isImplemented(e.to)).map(({ to, labelKey }) => ({ to, labelKey }));
}

/**
 * The entry the page at `pathname` belongs to: the one whose address is the path or the start of it
 * (segment by segment), the longest when two are. /stock/import and /stock/quick-order belong to the
 * Stock List, /stock/saved-searches to its own entry, an order's page to Orders.
 */
export function currentMenuEntry(entries: readonly MenuEntry[], pathname: string): MenuEntry | null {
  let current: MenuEntry | null = null;
  for (const entry of entries) {
    const under = pathname === entry.to || pathname.startsWith(`${entry.to}/`);
    if (under && entry.to.length > (current?.to.length ?? -1)) current = entry;
  }
  return current;
}

/** The user menu's entries besides Logout: My Preferences once /preferences exists (spec 3 §2.7). */
export function userMenuEntries(): MenuEntry[] {
  return [
    { to: '/preferences', labelKey: 'menu.preferences' },
    { to: '/notifications', labelKey: 'menu.notifications' },
  ].filter((e) => isImplemented(e.to));
}
