import { auctionMailDe } from './auctions';
import type { MailTexts } from './en';

export const mailDe: MailTexts = {
  'mail.greeting': 'Guten Tag {{firstName}},',
  'mail.alert.subject': '{{tenantName}}: {{count}} weitere Stück von {{item}}',
  'mail.alert.added': '{{count}} Stück von {{item}} (Artikel {{itemNumber}}) wurden der Bestandsliste hinzugefügt.',
  'mail.alert.available': 'Jetzt sind {{count}} Stück verfügbar.',
  'mail.alert.why':
    'Sie erhalten diese Nachricht, weil Sie auf {{siteTitle}} einen Bestandsalarm eingerichtet haben. Verwalten Sie Ihre Alarme auf der Seite $t(menu.stockAlerts).',
  'mail.report.subject': '{{tenantName}}: neue Verfügbarkeiten und Preissenkungen, {{day}}',
  'mail.report.attached':
    'Im Anhang: {{count}} Artikel, die seit Ihrem letzten Bericht verfügbar oder günstiger geworden sind.',
  'mail.report.why':
    'Sie erhalten diesen Tagesbericht, weil Sie ihn auf {{siteTitle}} abonniert haben; abbestellen können Sie ihn über die Schaltfläche $t(stock.dailyReport) der Bestandsliste.',
  'mail.report.fileName': 'tagesbericht-{{day}}.xlsx',
  'mail.report.sheet': '$t(report.title)',
  'sheet.stockList': '$t(stock.title)',
  'sheet.column.itemNumber': 'Artikel-Nr.',
  'sheet.column.description': 'Beschreibung',
  'sheet.column.warehouse': 'Lager',
  'sheet.column.category': 'Kategorie',
  'sheet.column.grade': 'Zustand',
  'sheet.column.quantityAvailable': 'Verfügbare Menge',
  'sheet.column.listPrice': 'Listenpreis',
  'sheet.column.previousPrice': 'Vorheriger Preis',
  'sheet.column.change': 'Änderung',
  'sheet.column.newOfferQuantity': 'Neue Angebotsmenge',
  'sheet.column.newOfferPrice': 'Neuer Angebotspreis',
  'sheet.import': 'Angebote',
  'sheet.import.fileName': 'vorlage-angebotsimport.xlsx',
  'mail.report.change.more': 'Neu verfügbar',
  'mail.report.change.cheaper': 'Preissenkung',
  'mail.report.change.both': 'Neu verfügbar und Preissenkung',
  'mail.orderUpdated.subject': '{{tenantName}}: Bestellung {{orderNumber}} aktualisiert',
  'mail.orderUpdated.subjectMany': '{{tenantName}}: {{count}} Bestellungen aktualisiert',
  'mail.orderUpdated.reference': 'Ihre Referenz für Bestellung {{orderNumber}} lautet jetzt {{reference}}.',
  'mail.orderUpdated.referenceCleared': 'Ihre Referenz für Bestellung {{orderNumber}} wurde entfernt.',
  'mail.orderPlaced.subject': '{{tenantName}}: Bestellung {{orderNumber}}, was sie berechnet',
  'mail.reservationFee.subject':
    '{{tenantName}}: Bestellung {{orderNumber}} überfällig, eine Reservierungsgebühr fällt an',
  'mail.reservationFee.charged':
    'Bestellung {{orderNumber}} wurde nicht bis zum Ende ihrer Zahlungsfrist am {{graceEnd}} bezahlt. Gemäß den von Ihnen akzeptierten Reservierungs- und Stornierungsbedingungen wird nun eine Reservierungsgebühr von {{fee}} berechnet und {{perDay}} für jede weiteren 24 Stunden, bis sie bezahlt ist.',
  'mail.reservationFee.periodEnd': 'Die Gebühr läuft bis zum {{periodEnd}}.',
  'mail.reservationFee.total': 'Ihr Gesamtbetrag beträgt jetzt {{total}}; offen sind noch {{balance}}.',
  'mail.reservationFee.where':
    'Zahlen Sie den offenen Betrag oder bitten Sie um mehr Zeit auf der Seite der Bestellung unter $t(menu.orders) auf {{siteTitle}}.',
  'mail.orderPlaced.placed': 'Danke für Ihre Bestellung {{orderNumber}}. Hier ist jeder ihrer Beträge:',
  'mail.orderPlaced.added':
    'Ihr Warenkorb wurde der Bestellung {{orderNumber}} hinzugefügt. Hier ist jeder ihrer Beträge jetzt:',
  'mail.orderPlaced.line': '{{quantity}} × {{description}} (Artikel {{itemNumber}}) zu {{unitPrice}}: {{amount}}',
  'mail.orderPlaced.reference': 'Ihre Referenz: {{reference}}',
  'mail.pickUp.at': 'Abholung in {{warehouse}}:',
  'mail.pickUp.openingHours': 'Öffnungszeiten: {{hours}}',
  'mail.offerAnswered.subject': '{{tenantName}}: Der Verkäufer hat auf Ihr Angebot für {{item}} geantwortet',
  'mail.offerAnswered.countered':
    'Der Verkäufer hat Ihnen zu Ihrem Angebot für {{item}} (Artikel {{itemNumber}}) ein Gegenangebot gemacht: {{quantity}} zu {{price}} statt {{offered}}, gültig bis {{until}}.',
  'mail.offerAnswered.accepted':
    'Der Verkäufer hat Ihr Angebot für {{item}} (Artikel {{itemNumber}}) angenommen: {{quantity}} zu {{price}}, gültig bis {{until}}.',
  'mail.offerAnswered.rejected':
    'Der Verkäufer hat Ihr Angebot für {{item}} (Artikel {{itemNumber}}) abgelehnt: {{quantity}} zu {{offered}}.',
  'mail.offerAnswered.where': 'Ihre Angebote finden Sie auf der Seite $t(menu.cart) von {{siteTitle}}.',
  'mail.offerAnswered.why':
    'Sie erhalten diese Nachricht, weil E-Mails zu Antworten auf Angebote aktiviert sind; deaktivieren können Sie sie unter $t(menu.notifications) im Benutzermenü.',
  'mail.savedSearch.subject': '{{tenantName}}: Neues zu Ihren gespeicherten Suchen, {{day}}',
  'mail.savedSearch.intro':
    'Seit gestern hat die Bestandsliste von {{siteTitle}} neue Artikel oder niedrigere Preise für Ihre gespeicherten Suchen:',
  'mail.savedSearch.search': '„{{name}}“: {{added}} neue passende Artikel, {{cheaper}} Preissenkungen',
  'mail.savedSearch.added': 'Neu: {{item}} (Artikel {{itemNumber}}), {{quantity}} verfügbar zu {{price}}',
  'mail.savedSearch.cheaper': 'Günstiger: {{item}} (Artikel {{itemNumber}}), {{price}} statt {{previous}}',
  'mail.savedSearch.more': 'und {{count}} weitere',
  'mail.savedSearch.open': 'Ansehen: {{link}}',
  'mail.savedSearch.why':
    'Sie erhalten diese Nachricht, weil für diese gespeicherten Suchen auf {{siteTitle}} Benachrichtigungen aktiviert sind; deaktivieren können Sie sie auf der Seite $t(savedSearches.title).',
  'mail.preorder.subject':
    '{{tenantName}}: Ihre Vorbestellung von {{item}}, {{allocated}} von {{requested}} Einheiten zugeteilt',
  'mail.preorder.allocated':
    'Der Bestand von {{item}} ist eingetroffen: Ihnen sind {{allocated}} der {{requested}} Einheiten zugeteilt, zu denen Sie sich verpflichtet haben.',
  'mail.preorder.order':
    'Sie stehen auf Bestellung {{orderNumber}} zu {{unitPrice}} je Einheit. Wartet die Bestellung auf Ihre Versand- oder Zahlungsauswahl, treffen Sie sie auf ihrer Seite.',
  'mail.preorder.notAllocated':
    'Der Bestand von {{item}} ist eingetroffen, doch Ihrer Verpflichtung über {{requested}} Einheiten konnte nichts zugeteilt werden.',
  'mail.preorder.aboveMaximum':
    'Der Bestand von {{item}} ist zu {{unitPrice}} je Einheit eingetroffen, über Ihrem Höchstpreis von {{maxUnitPrice}}: Von den {{requested}} Einheiten Ihrer Verpflichtung wurde nichts zugeteilt.',
  'mail.preorder.canceledSubject': '{{tenantName}}: Die Vorbestellung von {{item}} wurde storniert',
  'mail.preorder.canceled':
    'Der Verkäufer hat die Vorbestellung von {{item}} storniert. Ihre Verpflichtung über {{requested}} Einheiten ist damit storniert, und es wird nichts bestellt. Begründung des Verkäufers: {{reason}}',
  'mail.preorder.where': 'Ihre Verpflichtungen finden Sie auf der Seite $t(menu.preorders).',
  'mail.reset.subject': '{{tenantName}}: Ihr Bestätigungscode',
  'mail.reset.code': 'Ihr Bestätigungscode lautet {{code}}',
  'mail.reset.validity':
    'Er ist {{minutes}} Minuten gültig. Falls Sie das Zurücksetzen Ihres Passworts nicht angefordert haben, können Sie diese Nachricht ignorieren.',
  'mail.return.subject': '{{tenantName}}: Retoure {{rmaNumber}} {{status}}',
  'mail.return.status': 'Ihre Retourenanfrage {{rmaNumber}} zu Bestellung {{orderNumber}} ist jetzt: {{status}}.',
  'mail.return.answer': 'Antwort des Verkäufers: {{answer}}',
  'mail.return.instructions': 'Hinweise zur Retoure: {{instructions}}',
  'mail.return.credit': 'Gutgeschrieben auf Bestellung {{orderNumber}}: {{amount}}.',
  'mail.return.rejectedUnits': 'Nicht zur Retoure angenommen:',
  'mail.return.rejectedUnit': '{{unit}}: {{reason}}',
  'mail.return.status.REQUESTED': 'angefordert',
  'mail.return.status.APPROVED': 'genehmigt',
  'mail.return.status.REJECTED': 'abgelehnt',
  'mail.return.status.RECEIVED': 'eingegangen',
  'mail.return.status.CREDITED': 'gutgeschrieben',
  'mail.return.status.REPLACED': 'ersetzt',
  'mail.return.status.CANCELED': 'storniert',
  'return.refused.notShipped': 'Nicht mit dieser Bestellung versandt: {{units}}',
  'return.refused.outsideWindow': 'Außerhalb der Rückgabefrist von {{days}} Tagen: {{units}}',
  'return.refused.alreadyReturned': 'Bereits retourniert: {{units}}',
  'return.refused.inOpenRequest': 'Bereits in einer offenen Retourenanfrage: {{units}}',
  'return.photoRequired': 'Für den angegebenen Grund sind Fotos erforderlich: {{units}}',
  'return.photoNotImage': 'Ein Foto von {{units}} ist kein Bild (JPEG, PNG, WebP oder GIF)',
  'return.photoTooLarge': 'Ein Foto von {{units}} ist größer als {{mb}} MB',
  'return.tooManyPhotos': 'Mehr als {{max}} Fotos von: {{units}}',
  'return.photosTooLarge': 'Höchstens {{max}} Fotos und {{mb}} MB Fotos pro Anfrage',
  'system.freeShipping': 'Kostenloser Versand ({{methods}}) für Bestellungen über {{amount}} aus einem Lager.',
  'system.promotionUntil': 'Bis zum {{date}}.',
  'system.freeShippingApplied': 'Kostenloser Versand: Bestellung über {{amount}}',
  'system.offerClearing': 'Angebote werden werktags zwischen 9 und 17 Uhr US-Ostküstenzeit geprüft.',
  ...auctionMailDe,
};
