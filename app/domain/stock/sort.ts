import type { StocklistSettings } from './settings';

const plain = new Intl.Collator('en', { sensitivity: 'base' });
const numeric = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * Compares attribute values: 'Default' compares them as text ('128GB' before '64GB');
 * 'AlphanumericAsNumeric' compares their digits as numbers ('64GB' before '128GB').
 */
export function compareAttributeValues(a: string, b: string, algorithm: StocklistSettings['attributeSortAlgorithm']): number {
  return (algorithm === 'AlphanumericAsNumeric' ? numeric : plain).compare(a, b);
}

export function sortValues(values: Iterable<string>, algorithm: StocklistSettings['attributeSortAlgorithm']): string[] {
  return [...values].sort((a, b) => compareAttributeValues(a, b, algorithm));
}
