import type { enOrderTerms } from './en-order-terms';

/** Textes français des conditions de réservation et d'annulation, des frais et de la prolongation du délai de paiement. */
export const frOrderTerms: Record<keyof typeof enOrderTerms, string> = {
  'pageTitle.orderTerms': 'Conditions de paiement',
  'orderTerms.title': 'Conditions de paiement de la commande n° {{orderNumber}}',
  'orderTerms.backToOrder': 'Retour à la commande',
  'orderTerms.notFound': 'Aucune commande trouvée pour ce numéro : {{orderNumber}}',
  'orderTerms.disabled': "Cette commande n'a pas de délai de grâce de paiement.",
  'orderTerms.fetchFailed': "Impossible d'obtenir les conditions de réservation et d'annulation.",
  'orderTerms.heading': 'Retard de paiement',
  'orderTerms.dueBy': 'Veuillez payer avant le {{date}}.',
  'orderTerms.overdue': 'Paiement en retard : il était dû avant le {{date}}. Veuillez payer maintenant.',
  'orderTerms.currentAccount': 'Le paiement est prélevé sur votre compte courant chez nous.',
  'orderTerms.account.dueBy': 'Paiement dû avant le {{date}} : {{days}} jours à compter de la facture du {{invoiced}}.',
  'orderTerms.account.overdue':
    'Paiement en retard : il était dû avant le {{date}}, {{days}} jours à compter de la facture du {{invoiced}}. Veuillez payer maintenant.',
  'orderTerms.account.notInvoiced':
    "Le paiement est dû {{days}} jours à compter de la facture ; la date d'échéance s'affiche ici une fois la commande facturée.",
  'orderTerms.howToPay': 'Comment payer : {{instructions}}',
  'orderTerms.payNow': 'Payer maintenant',
  'orderTerms.policy':
    "Passé cette date, des frais de réservation de {{reservationPercent}} de la valeur de la commande sont facturés par période de 24 heures de retard, et des frais d'annulation de {{cancellationPercent}} par 24 heures si la commande est ensuite annulée.",
  'orderTerms.acceptPrompt': "Veuillez accepter les conditions de réservation et d'annulation.",
  'orderTerms.accept': 'ACCEPTER LES CONDITIONS',
  'orderTerms.acceptedOn': "Vous avez accepté les conditions de réservation et d'annulation le {{date}}.",
  'orderTerms.accepted': "Vous avez accepté les conditions de réservation et d'annulation.",
  'orderTerms.late': "Votre paiement est en retard : des frais de réservation et d'annulation s'appliquent.",
  'orderTerms.accrued':
    "Frais à ce jour : frais de réservation {{reservationFee}} ; frais d'annulation {{cancellationFee}} si la commande est annulée maintenant.",
  'orderTerms.feesEnd': 'Les frais cessent le {{date}}.',
  'orderTerms.viewFees': 'Voir les frais',
  'orderTerms.extendText': 'Besoin de plus de temps pour payer ? Vous pouvez prolonger le délai de paiement.',
  'orderTerms.extend': 'PROLONGER LE DÉLAI',
  'orderTerms.extended': 'Le délai de paiement est prolongé.',
  'orderTerms.extendFailed': "Le délai de paiement n'a pas pu être prolongé.",
  'orderTerms.acceptFailed': "Les conditions n'ont pas pu être acceptées.",
  'orderTerms.dialogTitle': "Frais de réservation et d'annulation",
  'orderTerms.dialogIntro': 'Taux des frais par 24 heures, sur la valeur actuelle de la commande de {{value}}.',
  'orderTerms.fee': 'Frais',
  'orderTerms.percentPer24h': 'Taux par 24 heures',
  'orderTerms.amountPer24h': 'Montant par 24 heures',
  'orderTerms.reservationFee': 'Frais de réservation',
  'orderTerms.cancellationFee': "Frais d'annulation",
  'orderTerms.failed.notApplicable': 'Ces conditions ne s’appliquent pas à cette commande.',
  'orderTerms.failed.changed':
    'Les conditions de cette commande ont changé depuis votre lecture. Veuillez relire les nouvelles conditions et les accepter à nouveau.',
  'orderTerms.failed.notExtendable': 'Le délai de paiement de cette commande ne peut pas être prolongé.',
};
