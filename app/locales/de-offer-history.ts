import type { enOfferHistory } from './en-offer-history';

/** Deutsche Texte des Verlaufs eines Angebots (Issue 37) und der Einstellung für E-Mails, wenn der Verkäufer ein Angebot beantwortet. */
export const deOfferHistory: Record<keyof typeof enOfferHistory, string> = {
  'offerHistory.show': 'Verlauf',
  'offerHistory.title': 'Verlauf von {{item}}',
  'offerHistory.none': 'Bei diesem Angebot ist noch nichts geschehen.',
  'offerHistory.when': '{{date}}, durch {{by}}',
  'offerHistory.terms': '{{quantity}} zu {{price}}',
  'offerHistory.termsPriceUnrecorded': '{{quantity}} zu einem nicht erfassten Preis',
  'offerHistory.by.buyer': 'Sie',
  'offerHistory.by.seller': 'den Verkäufer',
  'offerHistory.by.market': 'den Marktplatz',
  'offerHistory.event.placed': 'Angebot abgegeben',
  'offerHistory.event.addedToCart': 'Zum Listenpreis in den Warenkorb gelegt',
  'offerHistory.event.changed': 'Geändert',
  'offerHistory.event.movedToCart': 'In den Warenkorb verschoben',
  'offerHistory.event.countered': 'Gegenangebot',
  'offerHistory.event.accepted': 'Angenommen',
  'offerHistory.event.rejected': 'Abgelehnt',
  'offerHistory.event.expired': 'Abgelaufen',
  'offerHistory.event.priceDropped': 'Listenpreis unter das Angebot gesenkt',
  'offerHistory.event.outOfStock': 'Nicht vorrätig',
  'offerHistory.event.backInStock': 'Wieder vorrätig',
  'offerHistory.event.removed': 'Entfernt',
  'offerHistory.event.updated': 'Aktualisiert',
  'menu.notifications': 'E-Mail-Benachrichtigungen',
  'pageTitle.notifications': 'E-Mail-Benachrichtigungen',
  'notifications.title': 'E-Mail-Benachrichtigungen',
  'notifications.offerAnswerEmails':
    'Mich per E-Mail benachrichtigen, wenn der Verkäufer auf eines meiner Angebote antwortet',
  'notifications.offerAnswerEmailsHint':
    'Ein Gegenangebot, eine Annahme oder eine Ablehnung, in der Sprache dieser Website.',
  'notifications.auctionEmails': 'Mich per E-Mail über Auktionen benachrichtigen',
  'notifications.auctionEmailsHint':
    'Wenn ich überboten werde, wenn ich ein Los gewinne oder verliere und wenn ein beobachtetes Los bald endet, in der Sprache dieser Website.',
  'notifications.save': 'Speichern',
  'notifications.saved': 'Ihre Benachrichtigungseinstellung wurde gespeichert.',
  'notifications.failed':
    'Ihre Benachrichtigungseinstellung konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.',
};
