/** The English page titles: `meta` falls back to them when the root loader sent no texts. */
export const enShellTitles = {
  'account.title': 'Account',
  'alerts.title': 'Stock Alerts',
  'auctions.title': 'Auctions',
  'dashboard.title': 'Dashboard',
  'pageTitle.cart': 'Cart',
  'pageTitle.checkout': 'Checkout',
  'pageTitle.stock': 'Stock',
  'preorders.title': 'Pre Orders',
  'reset.title': 'Reset Password',
  'returns.title': 'Returns',
  'termsOfSale.title': 'Terms of Sale',
} as const;
