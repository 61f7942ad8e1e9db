/**
 * The calendar arithmetic of the service's timestamps: the service's own form and the general
 * ISO 8601 pattern read every instant alike, and every day from year 0 to 9999 lands where `Date`
 * puts it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { instantMs, instantText, madeAgainWith, parseInstant } from '../../../src/api/calendar';

describe('timestamps', () => {
  it('reads both forms the service sends into one comparable number, keeping the text', () => {
    const whole = parseInstant('2019-12-04T16:39:28Z');
    const fraction = parseInstant('2019-12-04T16:39:28.655117Z');
    expect(whole).toEqual({ text: '2019-12-04T16:39:28Z', ms: Date.UTC(2019, 11, 4, 16, 39, 28) });
    expect(fraction?.text).toBe('2019-12-04T16:39:28.655117Z');
    expect(fraction?.ms).toBeCloseTo(Date.UTC(2019, 11, 4, 16, 39, 28) + 655.117, 3);
  });

  it('reads the service’s own form exactly as the general pattern does', () => {
    const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'));
    const stamp = fc
      .tuple(
        fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(4, '0')),
        two(13),
        two(32),
        two(24),
        two(60),
        two(61),
        fc.option(fc.stringMatching(/^[0-9]{1,10}$/), { nil: undefined }),
      )
      .map(([y, mo, d, h, mi, s, f]) => `${y}-${mo}-${d}T${h}:${mi}:${s}${f ? `.${f}` : ''}`);
    fc.assert(
      fc.property(stamp, (text) => {
        // `+00:00` is the same instant, read by the pattern alone.
        const quick = parseInstant(`${text}Z`);
        const pattern = parseInstant(`${text}+00:00`);
        expect(quick === null ? null : quick.ms).toBe(pattern === null ? null : pattern.ms);
      }),
      { numRuns: 2_000 },
    );
    for (const text of ['2019-12-04T16:39:28', '2019-12-04 16:39:28Z', '２019-12-04T16:39:28Z'])
      expect(parseInstant(text)).toBeNull();
  });

  it('makes the service’s own text again from its number, to the character, wherever it says it can', () => {
    const two = (min: number, max: number) =>
      fc.integer({ min, max }).map((n) => String(n).padStart(2, '0'));
    const stamp = (years: { min: number; max: number }, seconds: number, digits: number) =>
      fc
        .tuple(
          fc.integer(years).map((n) => String(n).padStart(4, '0')),
          two(1, 12),
          two(1, 28),
          two(0, 23),
          two(0, 59),
          two(0, seconds),
          fc.option(fc.stringMatching(new RegExp(`^[0-9]{1,${String(digits)}}$`)), {
            nil: undefined,
          }),
        )
        .map(([y, mo, d, h, mi, s, f]) => `${y}-${mo}-${d}T${h}:${mi}:${s}${f ? `.${f}` : ''}Z`);
    // Any year, leap seconds, up to nine digits: never a text other than the service's.
    fc.assert(
      fc.property(fc.oneof(stamp({ min: 0, max: 9999 }, 60, 9), fc.string()), (text) => {
        const ms = instantMs(text);
        const digits = madeAgainWith(text, ms);
        if (digits >= 0) expect(instantText(ms, digits)).toBe(text);
      }),
      { numRuns: 10_000 },
    );
    // The years 1831 to 2108, microseconds at most: every text made again (the fraction's
    // edges, .000000 and .999999, included).
    fc.assert(
      fc.property(
        stamp({ min: 1831, max: 2108 }, 59, 6),
        fc.constantFrom('', '.000000', '.999999', '.5', '.999', '.000001'),
        (text, edge) => {
          const full = edge && !text.includes('.') ? text.replace('Z', `${edge}Z`) : text;
          const ms = instantMs(full);
          const digits = madeAgainWith(full, ms);
          expect(digits).toBeGreaterThanOrEqual(0);
          expect(instantText(ms, digits)).toBe(full);
        },
      ),
      { numRuns: 10_000 },
    );
    for (const text of [
      '2016-12-31T23:59:60Z',
      '2019-12-04T16:39:28.6551171Z',
      '2200-01-01T00:00:00Z',
    ])
      expect(madeAgainWith(text, instantMs(text))).toBe(-1);
  });

  it('puts every day of the calendar, leap days and early years included, where Date does', () => {
    const date = fc.date({
      min: new Date('0000-01-01T00:00:00Z'),
      max: new Date('9999-12-31T23:59:59Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(date, (at) => {
        const text = `${String(at.getUTCFullYear()).padStart(4, '0')}${at.toISOString().slice(4, 19)}Z`;
        expect(parseInstant(text)?.ms).toBe(Math.floor(at.getTime() / 1000) * 1000);
      }),
      { numRuns: 5_000 },
    );
    expect(parseInstant('2024-02-29T12:00:00Z')?.ms).toBe(Date.UTC(2024, 1, 29, 12));
    expect(parseInstant('2000-02-29T00:00:00Z')).not.toBeNull();
    expect(parseInstant('1900-02-29T00:00:00Z')).toBeNull();
    expect(parseInstant('2023-02-29T00:00:00Z')).toBeNull();
    expect(parseInstant('2016-12-31T23:59:60Z')).toBeNull();
    expect(parseInstant('2016-06-30T12:30:60Z')?.ms).toBe(Date.UTC(2016, 5, 30, 12, 31));
  });

  it('orders microseconds correctly', () => {
    const a = parseInstant('2020-01-01T00:00:00Z')?.ms ?? NaN;
    const b = parseInstant('2020-01-01T00:00:00.000001Z')?.ms ?? NaN;
    const c = parseInstant('2020-01-01T00:00:00.000002Z')?.ms ?? NaN;
    expect(a).toBeLessThan(b);
    expect(b).toBeLessThan(c);
  });

  it('honours an explicit offset, in every form ISO 8601 writes it', () => {
    expect(parseInstant('2020-01-01T02:00:00+02:00')?.ms).toBe(Date.UTC(2020, 0, 1));
    expect(parseInstant('2020-01-01T05:30:00+0530')?.ms).toBe(Date.UTC(2020, 0, 1));
    // Behind UTC, across the end of a year and of a leap day.
    expect(parseInstant('2023-12-31T19:00:00-05:00')?.ms).toBe(Date.UTC(2024, 0, 1));
    expect(parseInstant('2024-02-29T23:30:00-01:00')?.ms).toBe(Date.UTC(2024, 2, 1, 0, 30));
  });

  it('reads the years 0 to 99 as those years, where Date.UTC reads 1900 to 1999', () => {
    const year = (y: number) => {
      const date = new Date(0);
      date.setUTCFullYear(y, 0, 1);
      return date.getTime();
    };
    expect(parseInstant('0000-01-01T00:00:00Z')?.ms).toBe(year(0));
    expect(parseInstant('0099-01-01T00:00:00Z')?.ms).toBe(year(99));
    expect(parseInstant('0099-01-01T00:00:00Z')?.ms).not.toBe(Date.UTC(99, 0, 1));
  });

  it('gives a number the table can sort by, NaN for no timestamp', () => {
    expect(instantMs('1970-01-01T00:00:00Z')).toBe(0);
    expect(instantMs('1969-12-31T23:59:59.5Z')).toBe(-500);
    expect(instantMs('2019-12-04T16:39:28.655117Z')).toBe(
      parseInstant('2019-12-04T16:39:28.655117Z')?.ms,
    );
    for (const text of ['2019-12-04T16:39:28', '2019-02-31T00:00:00Z', 'T', ''])
      expect(instantMs(text)).toBeNaN();
  });

  it.each(['2019-02-31T00:00:00Z', '2019-13-01T00:00:00Z', 'yesterday', '2019-12-04', ''])(
    'rejects %j',
    (text) => {
      expect(parseInstant(text)).toBeNull();
    },
  );
});
