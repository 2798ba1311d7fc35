/**
 * The screens the portal has today. Menus and toolbars link only to these, so no link leads to
 * 'Page not found'. When a screen of the route table lands,
 * add it here and its entry points appear.
 * The bulk import's upload dialog is here; its review page (/stock/import) is reached from it and
 * from the quick order pad (/stock/quick-order).
 */
export const IMPLEMENTED_ROUTES = [
  '/dashboard',
  '/help',
  '/stock',
  '/stock-alerts',
  '/stock/quick-order',
  '/stock/saved-searches',
  '/auctions',
  '/preorders',
  '/returns',
  '/account',
  '/cart',
  '/terms-of-sale',
  '/preferences',
  '/notifications',
  '/orders',
] as const;

/** Screens addressed by a dialog parameter of a page (`?dialog=…`), as `page?dialog=name`. */
export const IMPLEMENTED_DIALOGS = ['/stock?dialog=daily-report', '/stock?dialog=import'] as const;

export function isImplemented(route: string): boolean {
  return (
    (IMPLEMENTED_ROUTES as readonly string[]).includes(route) ||
    (IMPLEMENTED_DIALOGS as readonly string[]).includes(route)
  );
}
