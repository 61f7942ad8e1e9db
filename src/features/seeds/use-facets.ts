/**
 * Runs the facet engine for a seed list in short slices, so typing and scrolling never wait for
 * it: the first slice runs as soon as the inputs change (small lists finish at once, with their
 * rows), the rest in tasks of a few milliseconds. A run whose inputs have changed is dropped. Until
 * a run finishes, the last result stays, marked as pending.
 */
import { useEffect, useState } from 'react';
import type { Seed } from '../../api/records';
import { advanceJob, type Job } from '../../lib/jobs';
import { facetIndexJob } from './facet-index';
import { facetJob, type FacetResult } from './facets';
import type { SeedFilterModel } from './seed-filters';

/** About half a frame: input and paint never wait longer than this. */
const SLICE_MS = 8;

export interface FacetInputs {
  readonly rows: readonly Seed[];
  readonly model: SeedFilterModel;
  /** The rows the quick filter keeps, or undefined when it keeps all. */
  readonly quick: ReadonlySet<Seed> | undefined;
  /** The catalogue's seed groups by id, to name them and to tell an id no group has. */
  readonly groups: ReadonlyMap<number, string> | undefined;
}

function* facetsOf({ rows, model, quick, groups }: FacetInputs): Job<FacetResult> {
  const index = yield* facetIndexJob(rows);
  return yield* facetJob(index, model, { quick, groups });
}

function postTask(callback: () => void): () => void {
  const handle = setTimeout(callback, 0);
  return () => {
    clearTimeout(handle);
  };
}

export interface Facets {
  /** The last finished result (for earlier inputs while `pending`), or null before the first. */
  readonly result: FacetResult | null;
  /** The result is for inputs that have since changed: a run for the new ones is under way. */
  readonly pending: boolean;
}

export function useFacets(inputs: FacetInputs): Facets {
  const [done, setDone] = useState<{ inputs: FacetInputs; result: FacetResult } | null>(null);
  useEffect(() => {
    const job = facetsOf(inputs);
    let cancel: () => void = () => undefined;
    let stopped = false;
    const step = () => {
      if (stopped) return;
      const end = performance.now() + SLICE_MS;
      const finished = advanceJob(job, () => performance.now() < end);
      if (finished) setDone({ inputs, result: finished.value });
      else cancel = postTask(step);
    };
    step();
    return () => {
      stopped = true;
      cancel();
    };
  }, [inputs]);
  return { result: done?.result ?? null, pending: done?.inputs !== inputs };
}
