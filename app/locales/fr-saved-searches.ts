import type { enSavedSearches } from './en-saved-searches';

/** Textes français des recherches enregistrées et de leurs alertes (issue 37). */
export const frSavedSearches: Record<keyof typeof enSavedSearches, string> = {
  'menu.savedSearches': 'Recherches enregistrées',
  'savedSearches.title': 'Recherches enregistrées',
  'savedSearches.back': 'Retour à la liste de stock',
  'saveSearch.saveThis': 'Enregistrer cette recherche',
  'saveSearch.nameLabel': 'Nom',
  'saveSearch.nameHint': 'Jusqu’à {{max}} caractères.',
  'saveSearch.alertsLabel': 'M’envoyer chaque jour un e-mail sur les nouveaux articles et les baisses de prix',
  'saveSearch.save': 'Enregistrer',
  'saveSearch.saved': 'Recherche enregistrée sous « {{name}} ».',
  'saveSearch.nameRequired': 'Veuillez donner un nom à la recherche.',
  'saveSearch.nameTooLong': 'Le nom peut comporter au plus {{max}} caractères.',
  'saveSearch.nameTaken': 'Vous avez déjà une recherche enregistrée sous ce nom.',
  'saveSearch.tooMany':
    'Vous pouvez garder au plus {{max}} recherches enregistrées. Supprimez-en une pour en enregistrer une autre.',
  'saveSearch.failed': 'La recherche enregistrée n’a pas pu être modifiée. Veuillez réessayer.',
  'savedSearches.emptyTitle': 'Aucune recherche enregistrée',
  'savedSearches.emptyText':
    'Recherchez ou filtrez la liste de stock, puis utilisez « Enregistrer cette recherche » pour la retrouver ici.',
  'savedSearches.count': '{{count}} recherches enregistrées sur {{max}}',
  'savedSearches.open': 'Ouvrir',
  'savedSearches.openNamed': 'Ouvrir « {{name}} »',
  'savedSearches.rename': 'Renommer',
  'savedSearches.renameNamed': 'Nouveau nom pour « {{name}} »',
  'savedSearches.renamed': 'Renommée en « {{name}} ».',
  'savedSearches.delete': 'Supprimer',
  'savedSearches.deleteNamed': 'Supprimer « {{name}} »',
  'savedSearches.deleted': 'Recherche enregistrée « {{name}} » supprimée.',
  'savedSearches.alertsOn': 'Alertes par e-mail activées',
  'savedSearches.alertsOff': 'Alertes par e-mail désactivées',
  'savedSearches.turnAlertsOn': 'Activer les alertes par e-mail',
  'savedSearches.turnAlertsOff': 'Désactiver les alertes par e-mail',
  'savedSearches.alertsTurnedOn':
    'Vous recevrez un e-mail quand « {{name}} » aura de nouveaux articles ou des prix plus bas.',
  'savedSearches.alertsTurnedOff': 'Plus d’e-mails pour « {{name}} ».',
  'savedSearches.everything': 'Toute la liste de stock',
  'savedSearches.created': 'Enregistrée le {{date}}',
  'savedSearches.words': 'Recherche : « {{q}} »',
  'savedSearches.filters_one': '{{count}} filtre',
  'savedSearches.filters_other': '{{count}} filtres',
  'savedSearches.outOfStockToo': 'articles épuisés compris',
  'savedSearches.listLabel': 'Vos recherches enregistrées',
  'savedSearches.unavailable':
    'Vos recherches enregistrées ne peuvent pas être affichées pour le moment. Veuillez réessayer.',
};
