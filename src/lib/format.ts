/**
 * How numbers, sizes and dates read: grouped numbers, human sizes with the exact count on hover,
 * dates in the reader's locale and time zone with the UTC value on hover.
 */
import type { Instant } from '../api/model';

const integer = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export function formatCount(n: number): string {
  return integer.format(n);
}

/** "1 seed", "2,401 seeds". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

const UNITS = ['bytes', 'kB', 'MB', 'GB', 'TB', 'PB'] as const;

/** Decimal units, as web archives report their sizes: 27.8 GB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${formatCount(bytes)} ${bytes === 1 ? 'byte' : 'bytes'}`;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${oneDecimal.format(value)} ${UNITS[unit] ?? ''}`;
}

export function exactBytes(bytes: number): string {
  return plural(bytes, 'byte');
}

export function formatDateTime(instant: Instant): string {
  return dateTime.format(instant.ms);
}

export function formatDate(instant: Instant): string {
  return dateOnly.format(instant.ms);
}

/** The UTC value for a hover, e.g. "2019-12-04 16:39:28.655117 UTC". */
export function utcTitle(instant: Instant): string {
  return `${instant.text.replace('T', ' ').replace(/Z$/, '')} UTC`;
}
