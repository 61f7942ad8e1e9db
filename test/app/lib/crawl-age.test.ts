import { describe, expect, it } from 'vitest';
import type { Collection } from '../../../src/api/records';
import { crawlAge, crawledParam, monthsBefore } from '../../../src/lib/crawl-age';
import { decodeAll } from '../../../src/addresses/url-params';

const day = Date.UTC(2026, 2, 31); // 31 March 2026
const crawled = (
  text: string | null,
  unknown = false,
): Pick<Collection, 'lastCrawl' | 'unknown'> =>
  unknown
    ? { lastCrawl: null, unknown: { lastCrawl: { reason: 'unreadable', excerpt: '"soon"' } } }
    : { lastCrawl: text === null ? null : { text, ms: Date.parse(text) } };

describe('how long ago a collection was last crawled', () => {
  it('counts back whole calendar months, to the last day of a shorter month', () => {
    expect(new Date(monthsBefore(day, 1)).toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(new Date(monthsBefore(day, 6)).toISOString()).toBe('2025-09-30T00:00:00.000Z');
    expect(new Date(monthsBefore(day, 12)).toISOString()).toBe('2025-03-31T00:00:00.000Z');
  });

  it.each([
    ['2026-03-31T12:00:00Z', '1m'],
    ['2026-02-28T00:00:00Z', '1m'],
    ['2026-02-27T23:59:59.999999Z', '6m'],
    ['2025-09-30T00:00:00Z', '6m'],
    ['2025-09-29T23:59:59Z', '12m'],
    ['2025-03-31T00:00:00Z', '12m'],
    ['2025-03-30T23:59:59Z', 'older'],
    ['1970-01-01T00:00:00Z', 'older'],
    ['2031-01-01T00:00:00Z', '1m'],
  ])('a crawl at %s is in the band %s, a boundary in the more recent band', (text, band) => {
    expect(crawlAge(crawled(text), day)).toBe(band);
  });

  it('tells a collection never crawled from one whose date cannot be read', () => {
    expect(crawlAge(crawled(null), day)).toBe('never');
    expect(crawlAge(crawled(null, true), day)).toBe('unknown');
  });

  it('reads crawled= from the address, and an unreadable value matches nothing', () => {
    const read = (query: string) =>
      decodeAll({ crawled: crawledParam() }, new URLSearchParams(query));
    expect(read('crawled=6m').values.crawled).toBe('6m');
    expect(read('').values.crawled).toBeUndefined();
    const wrong = read('crawled=2m');
    expect(wrong.values.crawled).toEqual({ unreadable: '2m' });
    expect(wrong.problems.join(' ')).toMatch(/“2m” is not a time since the last crawl/);
  });
});
