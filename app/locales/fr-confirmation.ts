import type { enConfirmation } from './en-confirmation';

/** Textes français de la confirmation de commande, du retour de paiement et du choix de commande existante. */
export const frConfirmation: Record<keyof typeof enConfirmation, string> = {
  'pageTitle.orderConfirmation': 'Confirmation de commande',
  'pageTitle.addToOrder': 'Ajouter à une commande non expédiée',
  'confirmation.title': 'Merci pour votre commande',
  'confirmation.orderNumber': 'Commande n° {{orderNumber}}',
  'confirmation.message.payAndShipNow':
    'Votre commande {{orderNumber}} est lancée. Nous la préparons et vous l’expédions.',
  'confirmation.message.holdTheOrder':
    'Votre commande {{orderNumber}} est en attente. Elle sera expédiée dès que vous la lancerez depuis vos commandes.',
  'confirmation.message.holdTheOrderUntilShippingQuote':
    'Votre commande {{orderNumber}} est en attente d’un devis de transport. Nous vous communiquerons le fret pour que vous puissiez la lancer.',
  'confirmation.message.payAndShipNowPickUp':
    'Votre commande {{orderNumber}} est libérée. Nous la préparons pour que vous la retiriez à {{warehouse}}.',
  'confirmation.message.holdTheOrderPickUp':
    'Votre commande {{orderNumber}} est en attente. Nous la préparons pour un retrait à {{warehouse}} dès que vous la libérez depuis vos commandes.',
  'confirmation.pickUp.heading': 'Retrait à {{warehouse}}',
  'confirmation.pickUp.openingHours': 'Horaires d’ouverture : {{hours}}',
  'confirmation.pxnsPending':
    'Les quantités de cette commande sont en attente de confirmation par le fournisseur. Votre commande sera mise à jour avec les quantités confirmées.',
  'confirmation.paymentHeading': 'Paiement',
  'confirmation.paymentMethod': 'Moyen de paiement : {{method}}',
  'confirmation.paid': 'Votre paiement a été reçu.',
  'confirmation.paymentFailed': 'Votre paiement n’a pas abouti.',
  'confirmation.payNowPrompt': 'Veuillez PAYER MAINTENANT AVEC {{provider}}.',
  'confirmation.paymentRequired':
    'Le paiement doit être reçu avant que nous puissions expédier votre commande. Veuillez utiliser {{method}} pour effectuer votre paiement maintenant',
  'confirmation.paymentAwaiting': 'Votre paiement n’est pas encore terminé.',
  'confirmation.payNow': 'PAYER MAINTENANT AVEC {{provider}}',
  'confirmation.paymentNotStarted': 'Le paiement n’a pas pu être lancé. Veuillez réessayer.',
  'confirmation.paymentNotConfirmed':
    'Votre paiement n’a pas pu être vérifié pour le moment. Veuillez consulter votre commande dans un instant.',
  'confirmation.paymentVoided':
    'Votre paiement n’a pas abouti. Rien n’a été débité : cette commande ne le devait plus, ou un paiement plus récent l’a remplacé.',
  'confirmation.paymentRefunded':
    'Votre paiement n’a pas abouti : cette commande était déjà payée, le montant débité vous a donc été remboursé.',
  'confirmation.paymentWindowClosing': 'Votre paiement est terminé ; cette fenêtre se ferme.',
  'confirmation.summary': 'Récapitulatif de la commande',
  'confirmation.lines': 'Articles de la commande {{orderNumber}}',
  'confirmation.item': 'Article',
  'confirmation.quantity': 'Quantité',
  'confirmation.unitPrice': 'Prix unitaire',
  'confirmation.extendedPrice': 'Montant',
  'confirmation.subtotal': 'Sous-total combiné',
  'confirmation.servicesFee': 'Frais de services supplémentaires',
  'confirmation.freight': 'Fret',
  'confirmation.freightDiscount': 'Promotion ({{promotion}})',
  'confirmation.insurance': 'Assurance du transport',
  'confirmation.freightPending': 'Devis de transport en attente',
  'confirmation.fees': 'Frais',
  'confirmation.feesOf': 'Frais ({{method}})',
  'confirmation.pleaseWait': 'Veuillez patienter...',
  'confirmation.tax': 'Taxe',
  'confirmation.taxWith': 'Taxe ({{description}})',
  'confirmation.total': 'Prix total',
  'confirmation.backToOrders': 'RETOUR AUX COMMANDES',
  'confirmation.orders.paymentAccepted': 'Votre paiement a été accepté et est en cours de traitement.',
  'confirmation.orders.processing':
    'Votre demande est en cours de traitement. Un e-mail de confirmation suivra dans quelques minutes.',
  'confirmation.backToStock': 'RETOUR À LA LISTE DE STOCK',
  'confirmation.notFound': 'Aucune commande trouvée pour ce numéro : {{orderNumber}}',
  'addToOrder.title': 'Ajouter à une commande non expédiée — {{warehouse}}',
  'addToOrder.back': 'Retour au panier',
  'addToOrder.legend': 'Ajouter les articles à',
  'addToOrder.newOrder': 'Nouvelle commande',
  'addToOrder.lastUpdated': 'mise à jour le {{date}}',
  'addToOrder.review': 'VÉRIFIER LA COMMANDE COMBINÉE',
  'addToOrder.cancel': 'ANNULER',
};
