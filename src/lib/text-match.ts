/**
 * The quick filter's matching: case- and accent-insensitive "contains", so "montreal" finds
 * "Montréal". Each row's searchable text is folded once and kept, per text function: a page whose
 * text depends on other data (a group's collection names, say) passes a new function when that
 * data changes, and its rows are folded again.
 */
const foldedBy = new WeakMap<(row: never) => string, WeakMap<object, string>>();

const NON_ASCII = /[^ -~\t\n\r]/;

export function fold(text: string): string {
  // Most catalogue text (addresses above all) is ASCII, which needs no decomposition.
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function foldedFor(text: (row: never) => string): WeakMap<object, string> {
  let folded = foldedBy.get(text);
  if (!folded) {
    folded = new WeakMap();
    foldedBy.set(text, folded);
  }
  return folded;
}

/**
 * Each list's folded texts in row order, once every row is prepared: a key press then compares
 * strings in a plain loop instead of looking each row up.
 */
const preparedBy = new WeakMap<(row: never) => string, WeakMap<readonly object[], string[]>>();

function preparedFor(text: (row: never) => string): WeakMap<readonly object[], string[]> {
  let prepared = preparedBy.get(text);
  if (!prepared) {
    prepared = new WeakMap();
    preparedBy.set(text, prepared);
  }
  return prepared;
}

/**
 * Folds the text of `rows` from `from` on while `hasTime()`, ahead of the first key press (so the
 * filter itself only compares); returns where it stopped (`rows.length` when every row is ready).
 * Rows already folded for an earlier list (the same list, grown) are not folded again.
 */
export function prepareQuickFilter<T extends object>(
  rows: readonly T[],
  text: (row: T) => string,
  from: number,
  hasTime: () => boolean,
): number {
  const folded = foldedFor(text);
  const prepared = preparedFor(text);
  let texts = prepared.get(rows);
  if (!texts) {
    texts = [];
    prepared.set(rows, texts);
  }
  let i = Math.min(from, texts.length);
  while (i < rows.length) {
    const row = rows[i] as T;
    let haystack = folded.get(row);
    if (haystack === undefined) {
      haystack = fold(text(row));
      folded.set(row, haystack);
    }
    texts[i] = haystack;
    i++;
    if (i % 256 === 0 && !hasTime()) break;
  }
  return i;
}

/** Rows whose text contains every word of the query. */
export function quickFilter<T extends object>(
  rows: readonly T[],
  query: string,
  text: (row: T) => string,
): readonly T[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return rows;
  const texts = preparedFor(text).get(rows);
  if (texts?.length === rows.length) {
    const kept: T[] = [];
    outer: for (let i = 0; i < texts.length; i++) {
      const haystack = texts[i] as string;
      for (const word of words) if (!haystack.includes(word)) continue outer;
      kept.push(rows[i] as T);
    }
    return kept;
  }
  const folded = foldedFor(text);
  return rows.filter((row) => {
    let haystack = folded.get(row);
    if (haystack === undefined) {
      haystack = fold(text(row));
      folded.set(row, haystack);
    }
    for (const word of words) if (!haystack.includes(word)) return false;
    return true;
  });
}
