import type { enOrderTerms } from './en-order-terms';

/** Deutsche Texte der Reservierungs- und Stornobedingungen, der Gebühren und der Verlängerung der Zahlungsfrist. */
export const deOrderTerms: Record<keyof typeof enOrderTerms, string> = {
  'pageTitle.orderTerms': 'Zahlungsbedingungen',
  'orderTerms.title': 'Zahlungsbedingungen der Bestellung Nr. {{orderNumber}}',
  'orderTerms.backToOrder': 'Zurück zur Bestellung',
  'orderTerms.notFound': 'Keine Bestellung mit dieser Nummer gefunden: {{orderNumber}}',
  'orderTerms.disabled': 'Für diese Bestellung gibt es keine Zahlungsfrist.',
  'orderTerms.fetchFailed': 'Die Reservierungs- und Stornobedingungen konnten nicht abgerufen werden.',
  'orderTerms.heading': 'Regelung bei Zahlungsverzug',
  'orderTerms.dueBy': 'Bitte zahlen Sie bis {{date}}.',
  'orderTerms.overdue': 'Zahlung überfällig: Sie war bis {{date}} fällig. Bitte zahlen Sie jetzt.',
  'orderTerms.currentAccount': 'Die Zahlung wird über Ihr Kontokorrentkonto bei uns abgewickelt.',
  'orderTerms.account.dueBy': 'Zahlung fällig bis {{date}}: {{days}} Tage ab der Rechnung vom {{invoiced}}.',
  'orderTerms.account.overdue':
    'Zahlung überfällig: Sie war bis {{date}} fällig, {{days}} Tage ab der Rechnung vom {{invoiced}}. Bitte zahlen Sie jetzt.',
  'orderTerms.account.notInvoiced':
    'Die Zahlung ist {{days}} Tage ab der Rechnung fällig; das Fälligkeitsdatum erscheint hier, sobald die Bestellung in Rechnung gestellt ist.',
  'orderTerms.howToPay': 'So zahlen Sie: {{instructions}}',
  'orderTerms.payNow': 'Jetzt zahlen',
  'orderTerms.policy':
    'Nach diesem Datum wird für je 24 Stunden Zahlungsverzug eine Reservierungsgebühr von {{reservationPercent}} des Bestellwerts berechnet, und eine Stornogebühr von {{cancellationPercent}} je 24 Stunden, falls die Bestellung dann storniert wird.',
  'orderTerms.acceptPrompt': 'Bitte akzeptieren Sie die Reservierungs- und Stornobedingungen.',
  'orderTerms.accept': 'BEDINGUNGEN AKZEPTIEREN',
  'orderTerms.acceptedOn': 'Sie haben die Reservierungs- und Stornobedingungen am {{date}} akzeptiert.',
  'orderTerms.accepted': 'Sie haben die Reservierungs- und Stornobedingungen akzeptiert.',
  'orderTerms.late': 'Ihre Zahlung ist verspätet: Es fallen Reservierungs- und Stornogebühren an.',
  'orderTerms.accrued':
    'Bisherige Gebühren: Reservierungsgebühr {{reservationFee}}; Stornogebühr {{cancellationFee}}, falls die Bestellung jetzt storniert wird.',
  'orderTerms.feesEnd': 'Ab dem {{date}} fallen keine weiteren Gebühren an.',
  'orderTerms.viewFees': 'Gebühren anzeigen',
  'orderTerms.extendText': 'Brauchen Sie mehr Zeit für die Zahlung? Sie können die Zahlungsfrist verlängern.',
  'orderTerms.extend': 'FRIST VERLÄNGERN',
  'orderTerms.extended': 'Die Zahlungsfrist wurde verlängert.',
  'orderTerms.extendFailed': 'Die Zahlungsfrist konnte nicht verlängert werden.',
  'orderTerms.acceptFailed': 'Die Bedingungen konnten nicht akzeptiert werden.',
  'orderTerms.dialogTitle': 'Reservierungs- und Stornogebühren',
  'orderTerms.dialogIntro': 'Gebührensätze je 24 Stunden, bezogen auf den aktuellen Bestellwert von {{value}}.',
  'orderTerms.fee': 'Gebühr',
  'orderTerms.percentPer24h': 'Satz je 24 Stunden',
  'orderTerms.amountPer24h': 'Betrag je 24 Stunden',
  'orderTerms.reservationFee': 'Reservierungsgebühr',
  'orderTerms.cancellationFee': 'Stornogebühr',
  'orderTerms.failed.notApplicable': 'Diese Bedingungen gelten nicht für diese Bestellung.',
  'orderTerms.failed.changed':
    'Die Bedingungen dieser Bestellung haben sich geändert, seit Sie sie gelesen haben. Bitte prüfen Sie die neuen Bedingungen und akzeptieren Sie sie erneut.',
  'orderTerms.failed.notExtendable': 'Die Zahlungsfrist dieser Bestellung kann nicht verlängert werden.',
};
