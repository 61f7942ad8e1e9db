/**
 * An export's file name says what it holds and when it was made, from the page's address:
 * `seeds-collection-12912-where-Language-English-2026-11-23.csv`. Only ASCII letters, digits and
 * hyphens, and short enough for every file system.
 */

/** Parameters that change neither which rows an export holds nor what they say. */
const LEFT_OUT = new Set(['sort', 'seed']);

/** The most characters before the date, as the values are shortened to fit. */
const MAX_BODY = 96;
/** The longest name a file may have, whatever the address. */
const MAX_NAME = 128;

/** Words as ASCII: accents dropped (Español → Espanol), anything else a hyphen, none doubled. */
function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** `YYYY-MM-DD` in the user's time zone: the day they exported it. */
function day(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export interface ExportNaming {
  /** What the rows are, plural: `seeds`, `seed groups`. */
  readonly what: string;
  /** The page's path: a collection's page names the collection. */
  readonly pathname: string;
  /** The page's query string: its filters. */
  readonly search: string;
}

/** A value cut to at most `most` characters, between words where a word ends late enough. */
function cut(value: string, most: number): string {
  if (value.length <= most) return value;
  const head = value.slice(0, most);
  const lastWord = head.lastIndexOf('-');
  return (lastWord >= most / 2 ? head.slice(0, lastWord) : head).replace(/-+$/, '');
}

/**
 * The longest length every value can keep so that all of them fit in `room` characters: long
 * values are shortened first, and short ones keep every character.
 */
function fairShare(lengths: readonly number[], room: number): number {
  let most = Math.max(0, ...lengths);
  while (most > 0 && lengths.reduce((sum, n) => sum + Math.min(n, most), 0) > room) most--;
  return most;
}

export function exportFileName(
  { what, pathname, search }: ExportNaming,
  options: { date: Date; partial: boolean; extension: string },
): string {
  const head = [slug(what) || 'export'];
  const collection = /^\/collections\/(\d+)(?:\/|$)/.exec(pathname);
  if (collection) head.push('collection', collection[1] ?? '');
  // Each filter's name once, then its values, in the order the address gives them.
  const filters = new Map<string, string[]>();
  for (const [name, value] of new URLSearchParams(search)) {
    const key = slug(name);
    const words = slug(value);
    if (LEFT_OUT.has(name) || key === '' || words === '') continue;
    const values = filters.get(key);
    if (values) values.push(words);
    else filters.set(key, [words]);
  }
  // Every filter keeps its name; its values share what room is left, the longest cut first.
  const values = [...filters.values()].flat();
  const fixed = [...head, ...filters.keys()].join('-').length + values.length;
  const most = fairShare(
    values.map((v) => v.length),
    MAX_BODY - fixed,
  );
  const parts = [...head];
  for (const [name, list] of filters) {
    parts.push(name);
    for (const value of list) {
      const kept = most > 0 ? cut(value, most) : '';
      if (kept !== '') parts.push(kept);
    }
  }
  const tail = `-${day(options.date)}${options.partial ? '-partial' : ''}.${slug(options.extension) || 'txt'}`;
  // Only names no list has (a hand-made address) can still make it too long.
  const body = parts
    .join('-')
    .slice(0, MAX_NAME - tail.length)
    .replace(/-+$/, '');
  return `${body}${tail}`;
}
