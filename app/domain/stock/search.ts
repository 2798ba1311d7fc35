import type { StockItem } from './engine';

/** Most words a search is cut to: each one narrows, and more say nothing new. */
const MAX_TERMS = 8;

/** A number and the storage unit after it, apart ('128 GB'): folded together, as '128GB' is written. */
const SIZE_APART = /(\d)\s+(kb|mb|gb|tb|pb)(?![\p{L}\d])/gu;

/**
 * Text folded for comparison: lower case, accents off (é matches e), a size's number and unit
 * together ('128 GB' reads as '128gb', in the search and in the texts alike).
 */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(SIZE_APART, '$1$2');
}

const isDigit = (code: number) => code >= 48 && code <= 57;

/**
 * Whether a match of `term` at `at` in `text` keeps the term's numbers whole: a term starting with
 * a digit does not match after another digit, nor one ending with a digit before another ('12'
 * is in 'iphone 12' and '12gb', not in '128gb' or '512').
 */
export function wholeNumbersAt(text: string, term: string, at: number): boolean {
  if (isDigit(term.charCodeAt(0)) && at > 0 && isDigit(text.charCodeAt(at - 1))) return false;
  return !(isDigit(term.charCodeAt(term.length - 1)) && isDigit(text.charCodeAt(at + term.length)));
}

/** Whether the term is in the text with its numbers whole (see wholeNumbersAt). */
export function holdsTerm(text: string, term: string): boolean {
  for (let at = text.indexOf(term); at >= 0; at = text.indexOf(term, at + 1))
    if (wholeNumbersAt(text, term, at)) return true;
  return false;
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

/** Whether every word is in the item's number or its text (each word anywhere, in any order, its numbers whole). */
export function matchesTerms(itemNumber: string, text: string, terms: readonly string[]): boolean {
  for (const term of terms) if (!holdsTerm(text, term) && !holdsTerm(itemNumber, term)) return false;
  return true;
}

/** The plain test: folds the item each time (the index folds each once per revision). */
export function itemMatches(item: StockItem, terms: readonly string[]): boolean {
  return matchesTerms(foldText(item.itemNumber), itemSearchText(item), terms);
}
