import type { StockItem } from './engine';

/** Most words a search is cut to: each one narrows, and more say nothing new. */
const MAX_TERMS = 8;

/** Text folded for comparison: lower case, accents off (é matches e), one space between words. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
}

/** The words of a search, folded, each once; none for a blank one. */
export function searchTerms(q: string | undefined): string[] {
  if (!q) return [];
  return [...new Set(foldText(q).split(/\s+/).filter(Boolean))].slice(0, MAX_TERMS);
}

/**
 * What a search reads of an item besides its item number: the group's title (model) and
 * description, the item's description and its attribute values, folded. Items of one SKU in
 * several warehouses and grades share most of it.
 */
export function itemSearchText(item: StockItem): string {
  let text = `${item.groupTitle}\n${item.groupDescription}\n${item.skuDescription}`;
  for (const name in item.attributes) text += `\n${item.attributes[name]}`;
  return foldText(text);
}

/** Whether every word is in the item's number or its text (each word anywhere, in any order). */
export function matchesTerms(itemNumber: string, text: string, terms: readonly string[]): boolean {
  for (const term of terms) if (!text.includes(term) && !itemNumber.includes(term)) return false;
  return true;
}

/** The plain test: folds the item each time (the index folds each once per revision). */
export function itemMatches(item: StockItem, terms: readonly string[]): boolean {
  return matchesTerms(foldText(item.itemNumber), itemSearchText(item), terms);
}
