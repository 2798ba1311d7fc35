import type { enConfirmation } from './en-confirmation';

/** Deutsche Texte der Bestellbestätigung, der Rückkehr von der Zahlung und der Wahl einer bestehenden Bestellung. */
export const deConfirmation: Record<keyof typeof enConfirmation, string> = {
  'pageTitle.orderConfirmation': 'Bestellbestätigung',
  'pageTitle.addToOrder': 'Zu einer nicht versandten Bestellung hinzufügen',
  'confirmation.title': 'Vielen Dank für Ihre Bestellung',
  'confirmation.orderNumber': 'Bestellnummer {{orderNumber}}',
  'confirmation.message.payAndShipNow':
    'Ihre Bestellung {{orderNumber}} ist freigegeben. Wir bereiten sie vor und versenden sie an Sie.',
  'confirmation.message.holdTheOrder':
    'Ihre Bestellung {{orderNumber}} ist zurückgestellt. Sie wird versendet, sobald Sie sie unter Ihren Bestellungen freigeben.',
  'confirmation.message.holdTheOrderUntilShippingQuote':
    'Ihre Bestellung {{orderNumber}} ist zurückgestellt, bis wir Ihnen ein Versandangebot senden. Wir teilen Ihnen die Frachtkosten mit, damit Sie sie freigeben können.',
  'confirmation.message.payAndShipNowPickUp':
    'Ihre Bestellung {{orderNumber}} ist freigegeben. Wir bereiten sie zur Abholung in {{warehouse}} vor.',
  'confirmation.message.holdTheOrderPickUp':
    'Ihre Bestellung {{orderNumber}} ist zurückgestellt. Sobald Sie sie in Ihren Bestellungen freigeben, bereiten wir sie zur Abholung in {{warehouse}} vor.',
  'confirmation.pickUp.heading': 'Abholung in {{warehouse}}',
  'confirmation.pickUp.openingHours': 'Öffnungszeiten: {{hours}}',
  'confirmation.pxnsPending':
    'Die Mengen dieser Bestellung stehen noch aus, bis der Lieferant sie bestätigt. Ihre Bestellung wird mit den bestätigten Mengen aktualisiert.',
  'confirmation.paymentHeading': 'Zahlung',
  'confirmation.paymentMethod': 'Zahlungsart: {{method}}',
  'confirmation.paid': 'Ihre Zahlung ist eingegangen.',
  'confirmation.paymentFailed': 'Ihre Zahlung ist nicht durchgegangen.',
  'confirmation.payNowPrompt': 'Bitte JETZT MIT {{provider}} BEZAHLEN.',
  'confirmation.paymentRequired':
    'Die Zahlung muss eingegangen sein, bevor wir Ihre Bestellung versenden können. Bitte schließen Sie Ihre Zahlung jetzt mit {{method}} ab',
  'confirmation.paymentAwaiting': 'Ihre Zahlung ist noch nicht abgeschlossen.',
  'confirmation.payNow': 'JETZT MIT {{provider}} BEZAHLEN',
  'confirmation.paymentNotStarted': 'Die Zahlung konnte nicht gestartet werden. Bitte versuchen Sie es erneut.',
  'confirmation.paymentNotConfirmed':
    'Ihre Zahlung konnte gerade nicht geprüft werden. Bitte sehen Sie sich Ihre Bestellung in einem Moment erneut an.',
  'confirmation.paymentVoided':
    'Ihre Zahlung ist nicht durchgegangen. Es wurde nichts belastet: Diese Bestellung schuldete sie nicht mehr, oder eine neuere Zahlung hat sie ersetzt.',
  'confirmation.paymentRefunded':
    'Ihre Zahlung ist nicht durchgegangen: Diese Bestellung war bereits bezahlt, der belastete Betrag wurde Ihnen daher erstattet.',
  'confirmation.paymentWindowClosing': 'Ihre Zahlung ist abgeschlossen; dieses Fenster wird jetzt geschlossen.',
  'confirmation.summary': 'Bestellübersicht',
  'confirmation.lines': 'Artikel der Bestellung {{orderNumber}}',
  'confirmation.item': 'Artikel',
  'confirmation.quantity': 'Menge',
  'confirmation.unitPrice': 'Stückpreis',
  'confirmation.extendedPrice': 'Positionssumme',
  'confirmation.subtotal': 'Gesamtzwischensumme',
  'confirmation.servicesFee': 'Gebühren für Zusatzleistungen',
  'confirmation.freight': 'Fracht',
  'confirmation.freightDiscount': 'Aktion ({{promotion}})',
  'confirmation.insurance': 'Transportversicherung',
  'confirmation.freightPending': 'Versandangebot ausstehend',
  'confirmation.fees': 'Gebühren',
  'confirmation.feesOf': 'Gebühren ({{method}})',
  'confirmation.pleaseWait': 'Bitte warten...',
  'confirmation.tax': 'Steuer',
  'confirmation.taxWith': 'Steuer ({{description}})',
  'confirmation.total': 'Gesamtpreis',
  'confirmation.backToOrders': 'ZURÜCK ZU DEN BESTELLUNGEN',
  'confirmation.orders.paymentAccepted': 'Ihre Zahlung wurde angenommen und wird bearbeitet.',
  'confirmation.orders.processing':
    'Ihre Anfrage wird bearbeitet. In wenigen Minuten erhalten Sie eine Bestätigung per E-Mail.',
  'confirmation.backToStock': 'ZURÜCK ZUR BESTANDSLISTE',
  'confirmation.notFound': 'Keine Bestellung mit dieser Nummer gefunden: {{orderNumber}}',
  'addToOrder.title': 'Zu einer nicht versandten Bestellung hinzufügen — {{warehouse}}',
  'addToOrder.back': 'Zurück zum Warenkorb',
  'addToOrder.legend': 'Artikel hinzufügen zu',
  'addToOrder.newOrder': 'Neue Bestellung',
  'addToOrder.lastUpdated': 'zuletzt geändert am {{date}}',
  'addToOrder.review': 'ZUSAMMENGEFÜHRTE BESTELLUNG PRÜFEN',
  'addToOrder.cancel': 'ABBRECHEN',
};
