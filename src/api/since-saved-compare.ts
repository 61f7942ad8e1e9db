/**
 * What changed between a saved copy of a list and the fresh list that replaces it, by id and
 * `last_updated_date`: records added (ids the copy lacked), changed (a different last update),
 * gone (ids the fresh list lacks, described from the copy), and those whose last update cannot be
 * read in one list or the other, which are neither changed nor unchanged but unknown.
 *
 * An id repeated in a list is one record: its last update is the latest readable one of its rows
 * (unknown when none is readable), and every fresh row with that id counts under its one class,
 * so each figure is the number of rows the list filtered by those ids shows. Loaded only when a
 * refresh replaces an old enough saved copy; runs as a job that yields every few thousand rows.
 */
import type { Job } from '../scheduling';
import { fieldInstantMs } from './row-view';

/** A record of the saved copy that the fresh list no longer has. */
export interface GoneRecord {
  readonly id: number;
  readonly url: string | null;
  readonly collection: number | null;
}

export interface ListChanges {
  /** Ids of the fresh list's records, by what happened to them since the copy. */
  readonly added: readonly number[];
  readonly changed: readonly number[];
  readonly unknown: readonly number[];
  /** Rows of the fresh list with those ids (more than the ids when an id is repeated). */
  readonly addedRows: number;
  readonly changedRows: number;
  readonly unknownRows: number;
  /** The copy's records no longer in the list, in the copy's order, once each. */
  readonly gone: readonly GoneRecord[];
}

/** Rows read between yields. */
const SLICE = 4096;
/** No readable last update (NaN never equals anything, so it is kept apart). */
const UNREADABLE = -1;

/**
 * The comparison's name on the page's performance timeline (`runJobInSlices`'s `measure`): each
 * list compared has its own, by the rows of its two sides.
 */
export const comparisonMeasure = (copyRows: number, freshRows: number) =>
  `Since your copy: comparison of ${String(freshRows)} rows against ${String(copyRows)}`;

/** A list's records by id: each id's slot, its latest readable last update, rows and first row. */
interface Records {
  readonly slots: Map<number, number>;
  readonly ids: Float64Array;
  readonly updated: Float64Array;
  readonly rows: Uint32Array;
  readonly first: Uint32Array;
  readonly count: number;
}

function* recordsOf(list: readonly object[]): Job<Records> {
  const slots = new Map<number, number>();
  const ids = new Float64Array(list.length);
  const updated = new Float64Array(list.length);
  const rows = new Uint32Array(list.length);
  const first = new Uint32Array(list.length);
  let count = 0;
  for (let i = 0; i < list.length; i++) {
    const row = list[i] as object;
    const id = (row as { id?: unknown }).id;
    if (typeof id === 'number' && Number.isFinite(id)) {
      const ms = fieldInstantMs(row, 'lastUpdated') ?? UNREADABLE;
      const slot = slots.get(id);
      if (slot === undefined) {
        slots.set(id, count);
        ids[count] = id;
        updated[count] = ms;
        rows[count] = 1;
        first[count] = i;
        count++;
      } else {
        updated[slot] = Math.max(updated[slot] ?? UNREADABLE, ms);
        rows[slot] = (rows[slot] ?? 0) + 1;
      }
    }
    if (i % SLICE === SLICE - 1) yield;
  }
  return { slots, ids, updated, rows, first, count };
}

export function* compareJob(copy: readonly object[], fresh: readonly object[]): Job<ListChanges> {
  const before = yield* recordsOf(copy);
  const after = yield* recordsOf(fresh);
  const kept = new Uint8Array(before.count);
  const added: number[] = [];
  const changed: number[] = [];
  const unknown: number[] = [];
  let addedRows = 0;
  let changedRows = 0;
  let unknownRows = 0;
  for (let slot = 0; slot < after.count; slot++) {
    const id = after.ids[slot] ?? 0;
    const ms = after.updated[slot] ?? UNREADABLE;
    const rows = after.rows[slot] ?? 0;
    const old = before.slots.get(id);
    if (old === undefined) {
      added.push(id);
      addedRows += rows;
    } else {
      kept[old] = 1;
      const was = before.updated[old] ?? UNREADABLE;
      if (was === UNREADABLE || ms === UNREADABLE) {
        unknown.push(id);
        unknownRows += rows;
      } else if (was !== ms) {
        changed.push(id);
        changedRows += rows;
      }
    }
    if (slot % SLICE === SLICE - 1) yield;
  }
  const gone: GoneRecord[] = [];
  for (let slot = 0; slot < before.count; slot++) {
    if (kept[slot] === 1) continue;
    const row = copy[before.first[slot] ?? 0] as { url?: unknown; collection?: unknown };
    gone.push({
      id: before.ids[slot] ?? 0,
      url: typeof row.url === 'string' ? row.url : null,
      collection: typeof row.collection === 'number' ? row.collection : null,
    });
  }
  return { added, changed, unknown, addedRows, changedRows, unknownRows, gone };
}
