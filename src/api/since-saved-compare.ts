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

/** Each id's latest readable last update (UNREADABLE when none is), and its first row. */
function* lastUpdates(
  rows: readonly object[],
): Job<{ updates: Map<number, number>; first: Map<number, number> }> {
  const updates = new Map<number, number>();
  const first = new Map<number, number>();
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as object;
    const id = (row as { id?: unknown }).id;
    if (typeof id !== 'number' || !Number.isFinite(id)) continue;
    const ms = fieldInstantMs(row, 'lastUpdated') ?? UNREADABLE;
    const known = updates.get(id);
    if (known === undefined) first.set(id, i);
    updates.set(id, known === undefined ? ms : Math.max(known, ms));
    if (i % SLICE === SLICE - 1) yield;
  }
  return { updates, first };
}

const ADDED = 1;
const CHANGED = 2;
const UNKNOWN = 3;

export function* compareJob(copy: readonly object[], fresh: readonly object[]): Job<ListChanges> {
  const before = yield* lastUpdates(copy);
  const after = yield* lastUpdates(fresh);
  const classOf = new Map<number, number>();
  const added: number[] = [];
  const changed: number[] = [];
  const unknown: number[] = [];
  let step = 0;
  for (const [id, ms] of after.updates) {
    const old = before.updates.get(id);
    const kind =
      old === undefined
        ? ADDED
        : old === UNREADABLE || ms === UNREADABLE
          ? UNKNOWN
          : old !== ms
            ? CHANGED
            : 0;
    if (kind !== 0) {
      classOf.set(id, kind);
      (kind === ADDED ? added : kind === CHANGED ? changed : unknown).push(id);
    }
    if (++step % SLICE === 0) yield;
  }
  const rowsOf = [0, 0, 0, 0];
  for (let i = 0; i < fresh.length; i++) {
    const id = (fresh[i] as { id?: unknown }).id;
    const kind = typeof id === 'number' ? classOf.get(id) : undefined;
    if (kind !== undefined) rowsOf[kind] = (rowsOf[kind] ?? 0) + 1;
    if (i % SLICE === SLICE - 1) yield;
  }
  const gone: GoneRecord[] = [];
  for (const [id, at] of before.first) {
    if (after.updates.has(id)) continue;
    const row = copy[at] as { url?: unknown; collection?: unknown };
    gone.push({
      id,
      url: typeof row.url === 'string' ? row.url : null,
      collection: typeof row.collection === 'number' ? row.collection : null,
    });
    if (++step % SLICE === 0) yield;
  }
  return {
    added,
    changed,
    unknown,
    addedRows: rowsOf[ADDED] ?? 0,
    changedRows: rowsOf[CHANGED] ?? 0,
    unknownRows: rowsOf[UNKNOWN] ?? 0,
    gone,
  };
}
