/**
 * How numbers, sizes and dates read: grouped numbers, human sizes with the exact count on hover,
 * dates in the reader's locale and time zone with the UTC value on hover.
 */
import type { Instant } from '../api/records';

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

const monthFormat = new Intl.DateTimeFormat(undefined, {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * A period of the UTC calendar as a person says it: `2024-03` as "March 2024", `2024-Q1` as
 * "Q1 2024", `2024` as itself; the text itself if it is none of these.
 */
export function formatPeriod(period: string): string {
  const month = /^(\d{4})-(\d{2})$/.exec(period);
  if (month) return monthFormat.format(Date.UTC(Number(month[1]), Number(month[2]) - 1, 1));
  const quarter = /^(\d{4})-Q([1-4])$/.exec(period);
  if (quarter) return `Q${quarter[2] ?? ''} ${quarter[1] ?? ''}`;
  return period;
}

/** How long ago `then` was, as a person says it: "just now", "12 minutes ago", "3 hours ago". */
export function formatAgo(then: number, now: number): string {
  const minutes = Math.floor(Math.max(0, now - then) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${plural(minutes, 'minute')} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${plural(hours, 'hour')} ago`;
  return `${plural(Math.floor(hours / 24), 'day')} ago`;
}

export function formatDateTime(instant: Instant): string {
  return dateTime.format(instant.ms);
}

export function formatDate(instant: Instant): string {
  return dateOnly.format(instant.ms);
}

/** The UTC value for a hover, e.g. "2019-12-04 16:39:28.655117 UTC". */
export function utcTitle(instant: Instant): string {
  const { text } = instant;
  const at = text.indexOf('T');
  const end = text.endsWith('Z') ? text.length - 1 : text.length;
  return at < 0
    ? `${text.slice(0, end)} UTC`
    : `${text.slice(0, at)} ${text.slice(at + 1, end)} UTC`;
}

/**
 * Characters that change the direction of the text after them (embeddings, overrides, isolates
 * and marks). In an address they serve only to disguise it: `…/` U+202E `gpj.exe` reads as
 * `…/exe.jpg`.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
/** The same characters, for a test (a global pattern's test would move its `lastIndex`). */
const HAS_BIDI_CONTROL = new RegExp(BIDI_CONTROLS.source);

/** An address as text, with direction controls shown as their percent-encoding, as browsers do. */
export function readableUrl(url: string): string {
  // Tested first: a table shows hundreds of addresses a second while it scrolls, nearly none with
  // a control, and testing makes no new string.
  return HAS_BIDI_CONTROL.test(url)
    ? url.replace(BIDI_CONTROLS, (char) => encodeURIComponent(char))
    : url;
}

/**
 * At most `max` characters of a text, with "…" when it is longer: what a table cell, a hover or a
 * label can show of a value that may be a mebibyte long. Never splits a surrogate pair.
 */
export function shortText(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  return `${text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max)}…`;
}

export interface Clipped {
  /** The beginning of the text, cut at a space or line break where one is near. */
  text: string;
  /** Whether anything was left out. */
  clipped: boolean;
}

/**
 * The beginning of a long text: at most `maxChars` characters and `maxLines` lines. The cut never
 * splits a surrogate pair, and backs up to a space when one is close.
 */
export function clipText(text: string, maxChars: number, maxLines: number): Clipped {
  let end = Math.min(text.length, maxChars);
  let atLineBreak = false;
  let lineBreaks = 0;
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10 && ++lineBreaks >= maxLines) {
      end = i;
      atLineBreak = true;
      break;
    }
  }
  if (end >= text.length) return { text, clipped: false };
  if (!atLineBreak) {
    const space = text.lastIndexOf(' ', end);
    if (space > end - 40 && space > 0) end = space;
  }
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return { text: text.slice(0, end).trimEnd(), clipped: true };
}
