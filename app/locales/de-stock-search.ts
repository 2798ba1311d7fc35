import type { enStockSearch } from './en-stock-search';

/** Deutsche Texte der Suche, der Sortierung und der kompakten Liste des Bestands (Issue 37). */
export const deStockSearch: Record<keyof typeof enStockSearch, string> = {
  'stock.searchLabel': 'Bestand durchsuchen',
  'stock.searchHint': 'Modell, Artikelnummer, Beschreibung oder ein Merkmal; jedes Wort muss passen.',
  'stock.searchButton': 'Suchen',
  'stock.searchChip': 'Suche: „{{q}}“',
  'stock.noMatch': 'Keine Artikel passen zu „{{q}}“.',
  'stock.clearSearch': 'Suche löschen',
  'stock.sortLabel': 'Sortieren nach',
  'stock.sortListOrder': 'Reihenfolge der Liste',
  'stock.sortBy.price': 'Preis: niedrigster zuerst',
  'stock.sortBy.price-desc': 'Preis: höchster zuerst',
  'stock.sortBy.quantity': 'Menge: größte zuerst',
  'stock.sortBy.newest': 'Neueste zuerst',
  'stock.sortBy.name': 'Name: A bis Z',
  'stock.layoutLabel': 'Liste anzeigen als',
  'stock.layout.cards': 'Karten',
  'stock.layout.list': 'Kompakte Liste',
  'stock.layoutNotKept': 'Ihre Ansicht konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.',
};
