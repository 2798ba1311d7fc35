import { auctionMailFr } from './auctions';
import type { MailTexts } from './en';

export const mailFr: MailTexts = {
  'mail.greeting': 'Bonjour {{firstName}},',
  'mail.alert.subject': '{{tenantName}} : {{count}} unités de plus de {{item}}',
  'mail.alert.added': '{{count}} unités de {{item}} (article {{itemNumber}}) ont été ajoutées à la liste de stock.',
  'mail.alert.available': '{{count}} unités sont disponibles maintenant.',
  'mail.alert.why':
    'Vous recevez ce message parce que vous avez créé une alerte de stock sur {{siteTitle}}. Gérez vos alertes sur la page $t(menu.stockAlerts).',
  'mail.report.subject': '{{tenantName}} : nouvelles disponibilités et baisses de prix, {{day}}',
  'mail.report.attached':
    'Ci-joint : {{count}} articles devenus disponibles ou moins chers depuis votre dernier rapport.',
  'mail.report.why':
    'Vous recevez ce rapport quotidien parce que vous vous y êtes abonné sur {{siteTitle}} ; désabonnez-vous avec le bouton $t(stock.dailyReport) de la liste de stock.',
  'mail.report.fileName': 'rapport-quotidien-{{day}}.xlsx',
  'mail.report.sheet': '$t(report.title)',
  'sheet.stockList': '$t(stock.title)',
  'sheet.column.itemNumber': 'N° d’article',
  'sheet.column.description': 'Description',
  'sheet.column.warehouse': 'Entrepôt',
  'sheet.column.category': 'Catégorie',
  'sheet.column.grade': 'Grade',
  'sheet.column.quantityAvailable': 'Quantité disponible',
  'sheet.column.listPrice': 'Prix catalogue',
  'sheet.column.previousPrice': 'Prix précédent',
  'sheet.column.change': 'Changement',
  'sheet.column.newOfferQuantity': 'Nouvelle quantité offerte',
  'sheet.column.newOfferPrice': 'Nouveau prix offert',
  'sheet.import': 'Offres',
  'sheet.import.fileName': 'modele-import-offres.xlsx',
  'mail.report.change.more': 'Nouvelle disponibilité',
  'mail.report.change.cheaper': 'Baisse de prix',
  'mail.report.change.both': 'Nouvelle disponibilité et baisse de prix',
  'mail.orderUpdated.subject': '{{tenantName}} : commande {{orderNumber}} mise à jour',
  'mail.orderUpdated.subjectMany': '{{tenantName}} : {{count}} commandes mises à jour',
  'mail.orderUpdated.reference': 'Votre référence sur la commande {{orderNumber}} est désormais {{reference}}.',
  'mail.orderUpdated.referenceCleared': 'Votre référence sur la commande {{orderNumber}} a été retirée.',
  'mail.orderPlaced.subject': "{{tenantName}} : commande {{orderNumber}}, ce qu'elle facture",
  'mail.reservationFee.subject':
    '{{tenantName}} : commande {{orderNumber}} en retard, des frais de réservation s’appliquent',
  'mail.reservationFee.charged':
    'La commande {{orderNumber}} n’a pas été payée avant la fin de son délai de grâce, le {{graceEnd}}. Comme le prévoient les conditions de réservation et d’annulation que vous avez acceptées, des frais de réservation de {{fee}} y sont désormais facturés, puis {{perDay}} par période supplémentaire de 24 heures jusqu’à son paiement.',
  'mail.reservationFee.periodEnd': 'Ces frais cessent de courir le {{periodEnd}}.',
  'mail.reservationFee.total': 'Son total est désormais de {{total}} ; il reste {{balance}} à payer.',
  'mail.reservationFee.where':
    'Payez le solde, ou demandez plus de temps, depuis la page de la commande sous $t(menu.orders) sur {{siteTitle}}.',
  'mail.orderPlaced.placed': 'Merci pour votre commande {{orderNumber}}. Voici chacun de ses montants :',
  'mail.orderPlaced.added':
    'Votre panier a été ajouté à la commande {{orderNumber}}. Voici désormais chacun de ses montants :',
  'mail.orderPlaced.line': '{{quantity}} × {{description}} (article {{itemNumber}}) à {{unitPrice}} : {{amount}}',
  'mail.orderPlaced.reference': 'Votre référence : {{reference}}',
  'mail.pickUp.at': 'À retirer à {{warehouse}} :',
  'mail.pickUp.openingHours': 'Horaires d’ouverture : {{hours}}',
  'mail.offerAnswered.subject': '{{tenantName}} : le vendeur a répondu à votre offre sur {{item}}',
  'mail.offerAnswered.countered':
    'Le vendeur a fait une contre-proposition sur {{item}} (article {{itemNumber}}) : {{quantity}} à {{price}} au lieu de {{offered}}, jusqu’au {{until}}.',
  'mail.offerAnswered.accepted':
    'Le vendeur a accepté votre offre sur {{item}} (article {{itemNumber}}) : {{quantity}} à {{price}}, jusqu’au {{until}}.',
  'mail.offerAnswered.rejected':
    'Le vendeur a refusé votre offre sur {{item}} (article {{itemNumber}}) : {{quantity}} à {{offered}}.',
  'mail.offerAnswered.where': 'Retrouvez vos offres sur la page $t(menu.cart) de {{siteTitle}}.',
  'mail.offerAnswered.why':
    'Vous recevez ce message parce que les e-mails de réponse aux offres sont activés ; désactivez-les depuis $t(menu.notifications) dans le menu utilisateur.',
  'mail.savedSearch.subject': '{{tenantName}} : du nouveau pour vos recherches enregistrées, {{day}}',
  'mail.savedSearch.intro':
    'Depuis hier, la liste de stock de {{siteTitle}} a de nouveaux articles ou des prix plus bas pour vos recherches enregistrées :',
  'mail.savedSearch.search': '« {{name}} » : {{added}} nouveaux articles correspondants, {{cheaper}} baisses de prix',
  'mail.savedSearch.added': 'Nouveau : {{item}} (article {{itemNumber}}), {{quantity}} disponibles à {{price}}',
  'mail.savedSearch.cheaper': 'Moins cher : {{item}} (article {{itemNumber}}), {{price}} au lieu de {{previous}}',
  'mail.savedSearch.more': 'et {{count}} de plus',
  'mail.savedSearch.open': 'Les voir : {{link}}',
  'mail.savedSearch.why':
    'Vous recevez ce message parce que les alertes sont activées pour ces recherches enregistrées sur {{siteTitle}} ; désactivez-les sur la page $t(savedSearches.title).',
  'mail.preorder.subject':
    '{{tenantName}} : votre précommande de {{item}}, {{allocated}} unités attribuées sur {{requested}}',
  'mail.preorder.allocated':
    'Le stock de {{item}} est arrivé : {{allocated}} unités vous sont attribuées sur les {{requested}} auxquelles vous vous êtes engagé.',
  'mail.preorder.order':
    'Elles figurent sur la commande {{orderNumber}} à {{unitPrice}} l’unité. Si la commande attend vos choix de livraison ou de paiement, faites-les sur sa page.',
  'mail.preorder.notAllocated':
    'Le stock de {{item}} est arrivé, mais aucune unité n’a pu être attribuée à votre engagement de {{requested}} unités.',
  'mail.preorder.aboveMaximum':
    'Le stock de {{item}} est arrivé à {{unitPrice}} l’unité, au-dessus de votre prix maximum de {{maxUnitPrice}} : aucune des {{requested}} unités de votre engagement n’a été attribuée.',
  'mail.preorder.canceledSubject': '{{tenantName}} : la précommande de {{item}} a été annulée',
  'mail.preorder.canceled':
    'Le vendeur a annulé la précommande de {{item}} : votre engagement de {{requested}} unités est annulé et rien ne sera commandé. Motif du vendeur : {{reason}}',
  'mail.preorder.where': 'Retrouvez vos engagements sur la page $t(menu.preorders).',
  'mail.reset.subject': '{{tenantName}} : votre code de vérification',
  'mail.reset.code': 'Votre code de vérification est {{code}}',
  'mail.reset.validity':
    "Il est valable {{minutes}} minutes. Si vous n'avez pas demandé à réinitialiser votre mot de passe, ignorez ce message.",
  'mail.return.subject': '{{tenantName}} : retour {{rmaNumber}} {{status}}',
  'mail.return.status':
    'Votre demande de retour {{rmaNumber}} pour la commande {{orderNumber}} est désormais : {{status}}.',
  'mail.return.answer': 'Réponse du vendeur : {{answer}}',
  'mail.return.instructions': 'Instructions de retour : {{instructions}}',
  'mail.return.credit': 'Crédité sur la commande {{orderNumber}} : {{amount}}.',
  'mail.return.rejectedUnits': 'Refusés au retour :',
  'mail.return.rejectedUnit': '{{unit}} : {{reason}}',
  'mail.return.status.REQUESTED': 'demandée',
  'mail.return.status.APPROVED': 'acceptée',
  'mail.return.status.REJECTED': 'refusée',
  'mail.return.status.RECEIVED': 'reçue',
  'mail.return.status.CREDITED': 'créditée',
  'mail.return.status.REPLACED': 'remplacée',
  'mail.return.status.CANCELED': 'annulée',
  'return.refused.notShipped': 'Non expédiés sur cette commande : {{units}}',
  'return.refused.outsideWindow': 'Hors du délai de retour de {{days}} jours : {{units}}',
  'return.refused.alreadyReturned': 'Déjà retournés : {{units}}',
  'return.refused.inOpenRequest': 'Déjà dans une demande de retour en cours : {{units}}',
  'return.photoRequired': 'Des photos sont exigées pour le motif donné pour : {{units}}',
  'return.photoNotImage': 'Une photo de {{units}} n’est pas une image (JPEG, PNG, WebP ou GIF)',
  'return.photoTooLarge': 'Une photo de {{units}} dépasse {{mb}} Mo',
  'return.tooManyPhotos': 'Plus de {{max}} photos pour : {{units}}',
  'return.photosTooLarge': '{{max}} photos et {{mb}} Mo de photos au plus par demande',
  'system.freeShipping':
    'Livraison offerte ({{methods}}) pour les commandes de plus de {{amount}} depuis un même entrepôt.',
  'system.promotionUntil': "Jusqu'au {{date}}.",
  'system.freeShippingApplied': 'Livraison offerte : commande de plus de {{amount}}',
  'system.offerClearing':
    "Les offres sont examinées chaque jour ouvré entre 9 h et 17 h, heure de l'Est des États-Unis.",
  ...auctionMailFr,
};
