import type { enOfferHistory } from './en-offer-history';

/** Textes français de l'historique d'une offre et de la préférence d'e-mail quand le vendeur répond. */
export const frOfferHistory: Record<keyof typeof enOfferHistory, string> = {
  'offerHistory.show': 'Historique',
  'offerHistory.title': 'Historique de {{item}}',
  'offerHistory.none': 'Rien ne s’est encore passé pour cette offre.',
  'offerHistory.when': '{{date}}, par {{by}}',
  'offerHistory.terms': '{{quantity}} à {{price}}',
  'offerHistory.termsPriceUnrecorded': '{{quantity}} à un prix qui n’a pas été enregistré',
  'offerHistory.by.buyer': 'vous',
  'offerHistory.by.seller': 'le vendeur',
  'offerHistory.by.market': 'la place de marché',
  'offerHistory.event.placed': 'Offre faite',
  'offerHistory.event.addedToCart': 'Ajouté au panier au prix catalogue',
  'offerHistory.event.changed': 'Modifiée',
  'offerHistory.event.movedToCart': 'Déplacée dans le panier',
  'offerHistory.event.countered': 'Contre-proposée',
  'offerHistory.event.accepted': 'Acceptée',
  'offerHistory.event.rejected': 'Refusée',
  'offerHistory.event.expired': 'Expirée',
  'offerHistory.event.priceDropped': 'Le prix catalogue est passé sous l’offre',
  'offerHistory.event.outOfStock': 'En rupture de stock',
  'offerHistory.event.backInStock': 'De nouveau en stock',
  'offerHistory.event.removed': 'Supprimée',
  'offerHistory.event.updated': 'Mise à jour',
  'menu.notifications': 'Notifications par e-mail',
  'pageTitle.notifications': 'Notifications par e-mail',
  'notifications.title': 'Notifications par e-mail',
  'notifications.offerAnswerEmails': 'M’envoyer un e-mail quand le vendeur répond à une de mes offres',
  'notifications.offerAnswerEmailsHint':
    'Une contre-proposition, une acceptation ou un refus, dans la langue de ce site.',
  'notifications.auctionEmails': 'M’envoyer un e-mail au sujet des enchères',
  'notifications.auctionEmailsHint':
    'Quand mon enchère est dépassée, quand je remporte ou perds un lot, et quand un lot que je suis se termine bientôt, dans la langue de ce site.',
  'notifications.save': 'Enregistrer',
  'notifications.saved': 'Votre préférence de notification a été enregistrée.',
  'notifications.failed': 'Votre préférence de notification n’a pas pu être enregistrée. Veuillez réessayer.',
};
