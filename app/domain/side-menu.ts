import { hasAuthority } from './authorities';
import type { SideMenuDisplay } from './tenant-config';

export interface MenuEntry {
  to: string;
  labelKey: string;
}

/**
 * The side menu: the tenant's display map decides which entries exist, the buyer's authorities
 * (spec 2 §6) which of those this buyer sees.
 */
export function sideMenuEntries(display: SideMenuDisplay, authorities: readonly string[]): MenuEntry[] {
  const entries: (MenuEntry & { show: boolean })[] = [
    { to: '/dashboard', labelKey: 'menu.home', show: display.Home },
    { to: '/stock', labelKey: 'menu.stock', show: display.StockList },
    { to: '/cart', labelKey: 'menu.cart', show: display.Cart && hasAuthority(authorities, 'CAN_BUY_ONLINE') },
    { to: '/auctions', labelKey: 'menu.auctions', show: display.Auctions && hasAuthority(authorities, 'CAN_VIEW_AUCTION_SUMMARY') },
    { to: '/preorders', labelKey: 'menu.preorders', show: display.PreOrders },
    {
      to: '/orders',
      labelKey: 'menu.orders',
      show: display.Orders && hasAuthority(authorities, 'CAN_VIEW_ORDER') && hasAuthority(authorities, 'CAN_UPDATE_ORDER'),
    },
    { to: '/returns', labelKey: 'menu.returns', show: display.Returns && hasAuthority(authorities, 'CAN_VIEW_RETURNS') },
    { to: '/stock-alerts', labelKey: 'menu.stockAlerts', show: hasAuthority(authorities, 'CAN_SET_STOCKLIST_ALERT') },
  ];
  return entries.filter((e) => e.show).map(({ to, labelKey }) => ({ to, labelKey }));
}
