/**
 * Ordering distinct texts as the table sorts them (the user's locale, case- and accent-insensitive,
 * numbers by value) without calling the collator n·log n times: cheap collation keys pre-sort the
 * texts, and one pass of collator comparisons between neighbours proves the order and finds equal
 * texts. The sorted texts form a dictionary that later rows (a filtered subset, a refetch) reuse.
 */
import type { Job } from '../../scheduling';
import { StringIndex } from '../../lib/string-index';

/** Collator calls between yields: about 0.3 ms of work. */
const SLICE = 1024;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Compares text as the table sorts it: the user's locale, case- and accent-insensitive, numeric. */
export const compareText: (a: string, b: string) => number = collator.compare;

/** A stable merge sort that yields: native sort of small blocks, then resumable merges. */
function* mergeSort<T>(items: readonly T[], compare: (a: T, b: T) => number): Job<T[]> {
  const n = items.length;
  const block = 512;
  let src = items.slice();
  for (let lo = 0; lo < n; lo += block) {
    const sorted = src.slice(lo, lo + block).sort(compare);
    for (let k = 0; k < sorted.length; k++) src[lo + k] = sorted[k] as T;
    yield;
  }
  let dst = new Array<T>(n);
  for (let width = block; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      let k = lo;
      let budget = SLICE;
      while (i < mid && j < hi) {
        const a = src[i] as T;
        const b = src[j] as T;
        if (compare(b, a) < 0) {
          dst[k++] = b;
          j++;
        } else {
          dst[k++] = a;
          i++;
        }
        if (--budget === 0) {
          budget = SLICE;
          yield;
        }
      }
      while (i < mid) dst[k++] = src[i++] as T;
      while (j < hi) dst[k++] = src[j++] as T;
    }
    [src, dst] = [dst, src];
  }
  return src;
}

const ZERO = 48;

/** The string of the first `length` UTF-16 code units in `buffer`. */
function charsToString(buffer: Uint16Array, length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 8192) {
    const part = buffer.subarray(i, Math.min(length, i + 8192));
    out += String.fromCharCode.apply(null, part as unknown as number[]);
  }
  return out;
}
const NINE = 57;

/**
 * Keys that order like the collator in the common case, but compare as plain strings (far
 * cheaper than the collator). Each character of the texts' alphabet gets its collation weight at
 * base strength (characters the collator finds equal share one; ignorable ones are dropped), and
 * each run of ASCII digits becomes its length and its digits, so that numbers order by value.
 * Expansions and contractions (ß = ss in most locales, "ch" in Czech…) are not modelled: the
 * caller verifies the result with the collator.
 */
function* collationKeys(items: readonly string[]): Job<string[]> {
  const seen = new Uint8Array(65536);
  for (let k = 0; k < items.length; k++) {
    const text = items[k] as string;
    for (let i = 0; i < text.length; i++) seen[text.charCodeAt(i)] = 1;
    if ((k & 1023) === 1023) yield;
  }
  seen[ZERO] = 1;
  const alphabet: string[] = [];
  for (let c = 0; c < 65536; c++) if (seen[c] === 1) alphabet.push(String.fromCharCode(c));
  alphabet.sort(compareText);
  yield;
  // Small weights keep the keys one-byte strings (faster to compare) for most alphabets.
  const weight = new Uint16Array(65536);
  let w = 0;
  let previous: string | null = null;
  for (const c of alphabet) {
    if (compareText(c, '') === 0) continue; // ignorable at base strength
    if (previous === null || compareText(previous, c) !== 0) w++;
    weight[c.charCodeAt(0)] = w;
    previous = c;
  }
  const digits = weight[ZERO] ?? 0;
  yield;

  const keys = new Array<string>(items.length);
  let buffer = new Uint16Array(256);
  for (let k = 0; k < items.length; k++) {
    const text = items[k] as string;
    // A key is never longer than its text plus one character per run of digits.
    if (buffer.length < 2 * text.length) buffer = new Uint16Array(2 * text.length);
    let n = 0;
    for (let i = 0; i < text.length;) {
      const c = text.charCodeAt(i);
      if (c >= ZERO && c <= NINE) {
        let start = i;
        while (start < text.length && text.charCodeAt(start) === ZERO) start++;
        let end = start;
        while (end < text.length) {
          const d = text.charCodeAt(end);
          if (d < ZERO || d > NINE) break;
          end++;
        }
        // Digits first, then the number of significant digits, then the digits.
        buffer[n++] = digits;
        buffer[n++] = 0x21 + (end - start);
        for (let j = start; j < end; j++) buffer[n++] = text.charCodeAt(j);
        i = Math.max(end, start);
      } else {
        const cw = weight[c] ?? 0;
        if (cw !== 0) buffer[n++] = cw;
        i++;
      }
    }
    keys[k] = charsToString(buffer, n);
    if ((k & 1023) === 1023) yield;
  }
  return keys;
}

/**
 * Sorts distinct texts with the collator and ranks them. A cheap pre-sort by collation keys puts
 * them in order; one pass of collator comparisons between neighbours then both proves the order
 * and finds equal texts. Only if the keys got something wrong is there a full collator sort.
 */
export function* sortAndRank(items: readonly string[]): Job<TextDictionary> {
  return (yield* rankDistinct(items)).dictionary;
}

/**
 * `sortAndRank` for distinct texts, with each text's rank by its position in `items` as well: a
 * caller that numbered its rows' texts in that order ranks the rows without looking each up.
 */
export function* rankDistinct(
  items: readonly string[],
): Job<{ dictionary: TextDictionary; ranks: Int32Array }> {
  const keys = yield* collationKeys(items);
  const indices = Array.from(items, (_, i) => i);
  const order = yield* mergeSort(indices, (a, b) => {
    const x = keys[a] as string;
    const y = keys[b] as string;
    return x < y ? -1 : x > y ? 1 : 0;
  });
  const presorted = order.map((i) => items[i] as string);
  const ranks = new Int32Array(items.length);
  const dictionary = yield* buildDictionary(presorted);
  if (dictionary) {
    // Distinct texts: the k-th in order is the k-th the dictionary numbered.
    for (let k = 0; k < order.length; k++)
      ranks[order[k] as number] = dictionary.ranks[k] as number;
    return { dictionary, ranks };
  }
  const sorted = yield* mergeSort(presorted, compareText);
  const checked = (yield* buildDictionary(sorted)) ?? emptyDictionary;
  for (let i = 0; i < items.length; i++) ranks[i] = rankOf(checked, items[i] as string);
  return { dictionary: checked, ranks };
}

/** Merges two collator-sorted lists. */
export function* mergeTexts(a: readonly string[], b: readonly string[]): Job<string[]> {
  const out = new Array<string>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  let budget = SLICE;
  while (i < a.length && j < b.length) {
    const x = a[i] as string;
    const y = b[j] as string;
    if (compareText(y, x) < 0) {
      out[k++] = y;
      j++;
    } else {
      out[k++] = x;
      i++;
    }
    if (--budget === 0) {
      budget = SLICE;
      yield;
    }
  }
  while (i < a.length) out[k++] = a[i++] as string;
  while (j < b.length) out[k++] = b[j++] as string;
  return out;
}

/** Every distinct text a column has shown, in collator order, with its rank. */
export interface TextDictionary {
  readonly sorted: readonly string[];
  /** The texts, numbered (a StringIndex, not a Map: see string-index.ts). */
  readonly index: StringIndex;
  /** By a text's number in `index`, its rank. */
  readonly ranks: Int32Array;
  readonly count: number;
}

/** A text's rank in a dictionary, or -1 when the dictionary does not have it. */
export function rankOf(dictionary: TextDictionary, text: string): number {
  const k = dictionary.index.indexOf(text);
  return k < 0 ? -1 : (dictionary.ranks[k] as number);
}

/** Ranks collator-sorted texts; null if they turn out not to be in order. */
export function* buildDictionary(sorted: readonly string[]): Job<TextDictionary | null> {
  const index = new StringIndex();
  const ranks = new Int32Array(sorted.length);
  let rank = -1;
  let previous = '';
  for (let k = 0; k < sorted.length; k++) {
    const s = sorted[k] as string;
    const c = rank < 0 ? -1 : compareText(previous, s);
    if (c < 0) rank++;
    else if (c > 0) return null;
    ranks[index.add(s)] = rank;
    previous = s;
    if ((k & (SLICE - 1)) === SLICE - 1) yield;
  }
  return { sorted, index, ranks, count: rank + 1 };
}

export const emptyDictionary: TextDictionary = {
  sorted: [],
  index: new StringIndex(),
  ranks: new Int32Array(0),
  count: 0,
};
