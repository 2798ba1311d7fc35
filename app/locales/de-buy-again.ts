import type { enBuyAgain } from './en-buy-again';

/** Deutsche Texte von „Erneut kaufen“ (Issue 37): Prüfung der Positionen einer früheren Bestellung und Bestätigung. */
export const deBuyAgain: Record<keyof typeof enBuyAgain, string> = {
  'pageTitle.buyAgain': 'Erneut kaufen',
  'buyAgain.action': 'Erneut kaufen',
  'buyAgain.title': 'Bestellung Nr. {{order}} erneut kaufen',
  'buyAgain.backToOrder': 'Zurück zur Bestellung',
  'buyAgain.intro':
    'Heutiger Bestand und heutige Listenpreise in {{warehouse}}. Erst nach Ihrer Bestätigung wird etwas in den Warenkorb gelegt.',
  'buyAgain.goingTitle_one': '{{count}} Position kommt in Ihren Warenkorb',
  'buyAgain.goingTitle_other': '{{count}} Positionen kommen in Ihren Warenkorb',
  'buyAgain.leftTitle_one': '{{count}} Position bleibt außen vor',
  'buyAgain.leftTitle_other': '{{count}} Positionen bleiben außen vor',
  'buyAgain.nothingGoing': 'Von dieser Bestellung kann heute nichts in Ihren Warenkorb gelegt werden.',
  'buyAgain.ordered': 'Artikel-Nr. {{itemNumber}}, bestellt: {{quantity}}',
  'buyAgain.toCart': '{{quantity}} zu {{price}}',
  'buyAgain.short': 'Knapp: nur {{available}} verfügbar, {{quantity}} zu {{price}}',
  'buyAgain.inCart': 'Bereits in Ihrem Warenkorb ({{quantity}})',
  'buyAgain.offerOpen': 'Ihr Angebot für diesen Artikel bleibt unverändert ({{status}})',
  'buyAgain.gone': 'Nicht mehr vorrätig',
  'buyAgain.confirm': 'IN DEN WARENKORB',
  'buyAgain.added_one': '{{count}} Position der Bestellung wurde in Ihren Warenkorb gelegt',
  'buyAgain.added_other': '{{count}} Positionen der Bestellung wurden in Ihren Warenkorb gelegt',
  'buyAgain.nothingAdded': 'Es wurde nichts hinzugefügt: Diese Positionen sind bereits in Ihrem Warenkorb.',
  'buyAgain.failed': 'Die Bestellung konnte nicht erneut gekauft werden. Bitte versuchen Sie es erneut.',
};
