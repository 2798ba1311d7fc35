import type { enDashboard } from './en-dashboard';

/** Textes français de l'accueil de l'acheteur : ce qui attend l'acheteur, chacun avec un lien. */
export const frDashboard: Record<keyof typeof enDashboard, string> = {
  'dashboard.offersAnswered': 'Offres auxquelles le vendeur a répondu',
  'dashboard.offersAnsweredNone': 'Aucune offre acceptée ou contre-proposée ne vous attend.',
  'dashboard.offersWaiting': 'Offres en attente du vendeur',
  'dashboard.offersWaitingNone': 'Aucune offre n’attend le vendeur.',
  'dashboard.orders': 'Commandes en attente ou à payer',
  'dashboard.ordersNone': 'Aucune commande ne vous attend.',
  'dashboard.order': 'Commande n° {{order}}',
  'dashboard.need.onHold': 'En attente',
  'dashboard.need.awaitingPayment': 'En attente de paiement',
  'dashboard.payBy': 'à payer avant le {{date}}',
  'dashboard.overdueSince': 'en retard depuis le {{date}}',
  'dashboard.orderLine': '{{need}}, {{warehouse}}, {{total}}',
  'dashboard.alerts': 'Alertes de stock atteintes cette semaine',
  'dashboard.alertsNone': 'Aucune alerte de stock atteinte ces 7 derniers jours.',
  'dashboard.alertLine': '{{warehouse}} : {{available}} disponibles, alerte atteinte le {{date}}',
  'dashboard.cart': 'Votre panier',
  'dashboard.cartNone': 'Votre panier est vide.',
  'dashboard.cartLine_one': '{{count}} ligne, {{quantity}} unités, {{subtotal}}',
  'dashboard.cartLine_other': '{{count}} lignes, {{quantity}} unités, {{subtotal}}',
  'dashboard.inWarehouse': '{{item}}, {{warehouse}}',
  'dashboard.seeAll': 'Tout voir',
};
