import type { StockItem } from './engine';
import { foldText, holdsTerm, itemSearchText, wholeNumbersAt } from './search';

/**
 * The words of a category's items, each with the positions of the items holding it: a search
 * looks for its words in the few thousand distinct words (and item numbers) of a category rather
 * than in each of its items' texts. A search word holds no white space, so it is in an item's text
 * exactly when it is in one of the text's words: the same answer as `matchesTerms` (search.ts).
 */
export interface WordIndex {
  /** Distinct words of the items' texts, with per word the item positions holding it. */
  words: Keys;
  /** Distinct folded item numbers (one SKU in several warehouses shares one), with their positions. */
  numbers: Keys;
  size: number;
}

/**
 * Distinct keys joined in one text, one a line, so that finding a word in all of them is a few
 * `indexOf` over one string (far quicker than an `includes` per key), and per key its positions.
 * Many long keys (a category's item numbers: 318 KB of them for 11,500 phones) also have their
 * three-character runs indexed, so that a word is looked for only in the keys holding its rarest run.
 */
interface Keys {
  joined: string;
  /** Where each key starts in `joined`, ascending. */
  starts: Int32Array;
  positions: Int32Array[];
  grams: Grams | null;
}

/** Joined keys longer than this get their runs indexed (below it, one indexOf costs less than the look-ups). */
export const GRAMS_FROM = 64 * 1024;

/**
 * The keys holding each run of three characters. A run is a number: letters and digits each have
 * their own code, '-' one, and every other character shares one, so two runs that differ only there
 * share a list; a key is then checked for the word itself.
 */
interface Grams {
  keys: string[];
  /** Keys of run g: ids[offsets[g]] up to ids[offsets[g + 1]], each once, ascending. */
  offsets: Int32Array;
  ids: Uint16Array | Int32Array;
}

const SYMBOLS = 38;
const RUNS = SYMBOLS ** 3;

function symbol(code: number): number {
  if (code >= 97 && code <= 122) return code - 97;
  if (code >= 48 && code <= 57) return code - 22;
  return code === 45 ? 36 : 37;
}

const runAt = (text: string, i: number) =>
  (symbol(text.charCodeAt(i)) * SYMBOLS + symbol(text.charCodeAt(i + 1))) * SYMBOLS + symbol(text.charCodeAt(i + 2));

function gramsOf(keys: string[]): Grams {
  const offsets = new Int32Array(RUNS + 1);
  // The last key that listed each run, so a key lists a run once however often it holds it.
  const lastKey = new Int32Array(RUNS).fill(-1);
  const eachRun = (visit: (run: number, id: number) => void) =>
    keys.forEach((key, id) => {
      for (let i = 0; i + 3 <= key.length; i++) {
        const run = runAt(key, i);
        if (lastKey[run] !== id) {
          lastKey[run] = id;
          visit(run, id);
        }
      }
    });
  eachRun((run) => offsets[run + 1]!++);
  for (let run = 0; run < RUNS; run++) offsets[run + 1]! += offsets[run]!;
  const ids = keys.length <= 0xffff ? new Uint16Array(offsets[RUNS]!) : new Int32Array(offsets[RUNS]!);
  const next = offsets.slice(0, RUNS);
  lastKey.fill(-1);
  eachRun((run, id) => (ids[next[run]!++] = id));
  return { keys, offsets, ids };
}

/** Lists of positions per key, filled in position order (so each list is ascending). */
function postings() {
  const keys: string[] = [];
  const lists: number[][] = [];
  const slot = new Map<string, number>();
  return {
    add(key: string, position: number) {
      let at = slot.get(key);
      if (at === undefined) {
        slot.set(key, (at = keys.push(key) - 1));
        lists.push([]);
      }
      const list = lists[at]!;
      if (list[list.length - 1] !== position) list.push(position);
    },
    done(gramsFrom = Infinity): Keys {
      const starts = new Int32Array(keys.length);
      let at = 0;
      keys.forEach((key, i) => {
        starts[i] = at;
        at += key.length + 1;
      });
      return {
        joined: `${keys.join('\n')}\n`,
        starts,
        positions: lists.map((l) => Int32Array.from(l)),
        grams: at > gramsFrom ? gramsOf(keys) : null,
      };
    },
  };
}

/**
 * Indexes the items' words once; items of one SKU share their attribute set and descriptions, so their
 * words are found once. Item numbers longer in all than `gramsFrom` get their runs indexed.
 */
export function wordIndex(items: readonly StockItem[], gramsFrom = GRAMS_FROM): WordIndex {
  const wordsOf = new WeakMap<object, Map<string, string[]>>();
  const words = postings();
  const numbers = postings();
  items.forEach((item, position) => {
    // A line break would join two keys of the joined text; no search word holds one, so a space answers the same.
    numbers.add(foldText(item.itemNumber).replace(/\n/g, ' '), position);
    let byDescription = wordsOf.get(item.attributes);
    if (!byDescription) wordsOf.set(item.attributes, (byDescription = new Map()));
    const key = `${item.groupTitle}\n${item.groupDescription}\n${item.skuDescription}`;
    let found = byDescription.get(key);
    if (!found) byDescription.set(key, (found = [...new Set(itemSearchText(item).split(/\s+/).filter(Boolean))]));
    for (const word of found) words.add(word, position);
  });
  return { words: words.done(), numbers: numbers.done(gramsFrom), size: items.length };
}

/** Marks with `stamp` the positions of the keys holding the term (which holds no line break, so a match stays within one key). */
function markKeysHolding(keys: Keys, term: string, marks: Uint8Array, stamp: number) {
  const { joined, starts, positions, grams } = keys;
  if (grams && term.length >= 3) {
    markGramKeys(grams, positions, term, marks, stamp);
    return;
  }
  let from = 0;
  for (let at = joined.indexOf(term, from); at >= 0; at = joined.indexOf(term, from)) {
    if (!wholeNumbersAt(joined, term, at)) {
      from = at + 1;
      continue;
    }
    // The key holding this match: the last one starting at or before it.
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= at) low = middle;
      else high = middle - 1;
    }
    const list = positions[low]!;
    for (let i = 0; i < list.length; i++) marks[list[i]!] = stamp;
    from = low + 1 < starts.length ? starts[low + 1]! : joined.length;
  }
}

/** markKeysHolding through the runs: only the keys holding the term's rarest run are looked at. */
function markGramKeys(
  { keys, offsets, ids }: Grams,
  positions: Int32Array[],
  term: string,
  marks: Uint8Array,
  stamp: number,
) {
  let rarest = -1;
  for (let i = 0; i + 3 <= term.length; i++) {
    const run = runAt(term, i);
    if (rarest < 0 || offsets[run + 1]! - offsets[run]! < offsets[rarest + 1]! - offsets[rarest]!) rarest = run;
  }
  for (let j = offsets[rarest]!; j < offsets[rarest + 1]!; j++) {
    const id = ids[j]!;
    if (!holdsTerm(keys[id]!, term)) continue;
    const list = positions[id]!;
    for (let i = 0; i < list.length; i++) marks[list[i]!] = stamp;
  }
}

/**
 * The positions (of `from`, or of all items when null) holding every term, ascending. Each term
 * marks its items with a stamp of its own, so the marks are never cleared; without `from` the
 * first term's marks are read in position order instead of a list of every position.
 */
export function positionsHolding(index: WordIndex, terms: readonly string[], from: Int32Array | null): Int32Array {
  let kept: Int32Array | null = from;
  const marks = new Uint8Array(index.size);
  let stamp = 0;
  for (const term of terms) {
    if (kept && !kept.length) break;
    // A stamp is a byte: past 255 terms the marks start again from nothing.
    if (++stamp > 255) {
      marks.fill(0);
      stamp = 1;
    }
    markKeysHolding(index.words, term, marks, stamp);
    markKeysHolding(index.numbers, term, marks, stamp);
    let n = 0;
    if (kept) {
      const next = new Int32Array(kept.length);
      for (let i = 0; i < kept.length; i++) if (marks[kept[i]!] === stamp) next[n++] = kept[i]!;
      kept = next.subarray(0, n);
    } else {
      const next = new Int32Array(index.size);
      for (let p = 0; p < marks.length; p++) if (marks[p] === stamp) next[n++] = p;
      kept = next.subarray(0, n);
    }
  }
  return kept ?? allPositions(index.size);
}

function allPositions(size: number): Int32Array {
  const all = new Int32Array(size);
  for (let p = 0; p < size; p++) all[p] = p;
  return all;
}
