import type { enDashboard } from './en-dashboard';

/** Deutsche Texte der Startseite des Käufers (Issue 37): was auf den Käufer wartet, jeweils mit Link. */
export const deDashboard: Record<keyof typeof enDashboard, string> = {
  'dashboard.offersAnswered': 'Vom Verkäufer beantwortete Angebote',
  'dashboard.offersAnsweredNone': 'Kein angenommenes Angebot und kein Gegenangebot wartet auf Sie.',
  'dashboard.offersWaiting': 'Angebote, die auf den Verkäufer warten',
  'dashboard.offersWaitingNone': 'Kein Angebot wartet auf den Verkäufer.',
  'dashboard.orders': 'Zurückgestellte oder auf Zahlung wartende Bestellungen',
  'dashboard.ordersNone': 'Keine Bestellung wartet auf Sie.',
  'dashboard.order': 'Bestellung Nr. {{order}}',
  'dashboard.need.onHold': 'Zurückgestellt',
  'dashboard.need.awaitingPayment': 'Zahlung ausstehend',
  'dashboard.payBy': 'zahlbar bis {{date}}',
  'dashboard.overdueSince': 'überfällig seit {{date}}',
  'dashboard.orderLine': '{{need}}, {{warehouse}}, {{total}}',
  'dashboard.alerts': 'Diese Woche erfüllte Bestandsalarme',
  'dashboard.alertsNone': 'In den letzten 7 Tagen wurde kein Bestandsalarm erfüllt.',
  'dashboard.alertLine': '{{warehouse}}: {{available}} verfügbar, Alarm erfüllt am {{date}}',
  'dashboard.cart': 'Ihr Warenkorb',
  'dashboard.cartNone': 'Ihr Warenkorb ist leer.',
  'dashboard.cartLine_one': '{{count}} Position, {{quantity}} Stück, {{subtotal}}',
  'dashboard.cartLine_other': '{{count}} Positionen, {{quantity}} Stück, {{subtotal}}',
  'dashboard.inWarehouse': '{{item}}, {{warehouse}}',
  'dashboard.seeAll': 'Alle anzeigen',
};
