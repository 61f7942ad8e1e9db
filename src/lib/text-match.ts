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
 * Folds the text of `rows` from `from` on while `hasTime()`, ahead of the first key press (so the
 * filter itself only compares); returns where it stopped (`rows.length` when every row is ready).
 */
export function prepareQuickFilter<T extends object>(
  rows: readonly T[],
  text: (row: T) => string,
  from: number,
  hasTime: () => boolean,
): number {
  const folded = foldedFor(text);
  let i = from;
  while (i < rows.length) {
    const row = rows[i] as T;
    if (!folded.has(row)) folded.set(row, fold(text(row)));
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
