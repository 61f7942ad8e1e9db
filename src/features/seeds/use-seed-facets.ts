import { useMemo } from 'react';
import type { ListView } from '../../api/hooks';
import type { Seed } from '../../api/records';
import type { SiteIndex } from '../../lib/shared-seeds';
import { sameInUrl } from '../../addresses/url-params';
import { useSame } from '../../lib/use-same';
import {
  hasSeedFilters,
  seedFilterModel,
  seedRowFilterParams,
  type SeedFilterModel,
  type SeedRowFilterValues,
} from './seed-filters';
import { useFacets, useRowsToCount, type Facets } from './use-facets';

const EMPTY: readonly Seed[] = [];

export interface SeedFacets {
  /** The seed filters in the address, as plain data. */
  readonly model: SeedFilterModel;
  /** Whether any seed filter is in force (else the quick filter alone narrows the rows). */
  readonly filtering: boolean;
  readonly facets: Facets;
  /** The rows the table shows. */
  readonly rows: readonly Seed[];
  /** The rows the coverage audit counts: those shown, or with `missing` those every other keeps. */
  readonly audited: readonly Seed[];
}

/**
 * A seed list narrowed by the seed filters of the address and the quick filter, with the facet
 * counts of what they leave. The filters are read again only when they would write another
 * address, not when the sort, the quick filter or the selected seed changes.
 */
export function useSeedFacets(
  list: ListView<Seed>,
  values: SeedRowFilterValues,
  quick: { readonly query: string; readonly rows: readonly Seed[] },
  groups: ReadonlyMap<number, string> | undefined,
  sites: SiteIndex | null = null,
): SeedFacets {
  const rowFilters = useSame(values, (kept, now) => sameInUrl(seedRowFilterParams, kept, now));
  const model = useMemo(() => seedFilterModel(rowFilters), [rowFilters]);
  const filtering = hasSeedFilters(model);
  const { query, rows: quickRows } = quick;
  const kept = useMemo(() => (query === '' ? undefined : new Set(quickRows)), [query, quickRows]);
  const complete = list.data?.complete === true;
  const counted = useRowsToCount(list.rows, complete, filtering);
  const inputs = useMemo(
    () => ({ rows: counted, model, quick: kept, groups, sites }),
    [counted, model, kept, groups, sites],
  );
  const facets = useFacets(inputs);
  const rows = filtering ? (facets.result?.rows ?? EMPTY) : quickRows;
  const audited = filtering ? (facets.result?.lackingBase ?? EMPTY) : quickRows;
  return { model, filtering, facets, rows, audited };
}
