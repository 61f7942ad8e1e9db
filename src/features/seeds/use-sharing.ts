/**
 * What a seed list needs to know of the seeds shared across collections: every seed of the
 * account (loaded as the overview loads it: on request, or at once when already loaded or
 * saved), indexed by site, and how many other collections hold each seed of the list.
 */
import { useEffect, useState } from 'react';
import type { Seed } from '../../api/records';
import { useEverySeed, useSiteIndex, type EverySeed } from '../../components/every-seed';
import { AFTER_LOAD, startJob } from '../../scheduling';
import { listSharingJob, type ListSharing, type SiteIndex } from '../../lib/shared-seeds';

export interface SeedListSharing {
  readonly every: EverySeed;
  /** Every seed of the account by site; null until all have arrived. */
  readonly sites: SiteIndex | null;
  /** Seed id → other collections holding its site; null while not known. */
  readonly countById: ReadonlyMap<number, number> | null;
}

export function useSeedListSharing(rows: readonly Seed[]): SeedListSharing {
  const every = useEverySeed(true);
  const sites = useSiteIndex(every.view);
  const [done, setDone] = useState<{ sites: SiteIndex; sharing: ListSharing } | null>(null);
  useEffect(() => {
    if (!sites) return;
    return startJob(
      listSharingJob(rows, sites),
      { priority: 'background', afterPaint: true, turn: AFTER_LOAD.sharing },
      (sharing) => {
        setDone({ sites, sharing });
      },
    );
  }, [rows, sites]);
  return {
    every,
    sites,
    countById: sites !== null && done?.sites === sites ? done.sharing.countById : null,
  };
}
