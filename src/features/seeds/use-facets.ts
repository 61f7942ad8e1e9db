/**
 * Runs the facet engine for a seed list in short slices, so typing and scrolling never wait for
 * it. New rows (a list loaded, or grown) are counted once they are on screen, as background work
 * in its turn after the sort keys (`AFTER_LOAD`): the rows never wait for their facets. The seeds
 * shared with other collections arriving are counted in their own, later turn. A filter or a
 * quick filter changed by the user is counted at once: the first slice as the inputs change
 * (small lists finish with the rows), the rest in tasks of a few milliseconds. A run whose inputs
 * have changed is dropped. Until a run finishes, the last result stays, marked as pending.
 */
import { useEffect, useRef, useState } from 'react';
import type { Seed } from '../../api/records';
import { AFTER_LOAD, startJob, type Job, type SliceOptions } from '../../scheduling';
import { listSharingJob, type SiteIndex } from '../../lib/shared-seeds';
import { facetIndexJob } from './facet-index';
import { facetJob, type FacetResult } from './facets';
import type { SeedFilterModel } from './seed-filters';
import { sharingDims } from './sharing-filters';

/** About half a frame: input and paint never wait longer than this. */
const SLICE_MS = 8;

export interface FacetInputs {
  readonly rows: readonly Seed[];
  readonly model: SeedFilterModel;
  /** The rows the quick filter keeps, or undefined when it keeps all. */
  readonly quick: ReadonlySet<Seed> | undefined;
  /** The catalogue's seed groups by id, to name them and to tell an id no group has. */
  readonly groups: ReadonlyMap<number, string> | undefined;
  /** Every seed of the account by site, once all have arrived; null until then. */
  readonly sites: SiteIndex | null;
}

function* facetsOf({ rows, model, quick, groups, sites }: FacetInputs): Job<FacetResult> {
  const index = yield* facetIndexJob(rows);
  const sharing = sites ? yield* listSharingJob(rows, sites) : null;
  const extra = sharingDims(model.sharing, sharing);
  return yield* facetJob(index, model, { quick, groups, extra });
}

export interface Facets {
  /** The last finished result (for earlier inputs while `pending`), or null before the first. */
  readonly result: FacetResult | null;
  /** The result is for inputs that have since changed: a run for the new ones is under way. */
  readonly pending: boolean;
  /** The site index the result was counted with (null: without one, or no result yet). */
  readonly countedSites: SiteIndex | null;
}

/** How a run for `inputs` is scheduled, by what changed since the run before (`last`). */
function whenToCount(inputs: FacetInputs, last: FacetInputs | null): Omit<SliceOptions, 'signal'> {
  if (last === null || last.rows !== inputs.rows || last.groups !== inputs.groups) {
    return { priority: 'background', sliceMs: SLICE_MS, afterPaint: true, turn: AFTER_LOAD.facets };
  }
  if (last.sites !== inputs.sites) {
    return { priority: 'background', sliceMs: SLICE_MS, turn: AFTER_LOAD.sharing };
  }
  return { priority: 'user-visible', sliceMs: SLICE_MS, startNow: true };
}

export function useFacets(inputs: FacetInputs): Facets {
  const [done, setDone] = useState<{ inputs: FacetInputs; result: FacetResult } | null>(null);
  // The inputs of the run started last, and how: the same inputs again (an effect run twice) are
  // run the same way.
  const started = useRef<{ inputs: FacetInputs; options: Omit<SliceOptions, 'signal'> } | null>(
    null,
  );
  useEffect(() => {
    const last = started.current;
    const options =
      last?.inputs === inputs ? last.options : whenToCount(inputs, last?.inputs ?? null);
    started.current = { inputs, options };
    return startJob(facetsOf(inputs), options, (result) => {
      setDone({ inputs, result });
    });
  }, [inputs]);
  return {
    result: done?.result ?? null,
    pending: done?.inputs !== inputs,
    countedSites: done?.inputs.sites ?? null,
  };
}

/**
 * How often counts follow a list that is still loading: each page would mean a whole recount. The
 * pause grows with the rows already counted (1.5 s per 100,000), so that a recount never takes more
 * than a small share of the load however long the list.
 */
const LOADING_REFRESH_MS = 1_500;
const LOADING_REFRESH_ROWS = 100_000;

function refreshAfter(counted: number): number {
  return LOADING_REFRESH_MS * Math.max(1, counted / LOADING_REFRESH_ROWS);
}

/**
 * The rows for the facets to count: the first rows at once, and the whole list as soon as it is
 * complete. In between, a growing list is counted again only when `follow` is set, because the rows
 * on show are the facets' own (a row filter is in force): then at most every 1.5 s per 100,000 rows
 * counted, since counting every page as it arrives would recount everything loaded so far twenty
 * times over. Otherwise the counts of the first rows stay, marked as pending, until the list is
 * whole: counting a list that is still loading would take the page's time for figures that are
 * out of date before they show.
 */
export function useRowsToCount(
  rows: readonly Seed[],
  complete: boolean,
  follow: boolean,
): readonly Seed[] {
  const [taken, setTaken] = useState<{ rows: readonly Seed[]; at: number }>({ rows, at: 0 });
  // A list's first rows (or another list's) are counted at once; so is a complete list.
  const fresh = rows !== taken.rows && (taken.rows.length === 0 || rows[0] !== taken.rows[0]);
  if (fresh) setTaken({ rows, at: 0 });
  const waiting = follow && !complete && !fresh && rows !== taken.rows;
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(
      () => {
        setTaken({ rows, at: performance.now() });
      },
      Math.max(0, taken.at + refreshAfter(taken.rows.length) - performance.now()),
    );
    return () => {
      clearTimeout(timer);
    };
  }, [rows, waiting, taken.at, taken.rows.length]);
  return complete || fresh ? rows : taken.rows;
}
