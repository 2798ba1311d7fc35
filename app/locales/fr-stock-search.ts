import type { enStockSearch } from './en-stock-search';

/** Textes français de la recherche, du tri et de la liste compacte du stock (issue 37). */
export const frStockSearch: Record<keyof typeof enStockSearch, string> = {
  'stock.searchLabel': 'Rechercher dans le stock',
  'stock.searchHint': 'Modèle, numéro d’article, description ou tout attribut ; chaque mot doit correspondre.',
  'stock.searchButton': 'Rechercher',
  'stock.searchChip': 'Recherche : « {{q}} »',
  'stock.noMatch': 'Aucun article ne correspond à « {{q}} ».',
  'stock.clearSearch': 'Effacer la recherche',
  'stock.sortLabel': 'Trier par',
  'stock.sortListOrder': 'Ordre de la liste',
  'stock.sortBy.price': 'Prix : le plus bas d’abord',
  'stock.sortBy.price-desc': 'Prix : le plus élevé d’abord',
  'stock.sortBy.quantity': 'Quantité : la plus grande d’abord',
  'stock.sortBy.newest': 'Les plus récents d’abord',
  'stock.sortBy.name': 'Nom : de A à Z',
  'stock.layoutLabel': 'Afficher la liste en',
  'stock.layout.cards': 'Cartes',
  'stock.layout.list': 'Liste compacte',
  'stock.layoutNotKept': 'Votre choix d’affichage n’a pas pu être enregistré. Veuillez réessayer.',
};
