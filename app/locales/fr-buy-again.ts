import type { enBuyAgain } from './en-buy-again';

/** Textes français de « Racheter » : la vérification des lignes d'une commande passée et sa confirmation. */
export const frBuyAgain: Record<keyof typeof enBuyAgain, string> = {
  'pageTitle.buyAgain': 'Racheter',
  'buyAgain.action': 'Racheter',
  'buyAgain.title': 'Racheter la commande n° {{order}}',
  'buyAgain.backToOrder': 'Retour à la commande',
  'buyAgain.intro':
    'Le stock et les prix catalogue du jour à {{warehouse}}. Rien ne va dans votre panier avant votre confirmation.',
  'buyAgain.goingTitle_one': '{{count}} ligne va dans votre panier',
  'buyAgain.goingTitle_other': '{{count}} lignes vont dans votre panier',
  'buyAgain.leftTitle_one': '{{count}} ligne reste de côté',
  'buyAgain.leftTitle_other': '{{count}} lignes restent de côté',
  'buyAgain.nothingGoing': 'Rien de cette commande ne peut aller dans votre panier aujourd’hui.',
  'buyAgain.ordered': 'Article n° {{itemNumber}}, commandé {{quantity}}',
  'buyAgain.toCart': '{{quantity}} à {{price}}',
  'buyAgain.short': 'Insuffisant : seulement {{available}} disponibles, {{quantity}} à {{price}}',
  'buyAgain.inCart': 'Déjà dans votre panier ({{quantity}})',
  'buyAgain.offerOpen': 'Votre offre sur cet article reste telle quelle ({{status}})',
  'buyAgain.gone': 'Épuisé : plus en stock',
  'buyAgain.confirm': 'AJOUTER AU PANIER',
  'buyAgain.added_one': '{{count}} ligne de la commande est allée dans votre panier',
  'buyAgain.added_other': '{{count}} lignes de la commande sont allées dans votre panier',
  'buyAgain.nothingAdded': 'Rien n’a été ajouté : ces lignes sont déjà dans votre panier.',
  'buyAgain.failed': 'La commande n’a pas pu être rachetée. Veuillez réessayer.',
};
