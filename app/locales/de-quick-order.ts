import type { enQuickOrder } from './en-quick-order';

/** Deutsche Texte der Schnellbestellung (Issue 37). */
export const deQuickOrder: Record<keyof typeof enQuickOrder, string> = {
  'pageTitle.quickOrder': 'Schnellbestellung',
  'stock.quickOrder': 'SCHNELLBESTELLUNG',
  'dashboard.quickOrder': 'Schnellbestellung',
  'quickOrder.title': 'Schnellbestellung',
  'quickOrder.back': 'Zurück zur Bestandsliste',
  'quickOrder.intro':
    'Geben Sie die gewünschten Artikel ein oder fügen Sie sie ein, einen pro Zeile, wie aus einer Tabelle kopiert. Sie prüfen sie wie einen Sammelimport, bevor etwas gespeichert wird.',
  'quickOrder.label': 'Bestellzeilen',
  'quickOrder.hint':
    'Jede Zeile: Artikelnummer, Lager, Menge und für ein Angebot Ihr Preis, getrennt durch Tabulatoren, Kommas, Semikolons oder Leerzeichen. Ohne Preis kaufen Sie zum Listenpreis. Eine erste Zeile mit Spaltennamen und leere Zeilen werden übersprungen. Bis zu {{rows}} Zeilen.',
  'quickOrder.example': 'Zum Beispiel:',
  'quickOrder.replaces': 'Diese Zeilen ersetzen einen Import, der noch auf Ihre Prüfung wartet.',
  'quickOrder.kept': 'Dies sind die Zeilen, die auf Ihre Prüfung warten: Ändern Sie sie und prüfen Sie sie erneut.',
  'quickOrder.review': 'PRÜFEN',
  'quickOrder.reviewing': 'Zeilen werden gelesen...',
  'quickOrder.failed': 'Die Zeilen konnten nicht gelesen werden. Bitte versuchen Sie es erneut.',
  'import.textLine': 'Zeilen aus der Schnellbestellung, aufbewahrt bis {{date}}',
  'import.editLines': 'Diese Zeilen ändern',
  'import.comment.priceFromList': 'Kein Preis angegeben: der Listenpreis',
  'errors.quickOrderEmpty':
    'Geben Sie mindestens eine Zeile ein oder fügen Sie sie ein: Artikelnummer, Lager und Menge.',
  'errors.quickOrderTooLong': 'Der Text ist länger als {{max}} Zeichen; teilen Sie ihn auf mehrere Bestellungen auf.',
};
