/**
 * How long ago a collection was last crawled, in the bands a programme manager asks about, counted
 * back from today in calendar months (UTC): the `crawled=` filter of /collections and the
 * overview's chart both use `crawlAge`, so a bar's count is the count of the list it opens.
 */
import { unknownOf, type Collection } from '../api/records';
import { quoted, strictParam } from '../addresses/url-params';

/** The bands in the order a chart shows them; `unknown` is a date the service did not give. */
export const CRAWL_AGES = ['never', '1m', '6m', '12m', 'older', 'unknown'] as const;
export type CrawlAge = (typeof CRAWL_AGES)[number];

export const CRAWL_AGE_LABELS: Readonly<Record<CrawlAge, string>> = {
  never: 'Never crawled',
  '1m': 'Within the last month',
  '6m': '1–6 months ago',
  '12m': '6–12 months ago',
  older: 'Over a year ago',
  unknown: 'Date unknown',
};

/** The same day `months` calendar months before `day` (the month's last day when it is shorter). */
export function monthsBefore(day: number, months: number): number {
  const date = new Date(day);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() - months;
  const last = new Date(0);
  last.setUTCFullYear(year, month + 1, 0);
  const result = new Date(day);
  result.setUTCFullYear(year, month, Math.min(date.getUTCDate(), last.getUTCDate()));
  return result.getTime();
}

/**
 * The band of a collection's last crawl on the day `today` (the first instant of a UTC day). A
 * crawl exactly on a band's boundary belongs to the more recent band; one dated after today, to
 * the most recent.
 */
export function crawlAge(
  collection: Pick<Collection, 'lastCrawl' | 'unknown'>,
  today: number,
): CrawlAge {
  if (unknownOf(collection, 'lastCrawl')) return 'unknown';
  const crawl = collection.lastCrawl;
  if (crawl === null) return 'never';
  if (!Number.isFinite(crawl.ms)) return 'unknown';
  if (crawl.ms >= monthsBefore(today, 1)) return '1m';
  if (crawl.ms >= monthsBefore(today, 6)) return '6m';
  if (crawl.ms >= monthsBefore(today, 12)) return '12m';
  return 'older';
}

/**
 * `crawled=never|1m|6m|12m|older|unknown`. A value that cannot be read is reported and matches no
 * collection: dropping it would show every collection as if they all matched.
 */
export const crawledParam = () =>
  strictParam(
    (text) => CRAWL_AGES.find((age) => age === text),
    (text) =>
      `${quoted(text)} is not a time since the last crawl: crawled=${CRAWL_AGES.join('|')}. No collections match it until it is changed.`,
  );
