/**
 * The service's timestamps read into numbers: ISO 8601 text to milliseconds since the epoch, by
 * the arithmetic of the proleptic Gregorian calendar in UTC. Kept apart from the other values'
 * readers (values.ts) because it is arithmetic with rules of its own (leap years, leap seconds,
 * offsets, the years 0 to 99), tested on its own against `Date`.
 */

/** A point in time as the service wrote it, and as a number that compares correctly. */
export interface Instant {
  /** The service's own text, e.g. `2019-12-04T16:39:28.655117Z`, kept for display fidelity. */
  readonly text: string;
  /** Milliseconds since the epoch, with microseconds as the fraction. */
  readonly ms: number;
}

const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:?\d{2})$/;

/** Reads an ISO 8601 timestamp, with or without fractional seconds; null if it is not one. */
export function parseInstant(text: string): Instant | null {
  const ms = instantMs(text);
  return Number.isNaN(ms) ? null : { text, ms };
}

/**
 * What `parseInstant` gives as `ms`, or NaN for text that is no timestamp. The service's own form
 * (UTC, `Z`, six digits of fraction or none) is read digit by digit: a list of 100,000 seeds has
 * 200,000 timestamps, and the pattern costs several times more. Anything else takes the pattern.
 */
export function instantMs(text: string): number {
  const n = text.length;
  if ((n === 20 || (n >= 22 && n <= 30 && text.charCodeAt(19) === 46)) && text.endsWith('Z')) {
    let digits = true;
    for (let i = 0; i < n - 1 && digits; i++) {
      const c = text.charCodeAt(i);
      digits = SEPARATORS[i] === undefined ? c >= 48 && c <= 57 : c === SEPARATORS[i];
    }
    if (digits) {
      return utcMs(
        twoDigits(text, 0) * 100 + twoDigits(text, 2),
        twoDigits(text, 5),
        twoDigits(text, 8),
        twoDigits(text, 11),
        twoDigits(text, 14),
        twoDigits(text, 17),
        n > 20 ? text.slice(20, n - 1) : '',
        'Z',
      );
    }
  }
  const m = TIMESTAMP.exec(text);
  if (!m) return Number.NaN;
  const [, y, mo, d, h, mi, s, fraction = '', zone = 'Z'] = m;
  return utcMs(Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s), fraction, zone);
}

/**
 * Below this many milliseconds from the epoch (2^42: the years 1830 to 2109), a number read from
 * the service's form with at most six digits of fraction gives that fraction back exactly: its
 * rounding error is at most half a step of the number (2^-11 ms), under half a microsecond.
 */
const EXACT_UP_TO = 2 ** 42;

/**
 * The digits of fraction (0 to 6) of an instant's text when `instantText` makes that text again,
 * exactly, from its number (the service's own form, `2019-12-04T16:39:28.655117Z`); -1 for any
 * other text. A block of rows keeps these digits instead of the text of most timestamps.
 */
export function madeAgainWith(text: string, ms: number): number {
  const n = text.length;
  if (!(Math.abs(ms) < EXACT_UP_TO) || (n !== 20 && (n < 22 || n > 27))) return -1;
  if (text.charCodeAt(n - 1) !== 90) return -1;
  for (let i = 0; i < n - 1; i++) {
    const c = text.charCodeAt(i);
    if (SEPARATORS[i] === undefined ? c < 48 || c > 57 : c !== SEPARATORS[i]) return -1;
  }
  // A leap second (:60) is read as the next minute's first, so its text does not come back.
  if (text.charCodeAt(17) === 54) return -1;
  return n === 20 ? 0 : n - 21;
}

/** The service's form of an instant, with `digits` digits of fraction (see `madeAgainWith`). */
export function instantText(ms: number, digits: number): string {
  const whole = Math.floor(ms / 1000) * 1000;
  const seconds = new Date(whole).toISOString().slice(0, 19);
  if (digits === 0) return `${seconds}Z`;
  const fraction = Math.round((ms - whole) * 10 ** (digits - 3));
  return `${seconds}.${String(fraction).padStart(digits, '0')}Z`;
}

const twoDigits = (text: string, at: number) =>
  (text.charCodeAt(at) - 48) * 10 + text.charCodeAt(at + 1) - 48;

/** Characters of `2019-12-04T16:39:28.655117Z` that are not digits, by position. */
const SEPARATORS: readonly (number | undefined)[] = Object.assign(new Array<undefined>(30), {
  4: 45,
  7: 45,
  10: 84,
  13: 58,
  16: 58,
  19: 46,
});

function utcMs(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  fraction: string,
  zone: string,
): number {
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 60) {
    return Number.NaN;
  }
  // 31 February and the like, or a leap second that ends a day: no such instant. (A leap second
  // within a day is the next minute's first, as `Date` reads it.)
  if (day > daysInMonth(year, month) || (second === 60 && hour === 23 && minute === 59)) {
    return Number.NaN;
  }
  let ms = daysSinceEpoch(year, month, day) * 86_400_000 + hour * 3_600_000;
  ms += minute * 60_000 + second * 1_000;
  if (fraction) ms += Number(`0.${fraction}`) * 1000;
  if (zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    ms -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  }
  return ms;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : (MONTH_DAYS[month - 1] as number);
}

/**
 * Days from 1970-01-01 to a day of the proleptic Gregorian calendar, by arithmetic: a list of
 * 100,000 seeds has 200,000 timestamps, and `Date.UTC` costs several times more (and reads the
 * years 0 to 99 as 1900 to 1999).
 */
function daysSinceEpoch(year: number, month: number, day: number): number {
  // Years counted from March, so that the leap day is the last of its year.
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * ((month + 9) % 12) + 2) / 5) + day - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}
