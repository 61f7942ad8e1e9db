/**
 * A figure over a list that the first screen can do without (the metadata audit, the field
 * names): worked out with the rows when the list is short and of few fields, else in background
 * slices once the rows are on screen, in its turn (`AFTER_LOAD` in src/scheduling), so it never
 * delays them.
 * Until it is done the last figure stays, marked as pending; before the first there is none.
 */
import { useEffect, useMemo, useState } from 'react';
import { fieldNamesBound } from '../api/row-view';
import { runJob, startJob, type Job } from '../scheduling';

/** Rows worked out at once, with their render: a few milliseconds at most. */
export const AT_ONCE_UP_TO = 5_000;
/** Field names worked out at once (a list has a few dozen; one record may bring thousands). */
export const AT_ONCE_NAMES = 1_000;

export interface AfterRows<R> {
  /** The figure for `input`, or for an earlier input while `pending`; null before the first. */
  readonly value: R | null;
  /** The figure is for an earlier input: one for this input is under way. */
  readonly pending: boolean;
}

/**
 * `work(input)` for `input` (its identity: a new input is worked out again), at once when `rows`
 * (the rows it goes over) are at most `AT_ONCE_UP_TO` and use at most `AT_ONCE_NAMES` metadata
 * fields, else after they are painted, in `turn`.
 */
export function useAfterRows<I, R>(
  input: I,
  rows: readonly object[],
  work: (input: I) => Job<R>,
  turn: number,
): AfterRows<R> {
  const atOnce = useMemo(
    () => rows.length <= AT_ONCE_UP_TO && fieldNamesBound(rows) <= AT_ONCE_NAMES,
    [rows],
  );
  const [done, setDone] = useState<{ input: I; value: R } | null>(null);
  let current = done;
  if (atOnce && done?.input !== input) {
    current = { input, value: runJob(work(input)) };
    setDone(current);
  }
  useEffect(() => {
    if (atOnce) return;
    return startJob(work(input), { priority: 'background', afterPaint: true, turn }, (value) => {
      setDone({ input, value });
    });
  }, [atOnce, input, work, turn]);
  return { value: current?.value ?? null, pending: current?.input !== input };
}
