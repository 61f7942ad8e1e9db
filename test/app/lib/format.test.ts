import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { grownBy } from '../../../src/api/list-identity';
import { parseInstant } from '../../../src/api/parse';
import {
  clipText,
  exactBytes,
  formatAgo,
  formatBytes,
  plural,
  readableUrl,
  utcTitle,
} from '../../../src/lib/format';
import { capturesUrl, collectionPageUrl, pressImageUrl } from '../../../src/lib/links';
import { safeUrl } from '../../../src/lib/safe-url';
import { prepareQuickFilter, quickFilter } from '../../../src/lib/text-match';
import { topicLabel } from '../../../src/lib/topics';

describe('formatting', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [999, '999 bytes'],
    [27_818_016_847, '27.8 GB'],
    [4_294_967_297, '4.3 GB'],
    [718_682_896_192, '718.7 GB'],
    [1_500_000_000_000, '1.5 TB'],
  ])('%d bytes read as %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it.each([
    [0, 'just now'],
    [59_999, 'just now'],
    [60_000, '1 minute ago'],
    [12 * 60_000 + 30_000, '12 minutes ago'],
    [60 * 60_000, '1 hour ago'],
    [23 * 3_600_000 + 59 * 60_000, '23 hours ago'],
    [50 * 3_600_000, '2 days ago'],
    [-5_000, 'just now'],
  ])('a save %d ms ago reads as saved %s', (ago, text) => {
    expect(formatAgo(1_000_000_000 - ago, 1_000_000_000)).toBe(text);
  });

  it('gives the exact byte count for the hover, grouped', () => {
    expect(exactBytes(27_818_016_847)).toBe('27,818,016,847 bytes');
  });

  it('says what a number counts', () => {
    expect(plural(1, 'seed')).toBe('1 seed');
    expect(plural(48_210, 'seed')).toBe('48,210 seeds');
  });

  it('gives the service’s UTC value for the hover', () => {
    const instant = parseInstant('2019-12-04T16:39:28.655117Z');
    expect(instant && utcTitle(instant)).toBe('2019-12-04 16:39:28.655117 UTC');
  });

  it('labels known topics and shows unknown codes as they are', () => {
    expect(topicLabel('politicsAndElections')).toBe('Politics and elections');
    expect(topicLabel('somethingNew')).toBe('somethingNew');
    expect(topicLabel('toString')).toBe('toString');
  });
});

describe('links from data', () => {
  it.each([
    ['https://example.org/a', 'https://example.org/a'],
    ['http://example.org', 'http://example.org/'],
    ['javascript:alert(1)', null],
    ['JaVaScRiPt:alert(1)', null],
    ['data:text/html,<script>alert(1)</script>', null],
    ['//evil.example/x', null],
    ['not a url', null],
    ['', null],
  ])('safeUrl(%j) is %j', (text, safe) => {
    expect(safeUrl(text)).toBe(safe);
  });

  it('makes no link of an address longer than 8,192 characters, nor of its captures', () => {
    const long = `https://example.org/${'a'.repeat(8_000)}`;
    expect(safeUrl(`  ${long}  `)).toBe(long);
    expect(safeUrl(`${long}${'a'.repeat(200)}`)).toBeNull();
    const huge = `https://example.org/${'a'.repeat(5 * 1_048_576)}`;
    expect(safeUrl(huge)).toBeNull();
    expect(capturesUrl(1726, huge)).toBeNull();
  });

  it('builds the public page and captures addresses from the patterns', () => {
    expect(collectionPageUrl(1726)).toBe('https://archive-it.org/collections/1726');
    expect(capturesUrl(1726, 'https://www.example.org/news/')).toBe(
      'https://wayback.archive-it.org/1726/*/https://www.example.org/news/',
    );
    expect(capturesUrl(1726, 'javascript:alert(1)')).toBeNull();
    expect(collectionPageUrl(1, 'javascript:{id}')).toBeNull();
    expect(pressImageUrl('a b.jpg')).toBe('/press-images/a%20b.jpg');
  });
});

describe('quick filter', () => {
  const rows = [{ t: 'Montréal Gazette' }, { t: 'Salem Herald' }, { t: 'Gazette of Salem' }];
  it('matches every word, ignoring case and accents', () => {
    expect(quickFilter(rows, 'montreal', (r) => r.t)).toEqual([rows[0]]);
    expect(quickFilter(rows, 'SALEM gazette', (r) => r.t)).toEqual([rows[2]]);
    expect(quickFilter(rows, '  ', (r) => r.t)).toBe(rows);
  });

  it('reads the rows afresh when the text they are searched by changes', () => {
    const groups = [{ collection: 1 }, { collection: 2 }];
    const before = (g: { collection: number }) => `Collection ${String(g.collection)}`;
    expect(quickFilter(groups, 'elections', before)).toEqual([]);
    const names = new Map([[2, 'Elections 2024']]);
    const after = (g: { collection: number }) => names.get(g.collection) ?? '';
    expect(quickFilter(groups, 'elections', after)).toEqual([groups[1]]);
  });

  it('prepares the rows in pieces ahead of the first key, reading each row once', () => {
    const many = Array.from({ length: 1_000 }, (_, i) => ({
      t: i % 7 === 0 ? `Québec ${String(i)}` : `Row ${String(i)}`,
    }));
    let reads = 0;
    const text = (r: { t: string }) => {
      reads++;
      return r.t;
    };
    let budget = 2;
    const stopped = prepareQuickFilter(many, text, () => budget-- > 0);
    expect(stopped).toBeGreaterThan(0);
    expect(stopped).toBeLessThan(many.length);
    expect(prepareQuickFilter(many, text, () => true)).toBe(many.length);
    expect(reads).toBe(many.length);
    const found = quickFilter(many, 'quebec', text);
    expect(reads).toBe(many.length);
    expect(found).toEqual(many.filter((r) => r.t.startsWith('Québec')));
  });
});

describe('long and disguised text', () => {
  it('shows the direction controls in an address as their percent-encoding', () => {
    expect(readableUrl('https://example.org/\u202Egpj.exe')).toBe(
      'https://example.org/%E2%80%AEgpj.exe',
    );
    expect(readableUrl('https://example.org/\u2066a\u2069\u200F')).toBe(
      'https://example.org/%E2%81%A6a%E2%81%A9%E2%80%8F',
    );
    expect(readableUrl('https://例え.example/パス')).toBe('https://例え.example/パス');
  });

  it('clips a long text at a space near the limit, never inside a surrogate pair', () => {
    expect(clipText('short', 10, 3)).toEqual({ text: 'short', clipped: false });
    expect(clipText('one two three four five', 12, 3)).toEqual({ text: 'one two', clipped: true });
    const emoji = '😀'.repeat(10);
    const clip = clipText(emoji, 5, 3);
    expect(clip.clipped).toBe(true);
    expect(clip.text).toBe('😀😀');
    expect(clipText('a\nb\nc\nd', 100, 2)).toEqual({ text: 'a\nb', clipped: true });
  });

  it('reads only the new rows of a list that grew, and finds the same rows prepared or not', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: fc.constantFrom('a', 'é', 'B', ' ', 'Ü', 'x') }), {
          maxLength: 60,
        }),
        fc.nat(60),
        fc.string({ unit: fc.constantFrom('a', 'e', 'E', 'b', 'u', ' ', 'x'), maxLength: 3 }),
        (texts, cut, query) => {
          const rows = texts.map((t) => ({ t }));
          // As a list loads: its first page, then the list grown by the rest (one list, two versions).
          const first = rows.slice(0, Math.min(cut, rows.length));
          const all = grownBy(first, rows.slice(first.length));
          let reads = 0;
          const text = (r: { t: string }) => {
            reads++;
            return r.t;
          };
          const unprepared = quickFilter(all, query, (r) => r.t);
          prepareQuickFilter(first, text, () => true);
          prepareQuickFilter(all, text, () => true);
          expect(reads).toBe(all.length);
          expect(quickFilter(all, query, text)).toEqual(unprepared);
        },
      ),
    );
  });
});
