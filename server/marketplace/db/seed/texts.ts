import type { Db } from '../client';
import { marketplaceTexts } from '../schema';
import { knownTexts } from '../../services/texts/known-texts';
import { PSEUDO_LANGUAGE, pseudoText } from '../../../../app/locales/pseudo';

/**
 * The demo marketplace's words in French and German, by their English: status labels, the checkout's
 * methods, request-a-quote levels, services and taxes (of either region), grades, warehouses and
 * warehouse groups. A tenant operator sets its own through the admin API or `npm run marketplace -- texts`.
 */
const FR: Record<string, string> = {
  // Fulfilment and payment statuses, and the pay-and-ship warning of the order settings.
  'On Hold': 'En attente',
  'Awaiting Shipping Quote': 'Devis de transport attendu',
  Unshipped: 'Non expédiée',
  'Partially Shipped': 'Expédiée en partie',
  Shipped: 'Expédiée',
  Invoiced: 'Facturée',
  Canceled: 'Annulée',
  Unpaid: 'Non payée',
  'Awaiting Payment': 'Paiement attendu',
  'Partially Paid': 'Payée en partie',
  Paid: 'Payée',
  'Payment Failed': 'Paiement refusé',
  Refunded: 'Remboursée',
  'Credit Due': 'Avoir à émettre',
  'Nothing Due': 'Rien à payer',
  'Once released, your order is prepared for shipping and can no longer be changed. Do you want to pay and ship it now?':
    'Une fois libérée, votre commande est préparée pour l’expédition et ne peut plus être modifiée. Voulez-vous la payer et l’expédier maintenant ?',
  // Shipping methods.
  'ACME Standard Shipping': 'Livraison standard ACME',
  'ACME Express Shipping': 'Livraison express ACME',
  'Standard shipping': 'Livraison standard',
  'Express shipping': 'Livraison express',
  'Pick up at the warehouse': 'Retrait à l’entrepôt',
  'Monday to Friday, 8 AM to 5 PM (local time)': 'Du lundi au vendredi, de 8 h à 17 h (heure locale)',
  'Monday to Friday, 8:30 to 17:30 (local time)': 'Du lundi au vendredi, de 8 h 30 à 17 h 30 (heure locale)',
  'Monday to Saturday, 9:00 to 18:00 (local time)': 'Du lundi au samedi, de 9 h à 18 h (heure locale)',
  'Bill My Account': 'Facturer mon compte transporteur',
  'Request a Quote': 'Demander un devis',
  'Delivered in 3 to 5 business days': 'Livraison en 3 à 5 jours ouvrés',
  'Delivered in 1 to 2 business days': 'Livraison en 1 à 2 jours ouvrés',
  'Ready for pick-up the next business day': 'Prêt à retirer le jour ouvré suivant',
  'As your carrier’s service level': 'Selon le niveau de service de votre transporteur',
  'Given with the quote': 'Indiqué avec le devis',
  // Request-a-quote service levels (carriers' own service levels are their product names and stay).
  Economy: 'Économique',
  Standard: 'Standard',
  Express: 'Express',
  // Payment methods.
  'Net 30 terms': 'Paiement à 30 jours',
  'Pay within 30 days of the invoice.': 'Payez sous 30 jours à compter de la facture.',
  'Pay each invoice within 30 days of its date by bank wire to account 0012 3456 789, quoting your order number.':
    'Payez chaque facture sous 30 jours à compter de sa date par virement sur le compte 0012 3456 789, en indiquant votre numéro de commande.',
  'Cash on delivery': 'Paiement à la livraison',
  'Pay the carrier when the order arrives.': 'Payez le transporteur à l’arrivée de la commande.',
  'Have a certified cheque ready for the carrier.': 'Préparez un chèque de banque pour le transporteur.',
  'Wire transfer': 'Virement bancaire',
  'Pay by bank wire before the order ships.': 'Payez par virement avant l’expédition de la commande.',
  'Wire the total to account 0012 3456 789, quoting your order number.':
    'Virez le total sur le compte 0012 3456 789 en indiquant votre numéro de commande.',
  'Wire the total to IBAN FR76 3000 6000 0112 3456 7890 189, quoting your order number.':
    'Virez le total sur l’IBAN FR76 3000 6000 0112 3456 7890 189 en indiquant votre numéro de commande.',
  'Pay now through PayPal.': 'Payez maintenant avec PayPal.',
  'You pay through PayPal when you place the order.': 'Vous payez avec PayPal en passant la commande.',
  // Additional services.
  'Certified data wipe': 'Effacement certifié des données',
  'Every device wiped with a certificate.': 'Chaque appareil effacé, avec un certificat.',
  'Certificates arrive with the invoice.': 'Les certificats arrivent avec la facture.',
  'Photo audit': 'Contrôle photo',
  'Photos of every device before it ships.': 'Des photos de chaque appareil avant son expédition.',
  'Premium packaging': 'Emballage premium',
  'Devices boxed one by one.': 'Appareils emballés un par un.',
  // Taxes.
  'Texas sales tax 8.25%': 'Taxe de vente du Texas 8,25 %',
  'New York sales tax 8.88%': 'Taxe de vente de New York 8,88 %',
  'Florida sales tax 6%': 'Taxe de vente de Floride 6 %',
  'California sales tax 7.25%': 'Taxe de vente de Californie 7,25 %',
  'French VAT 20%': 'TVA française 20 %',
  'Dutch VAT 21%': 'TVA néerlandaise 21 %',
  'Belgian VAT 21%': 'TVA belge 21 %',
  'German VAT 19%': 'TVA allemande 19 %',
  'Italian VAT 22%': 'TVA italienne 22 %',
  // Grades.
  'Like new: no visible signs of use, battery health above 90%.':
    'Comme neuf : aucune trace d’usage visible, batterie à plus de 90 %.',
  'Excellent: faint marks visible only under close inspection.':
    'Excellent : légères marques visibles seulement de très près.',
  'Very good: light scratches on the frame, screen free of marks.':
    'Très bon : rayures légères sur le cadre, écran sans marque.',
  'Good: visible scratches or small dents; fully functional.':
    'Bon : rayures visibles ou petits chocs ; entièrement fonctionnel.',
  'Fair: heavy wear, deep scratches or chips; fully functional.':
    'Correct : usure marquée, rayures profondes ou éclats ; entièrement fonctionnel.',
  'Defective: cracked glass or a failed function listed on the item.':
    'Défectueux : verre fêlé ou fonction en panne indiquée sur l’article.',
  Good: 'Bon',
  Fair: 'Correct',
  'Pristine condition, original accessories where available.': 'État impeccable, accessoires d’origine si disponibles.',
  'Minimal signs of use, fully tested.': 'Traces d’usage minimes, entièrement testé.',
  'Moderate signs of use, fully tested.': 'Traces d’usage modérées, entièrement testé.',
  'Heavy signs of use, fully tested.': 'Fortes traces d’usage, entièrement testé.',
  // Warehouses and warehouse groups.
  Frankfurt: 'Francfort',
  Hamburg: 'Hambourg',
  'United States': 'États-Unis',
  'Ships from our US warehouses': 'Expédié depuis nos entrepôts aux États-Unis',
  'Ships from our European warehouses': 'Expédié depuis nos entrepôts européens',
  'European Union': 'Union européenne',
  'Ships from our warehouses in the European Union': 'Expédié depuis nos entrepôts de l’Union européenne',
  'BlueWave Asia': 'BlueWave Asie',
  'NorthStar Germany': 'NorthStar Allemagne',
  'Network stock shipped by BlueWave Mobile': 'Stock du réseau expédié par BlueWave Mobile',
  'Network stock shipped by NorthStar Devices': 'Stock du réseau expédié par NorthStar Devices',
};

const DE: Record<string, string> = {
  'On Hold': 'Zurückgestellt',
  'Awaiting Shipping Quote': 'Versandangebot ausstehend',
  Unshipped: 'Nicht versandt',
  'Partially Shipped': 'Teilweise versandt',
  Shipped: 'Versandt',
  Invoiced: 'Berechnet',
  Canceled: 'Storniert',
  Unpaid: 'Unbezahlt',
  'Awaiting Payment': 'Zahlung ausstehend',
  'Partially Paid': 'Teilweise bezahlt',
  Paid: 'Bezahlt',
  'Payment Failed': 'Zahlung fehlgeschlagen',
  Refunded: 'Erstattet',
  'Credit Due': 'Gutschrift fällig',
  'Nothing Due': 'Nichts zu zahlen',
  'Once released, your order is prepared for shipping and can no longer be changed. Do you want to pay and ship it now?':
    'Nach der Freigabe wird Ihre Bestellung für den Versand vorbereitet und kann nicht mehr geändert werden. Möchten Sie sie jetzt bezahlen und versenden?',
  'ACME Standard Shipping': 'ACME Standardversand',
  'ACME Express Shipping': 'ACME Expressversand',
  'Standard shipping': 'Standardversand',
  'Express shipping': 'Expressversand',
  'Pick up at the warehouse': 'Abholung im Lager',
  'Monday to Friday, 8 AM to 5 PM (local time)': 'Montag bis Freitag, 8 bis 17 Uhr (Ortszeit)',
  'Monday to Friday, 8:30 to 17:30 (local time)': 'Montag bis Freitag, 8:30 bis 17:30 Uhr (Ortszeit)',
  'Monday to Saturday, 9:00 to 18:00 (local time)': 'Montag bis Samstag, 9 bis 18 Uhr (Ortszeit)',
  'Bill My Account': 'Über mein Versandkonto',
  'Request a Quote': 'Angebot anfordern',
  'Delivered in 3 to 5 business days': 'Lieferung in 3 bis 5 Werktagen',
  'Delivered in 1 to 2 business days': 'Lieferung in 1 bis 2 Werktagen',
  'Ready for pick-up the next business day': 'Abholbereit am nächsten Werktag',
  'As your carrier’s service level': 'Je nach Serviceart Ihres Spediteurs',
  'Given with the quote': 'Wird mit dem Angebot mitgeteilt',
  Economy: 'Günstig',
  Standard: 'Standard',
  Express: 'Express',
  'Net 30 terms': 'Zahlungsziel 30 Tage',
  'Pay within 30 days of the invoice.': 'Zahlbar innerhalb von 30 Tagen nach Rechnungsdatum.',
  'Pay each invoice within 30 days of its date by bank wire to account 0012 3456 789, quoting your order number.':
    'Zahlen Sie jede Rechnung innerhalb von 30 Tagen ab Rechnungsdatum per Überweisung auf das Konto 0012 3456 789 unter Angabe Ihrer Bestellnummer.',
  'Cash on delivery': 'Nachnahme',
  'Pay the carrier when the order arrives.': 'Sie bezahlen den Spediteur bei Lieferung.',
  'Have a certified cheque ready for the carrier.': 'Halten Sie einen bankbestätigten Scheck für den Spediteur bereit.',
  'Wire transfer': 'Banküberweisung',
  'Pay by bank wire before the order ships.': 'Zahlung per Überweisung vor dem Versand.',
  'Wire the total to account 0012 3456 789, quoting your order number.':
    'Überweisen Sie den Gesamtbetrag auf das Konto 0012 3456 789 unter Angabe Ihrer Bestellnummer.',
  'Wire the total to IBAN FR76 3000 6000 0112 3456 7890 189, quoting your order number.':
    'Überweisen Sie den Gesamtbetrag auf die IBAN FR76 3000 6000 0112 3456 7890 189 unter Angabe Ihrer Bestellnummer.',
  'Pay now through PayPal.': 'Jetzt mit PayPal bezahlen.',
  'You pay through PayPal when you place the order.': 'Sie bezahlen mit PayPal, wenn Sie die Bestellung aufgeben.',
  'Certified data wipe': 'Zertifizierte Datenlöschung',
  'Every device wiped with a certificate.': 'Jedes Gerät gelöscht, mit Zertifikat.',
  'Certificates arrive with the invoice.': 'Die Zertifikate kommen mit der Rechnung.',
  'Photo audit': 'Fotoprüfung',
  'Photos of every device before it ships.': 'Fotos jedes Geräts vor dem Versand.',
  'Premium packaging': 'Premium-Verpackung',
  'Devices boxed one by one.': 'Geräte einzeln verpackt.',
  'Texas sales tax 8.25%': 'Umsatzsteuer Texas 8,25 %',
  'New York sales tax 8.88%': 'Umsatzsteuer New York 8,88 %',
  'Florida sales tax 6%': 'Umsatzsteuer Florida 6 %',
  'California sales tax 7.25%': 'Umsatzsteuer Kalifornien 7,25 %',
  'French VAT 20%': 'Französische MwSt. 20 %',
  'Dutch VAT 21%': 'Niederländische MwSt. 21 %',
  'Belgian VAT 21%': 'Belgische MwSt. 21 %',
  'German VAT 19%': 'Deutsche MwSt. 19 %',
  'Italian VAT 22%': 'Italienische MwSt. 22 %',
  'Grade A+': 'Zustand A+',
  'Grade A': 'Zustand A',
  'Grade B+': 'Zustand B+',
  'Grade B': 'Zustand B',
  'Grade C': 'Zustand C',
  'Grade D': 'Zustand D',
  'Like new: no visible signs of use, battery health above 90%.':
    'Wie neu: keine sichtbaren Gebrauchsspuren, Akkukapazität über 90 %.',
  'Excellent: faint marks visible only under close inspection.':
    'Ausgezeichnet: leichte Spuren, nur bei genauem Hinsehen sichtbar.',
  'Very good: light scratches on the frame, screen free of marks.':
    'Sehr gut: leichte Kratzer am Rahmen, Display ohne Spuren.',
  'Good: visible scratches or small dents; fully functional.':
    'Gut: sichtbare Kratzer oder kleine Dellen; voll funktionsfähig.',
  'Fair: heavy wear, deep scratches or chips; fully functional.':
    'Akzeptabel: starke Gebrauchsspuren, tiefe Kratzer oder Absplitterungen; voll funktionsfähig.',
  'Defective: cracked glass or a failed function listed on the item.':
    'Defekt: gesprungenes Glas oder ein am Artikel genannter Funktionsausfall.',
  Excellent: 'Ausgezeichnet',
  Good: 'Gut',
  Fair: 'Akzeptabel',
  'Pristine condition, original accessories where available.': 'Makelloser Zustand, Originalzubehör soweit vorhanden.',
  'Minimal signs of use, fully tested.': 'Minimale Gebrauchsspuren, vollständig geprüft.',
  'Moderate signs of use, fully tested.': 'Mäßige Gebrauchsspuren, vollständig geprüft.',
  'Heavy signs of use, fully tested.': 'Starke Gebrauchsspuren, vollständig geprüft.',
  Milan: 'Mailand',
  'United States': 'Vereinigte Staaten',
  'Ships from our US warehouses': 'Versand aus unseren Lagern in den USA',
  Europe: 'Europa',
  'Ships from our European warehouses': 'Versand aus unseren europäischen Lagern',
  'European Union': 'Europäische Union',
  'Ships from our warehouses in the European Union': 'Versand aus unseren Lagern in der Europäischen Union',
  'BlueWave Asia': 'BlueWave Asien',
  'NorthStar Germany': 'NorthStar Deutschland',
  'Network stock shipped by BlueWave Mobile': 'Netzwerkbestand, versandt von BlueWave Mobile',
  'Network stock shipped by NorthStar Devices': 'Netzwerkbestand, versandt von NorthStar Devices',
};

export const DEMO_TEXTS: Record<string, Record<string, string>> = { fr: FR, de: DE };

/** The demo's words in the tenant's language, for whatever the seeded marketplace holds (English needs none). */
export async function seedTexts(db: Db, language = 'en'): Promise<number> {
  const dictionary = DEMO_TEXTS[language.split('-')[0]!];
  const translate =
    language === PSEUDO_LANGUAGE ? pseudoText : dictionary ? (english: string) => dictionary[english] : null;
  if (!translate) return 0;
  const rows = (await knownTexts(db)).flatMap(({ kind, ref, field, english }) => {
    const text = translate(english);
    return text ? [{ kind, ref, field, language, text }] : [];
  });
  if (rows.length) await db.insert(marketplaceTexts).values(rows).onConflictDoNothing();
  return rows.length;
}
