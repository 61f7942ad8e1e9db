/**
 * An export's file name says what it holds and when it was made, from the page's address:
 * `seeds-collection-12912-where-Language-English-2026-11-23.csv`. Only ASCII letters, digits and
 * hyphens, and short enough for every file system.
 */

/** Parameters that change neither which rows an export holds nor what they say. */
const LEFT_OUT = new Set(['sort', 'seed']);

/** The most characters before the date; the name stays under 128 in all. */
const MAX_BODY = 96;

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

export function exportFileName(
  { what, pathname, search }: ExportNaming,
  options: { date: Date; partial: boolean; extension: string },
): string {
  const words = [slug(what) || 'export'];
  const collection = /^\/collections\/(\d+)(?:\/|$)/.exec(pathname);
  if (collection) words.push('collection', collection[1] ?? '');
  for (const [name, value] of new URLSearchParams(search)) {
    if (LEFT_OUT.has(name) || value === '') continue;
    const words_ = slug(`${name} ${value}`);
    if (words_ !== '') words.push(words_);
  }
  let body = words.join('-');
  if (body.length > MAX_BODY) body = body.slice(0, MAX_BODY).replace(/-[^-]*$/, '');
  const partial = options.partial ? '-partial' : '';
  return `${body}-${day(options.date)}${partial}.${slug(options.extension) || 'txt'}`;
}
