import type { StocklistSettings } from './settings';

const plain = new Intl.Collator('en', { sensitivity: 'base' });

/** Storage units in gigabytes: a size compares by what it holds (64GB < 128GB < 1TB). */
const UNIT_GB: Record<string, number> = { KB: 1e-6, MB: 1e-3, GB: 1, TB: 1e3, PB: 1e6 };
const SIZE = /^\s*(\d+(?:\.\d+)?)\s*(KB|MB|GB|TB|PB)\s*$/i;
/** A number with its storage unit when one follows, or a run of anything else. */
const CHUNK = /(\d+(?:\.\d+)?)(?:\s*(KB|MB|GB|TB|PB)\b)?|\D+/gi;

type Chunk = number | string;

function sizeOf(value: string): number | null {
  const match = SIZE.exec(value);
  return match ? Number(match[1]) * UNIT_GB[match[2]!.toUpperCase()]! : null;
}

const chunkCache = new Map<string, Chunk[]>();

/** A value cut into numbers (sizes in gigabytes) and text; kept, since the same few values are compared again and again. */
function chunksOf(value: string): Chunk[] {
  let chunks = chunkCache.get(value);
  if (chunks) return chunks;
  chunks = [];
  for (const match of value.matchAll(CHUNK)) {
    if (match[1] === undefined) chunks.push(match[0]);
    else chunks.push(Number(match[1]) * (match[2] ? UNIT_GB[match[2].toUpperCase()]! : 1));
  }
  if (chunkCache.size > 50_000) chunkCache.clear();
  chunkCache.set(value, chunks);
  return chunks;
}

/**
 * Natural order: numbers compare as numbers and sizes by what they hold ('iPhone 9' before
 * 'iPhone 11', '64GB' before '128GB' before '1TB'), text as text without regard to case. A number
 * comes before text at the same place, so the order is total.
 */
export function naturalCompare(a: string, b: string): number {
  const x = chunksOf(a);
  const y = chunksOf(b);
  for (let i = 0; i < x.length && i < y.length; i++) {
    const p = x[i]!;
    const q = y[i]!;
    if (typeof p === 'number' && typeof q === 'number') {
      if (p !== q) return p < q ? -1 : 1;
    } else if (typeof p === 'number') return -1;
    else if (typeof q === 'number') return 1;
    else {
      const order = plain.compare(p, q);
      if (order) return order;
    }
  }
  return x.length - y.length;
}

/**
 * Compares attribute values: 'AlphanumericAsNumeric' in natural order (naturalCompare);
 * 'Default' as text, except that sizes (a number and a storage unit, nothing else) come first
 * in order of what they hold, so capacities never read 128GB, 256GB, 64GB (decision record 020).
 */
export function compareAttributeValues(
  a: string,
  b: string,
  algorithm: StocklistSettings['attributeSortAlgorithm'],
): number {
  if (algorithm === 'AlphanumericAsNumeric') return naturalCompare(a, b);
  const x = sizeOf(a);
  const y = sizeOf(b);
  if (x !== null && y !== null) return x === y ? 0 : x < y ? -1 : 1;
  if (x !== null) return -1;
  if (y !== null) return 1;
  return plain.compare(a, b);
}

export function sortValues(values: Iterable<string>, algorithm: StocklistSettings['attributeSortAlgorithm']): string[] {
  return [...values].sort((a, b) => compareAttributeValues(a, b, algorithm));
}
