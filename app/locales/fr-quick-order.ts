import type { enQuickOrder } from './en-quick-order';

/** Textes français de la commande rapide (issue 37). */
export const frQuickOrder: Record<keyof typeof enQuickOrder, string> = {
  'pageTitle.quickOrder': 'Commande rapide',
  'stock.quickOrder': 'COMMANDE RAPIDE',
  'dashboard.quickOrder': 'Commande rapide',
  'quickOrder.title': 'Commande rapide',
  'quickOrder.back': 'Retour à la liste de stock',
  'quickOrder.intro':
    'Saisissez ou collez les articles voulus, un par ligne, tels que copiés d’un tableur. Vous les vérifiez comme un import en masse avant que rien ne soit enregistré.',
  'quickOrder.label': 'Lignes de commande',
  'quickOrder.hint':
    'Chaque ligne : numéro d’article, entrepôt, quantité et, pour une offre, votre prix, séparés par des tabulations, des virgules, des points-virgules ou des espaces. Sans prix, vous achetez au prix catalogue. Une première ligne de noms de colonnes et les lignes vides sont ignorées. Jusqu’à {{rows}} lignes.',
  'quickOrder.example': 'Par exemple :',
  'quickOrder.replaces': 'Ces lignes remplacent tout import en attente de vérification.',
  'quickOrder.kept': 'Voici les lignes en attente de vérification : modifiez-les et vérifiez-les à nouveau.',
  'quickOrder.review': 'VÉRIFIER',
  'quickOrder.reviewing': 'Lecture des lignes...',
  'quickOrder.failed': 'Les lignes n’ont pas pu être lues. Veuillez réessayer.',
  'import.textLine': 'Lignes de la commande rapide, conservées jusqu’au {{date}}',
  'import.editLines': 'Modifier ces lignes',
  'import.comment.priceFromList': 'Aucun prix indiqué : le prix catalogue',
  'errors.quickOrderEmpty': 'Saisissez ou collez au moins une ligne : numéro d’article, entrepôt et quantité.',
  'errors.quickOrderTooLong': 'Le texte dépasse {{max}} caractères ; répartissez-le en plusieurs commandes.',
};
