/**
 * Every seed of the account, for the pages whose figures need all of them (seeds per group, seeds
 * shared across collections): loaded at once when the saved catalogue holds them (or, where the
 * page says so, when the catalogue has fewer seeds than it names), otherwise on request, or taken
 * from the cache when another page loaded them. The same query as /seeds' own list, so neither
 * loads them twice.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { listView, useCollections, type ListView } from '../api/hooks';
import { seedQueries } from '../api/queries';
import type { Seed } from '../api/records';
import { AFTER_LOAD, startJob } from '../scheduling';
import { catalogueSeeds } from '../lib/catalogue-seeds';
import { siteIndexJob, type SiteIndex } from '../lib/shared-seeds';

export interface EverySeed {
  readonly view: ListView<Seed>;
  /** Seeds in the catalogue by its collections' counts, or null when they do not say. */
  readonly catalogue: number | null;
  /** Whether it is still being decided to load them unasked (the saved catalogue is asked). */
  readonly deciding: boolean;
  /** Loads them (again). */
  readonly load: () => void;
}

/**
 * Where every seed of the account stands for a figure that needs all of them: still arriving,
 * all arrived (their sites are then being compared, `useSiteIndex`), or not asked for.
 */
export function everySeedStage({ view }: EverySeed): 'arriving' | 'arrived' | 'not loaded' {
  if (view.loadingFirst || view.loadingMore) return 'arriving';
  return view.data?.complete === true ? 'arrived' : 'not loaded';
}

/**
 * Every seed of the account; `wanted` false leaves them to another page or to `load`, and with
 * `unaskedBelow` a catalogue of fewer seeds loads without asking.
 */
export function useEverySeed(wanted: boolean, unaskedBelow = 0): EverySeed {
  const catalogue = catalogueSeeds(listView(useCollections()));
  const saved = useQuery({ ...seedQueries.saved(), enabled: wanted });
  const unasked =
    wanted && (saved.data === true || (catalogue !== null && catalogue < unaskedBelow));
  const query = useQuery({ ...seedQueries.list({}), enabled: unasked });
  return {
    view: listView(query),
    catalogue,
    deciding: wanted && saved.isPending,
    load: () => {
      void query.refetch();
    },
  };
}

/**
 * The account's seeds by site, in background slices once every seed has arrived and is on screen,
 * in the last turn of the work after a load (`AFTER_LOAD`); null until then (a figure of part of
 * the account would be wrong, not partial).
 */
export function useSiteIndex(seeds: ListView<Seed>): SiteIndex | null {
  const rows = seeds.rows;
  const complete = seeds.data?.complete === true;
  const [done, setDone] = useState<{ rows: readonly Seed[]; index: SiteIndex } | null>(null);
  useEffect(() => {
    if (!complete) return;
    return startJob(
      siteIndexJob(rows),
      { priority: 'background', afterPaint: true, turn: AFTER_LOAD.sharing },
      (index) => {
        setDone({ rows, index });
      },
    );
  }, [rows, complete]);
  return complete && done?.rows === rows ? done.index : null;
}
