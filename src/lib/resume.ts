/**
 * Work over a list that grows by appending (a facet index, folded texts, an audit, the field
 * names), taken up where it stopped. The list keeps the work (`ListIdentity` in
 * src/api/list-identity.ts): every version of one list, snapshot after snapshot as its pages
 * arrive, shares it, and it goes when the list goes. A different list starts afresh; so does a
 * version shorter than the work done, unless the work can answer for a prefix of what it covered
 * (an index can, a count cannot).
 */
import { listOf } from '../api/list-identity';

/** What work over a list keeps: how many of its first rows it has covered. */
export interface Progress {
  readonly length: number;
}

export interface ListWork<S extends Progress> {
  /** Under what the list keeps this work: one key per kind of work and its parameters. */
  readonly key: unknown;
  /** The work before its first row. */
  readonly start: () => S;
  /** Whether the work kept can go on for the rows asked (say, folded by the same function). */
  readonly fits?: (state: S) => boolean;
  /** Whether the work can answer for a version shorter than it covers. */
  readonly prefixes?: boolean;
}

/**
 * Runs `step` on the work kept for the list `rows` are a version of, or on fresh work when there
 * is none that fits: `step` takes it from `state.length` on, and whatever it leaves is there for
 * the next version.
 */
export function resume<S extends Progress, R>(
  rows: readonly unknown[],
  work: ListWork<S>,
  step: (state: S) => R,
): R {
  const list = listOf(rows);
  let state = list?.get(work.key) as S | undefined;
  if (
    state === undefined ||
    (state.length > rows.length && work.prefixes !== true) ||
    (work.fits !== undefined && !work.fits(state))
  ) {
    state = work.start();
    list?.set(work.key, state);
  }
  return step(state);
}
