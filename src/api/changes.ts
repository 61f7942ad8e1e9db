/**
 * Who changed a record and when, as every activity filter, facet, chart and figure reads it (one
 * rule, so that a figure and the list it links to always agree).
 *
 * - A record was **added** at its `created_date`, by its `created_by`.
 * - A record was **updated** at its `last_updated_date`, by its `last_updated_by`, when that is
 *   later than its `created_date` (or its `created_date` is unknown). A record whose last update
 *   is its creation (the same instant) has no update: its creation counts as added, once.
 *
 * A user name that is missing, unreadable or blank is unknown (null): the visitor's
 * representation of the catalogue has none.
 */
import { fieldInstantMs } from './row-view';

export interface Change {
  /** Who, or null when the service did not say (or said something unreadable). */
  readonly by: string | null;
  /** When, in ms since the epoch (UTC). */
  readonly ms: number;
}

function userName(row: object, key: 'createdBy' | 'lastUpdatedBy'): string | null {
  const value = (row as Readonly<Record<string, unknown>>)[key];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** When and by whom the record was added, or null when its `created_date` is unknown. */
export function addedOf(row: object): Change | null {
  const ms = fieldInstantMs(row, 'created');
  return ms === null ? null : { by: userName(row, 'createdBy'), ms };
}

/** The record's last update after it was added, or null when it has none (see above). */
export function updateOf(row: object): Change | null {
  const ms = fieldInstantMs(row, 'lastUpdated');
  if (ms === null) return null;
  const created = fieldInstantMs(row, 'created');
  if (created !== null && ms <= created) return null;
  return { by: userName(row, 'lastUpdatedBy'), ms };
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The start (00:00 UTC, in ms) of a day written `YYYY-MM-DD`, or null when the text is not a real
 * day of the calendar (2026-02-30 is not).
 */
export function utcDayStart(text: string): number | null {
  const match = DAY.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const date = new Date(ms);
  return date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
    ? ms
    : null;
}

/** The day of an instant, `YYYY-MM-DD` in UTC. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
