/**
 * The quick filter's matching: case- and accent-insensitive "contains", so "montreal" finds
 * "Montréal". Each list's searchable texts are folded once and kept in row order, by the list
 * (see src/lib/resume.ts), for one text function: a page whose text depends on other data (a
 * group's collection names, say) passes a new function when that data changes, and its rows are
 * folded again.
 */
import { resume } from './resume';

const NON_ASCII = /[^ -~\t\n\r]/;

export function fold(text: string): string {
  // Most catalogue text (addresses above all) is ASCII, which needs no decomposition.
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * A query's test: whether a folded text contains every word of the query, ignoring case and
 * accents; null for a query of no words, which every text passes. The quick filter and the search
 * over a facet's values both match with it.
 */
export function wordMatcher(query: string): ((folded: string) => boolean) | null {
  return matcherOf(wordsOf(query));
}

/** A query's words, folded. */
function wordsOf(query: string): string[] {
  return fold(query).split(/\s+/).filter(Boolean);
}

function matcherOf(words: readonly string[]): ((folded: string) => boolean) | null {
  if (words.length === 0) return null;
  return (folded) => {
    for (const word of words) if (!folded.includes(word)) return false;
    return true;
  };
}

/**
 * Each character's bit: one for each of a to z, four for the digits (by the digit mod 4), one for
 * the rest of ASCII. A character beyond ASCII takes the bit of its code's last 7 bits: the same
 * for a query as for a text, so it can only fail to skip a row, never skip one that matches.
 */
const BITS = new Int32Array(128).fill(1 << 30);
for (let c = 0; c < 26; c++) BITS[97 + c] = 1 << c;
for (let c = 0; c < 10; c++) BITS[48 + c] = 1 << (26 + (c & 3));

/**
 * A text's characters as bits (`BITS`): a row whose bits lack one of a query's holds no word of
 * it, so the filter skips it without reading its text (at a million rows, reading the texts is
 * what the match waits for). A look-up rather than tests: it is taken for every character.
 */
function lettersOf(folded: string): number {
  let bits = 0;
  for (let i = 0; i < folded.length; i++) bits |= BITS[folded.charCodeAt(i) & 127] as number;
  return bits;
}

/**
 * One list's folded texts, in row order, for its first `texts.length` rows, by one function,
 * with each text's letters (`lettersOf`) at the same place.
 */
interface Prepared {
  readonly text: (row: never) => string;
  readonly texts: string[];
  letters: Uint32Array;
  readonly length: number;
}

/** Folds the texts of `rows` not yet folded, while `hasTime()`. */
function prepare<T extends object>(
  rows: readonly T[],
  text: (row: T) => string,
  hasTime: () => boolean,
): Prepared {
  // Kept by the list, in row order (not per row: a weak map with an entry for each of 100,000 rows
  // made every garbage collection slower). A version that grew takes over the texts of the last.
  const work = {
    key: 'folded texts',
    start: (): Prepared => {
      const texts: string[] = [];
      return {
        text,
        texts,
        letters: new Uint32Array(0),
        get length() {
          return texts.length;
        },
      };
    },
    fits: (kept: Prepared) => kept.text === text,
    prefixes: true,
  };
  return resume(rows, work, (prepared) => {
    const { texts } = prepared;
    let i = texts.length;
    if (prepared.letters.length < rows.length) {
      // Grown by half again at least, as a list that loads page by page asks for more each page.
      const grown = new Uint32Array(Math.max(rows.length, (prepared.letters.length * 3) >>> 1));
      grown.set(prepared.letters);
      prepared.letters = grown;
    }
    const { letters } = prepared;
    while (i < rows.length) {
      const folded = fold(text(rows[i] as T));
      texts.push(folded);
      letters[i++] = lettersOf(folded);
      if (i % 256 === 0 && !hasTime()) break;
    }
    return prepared;
  });
}

/**
 * Folds the text of `rows` while `hasTime()`, from where it stopped before, ahead of the first
 * key press (so the filter itself only compares); returns how many rows are ready. Rows already
 * folded for an earlier list (the same list, grown) are not folded again.
 */
export function prepareQuickFilter<T extends object>(
  rows: readonly T[],
  text: (row: T) => string,
  hasTime: () => boolean,
): number {
  return Math.min(rows.length, prepare(rows, text, hasTime).texts.length);
}

const always = () => true;

/**
 * The last query each rows array was filtered by, with the positions of the rows it kept: a query
 * that only narrows it (each of its words within a word of the new one, as a query typed on
 * does) tests only those rows. Kept weakly, so it goes with the rows.
 */
const lastFilter = new WeakMap<
  readonly object[],
  {
    readonly text: (row: never) => string;
    readonly words: readonly string[];
    readonly kept: Uint32Array;
  }
>();

/** Whether every text with all of `next` also has all of `previous`. */
function narrows(previous: readonly string[], next: readonly string[]): boolean {
  return previous.every((word) => next.some((longer) => longer.includes(word)));
}

/** Rows whose text contains every word of the query. */
export function quickFilter<T extends object>(
  rows: readonly T[],
  query: string,
  text: (row: T) => string,
): readonly T[] {
  const words = wordsOf(query);
  const matches = matcherOf(words);
  if (!matches) return rows;
  // Rows not yet prepared in the background are folded now, and kept.
  const { texts, letters } = prepare(rows, text, always);
  const needed = lettersOf(words.join(''));
  const last = lastFilter.get(rows);
  const from = last?.text === text && narrows(last.words, words) ? last.kept : null;
  const n = from ? from.length : rows.length;
  const kept = new Uint32Array(n);
  let count = 0;
  for (let k = 0; k < n; k++) {
    const i = from ? (from[k] as number) : k;
    if (((letters[i] as number) & needed) === needed && matches(texts[i] as string))
      kept[count++] = i;
  }
  lastFilter.set(rows, { text, words, kept: kept.subarray(0, count) });
  const out = new Array<T>(count);
  for (let k = 0; k < count; k++) out[k] = rows[kept[k] as number] as T;
  return out;
}
