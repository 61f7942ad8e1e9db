/**
 * The facet engine: which loaded seeds match the row filters (seed-filters.ts) and the quick
 * filter, and, for the facet panel, how many seeds have each value of each metadata field and of
 * the seed's own fields, with per-field coverage.
 *
 * Counting follows the usual faceting rule: a facet's counts are taken with every filter applied
 * except that facet's own, so choosing "English" does not hide "Spanish". One pass does it all
 * (facet-count.ts): each row is tested against every filter; a row that passes all of them counts
 * for every facet (and is a match), and a row that fails exactly one faceted filter counts for
 * that facet alone. Rows failing two or more count nowhere. This file runs the pass and reports
 * its tally as facets: the metadata fields' (field-facets.ts) and the seed's own (seed-facets.ts).
 *
 * The count works on the index (facet-index.ts) and runs as a resumable job that yields every few
 * thousand rows, so a page can run it in short tasks and drop a stale run by no longer advancing
 * it.
 */
import type { Seed } from '../../api/records';
import { runJob, type Job } from '../../scheduling';
import type { FieldCoverage } from '../../lib/metadata-audit';
import type { SeedFilterModel } from './seed-filters';
import type { UserCounts } from '../../lib/activity-filters';
import { activityFacets } from './activity-count';
import {
  ADDED_BY_DIM,
  UPDATED_BY_DIM,
  compile,
  countRows,
  newTally,
  SEED_DIMS,
  type FacetOptions,
  type Plan,
  type Tally,
} from './facet-count';
import { rankingOf, type FacetIndex, type Ranking } from './facet-index';
import { fieldFacets, type FieldFacet } from './field-facets';
import { seedFacets, type SeedFacets } from './seed-facets';

export type { FacetOptions } from './facet-count';
export type { FieldFacet } from './field-facets';
export type { ChoiceFacet } from './seed-facets';

// ---------------------------------------------------------------------------------------------
// Results

export interface FacetResult extends SeedFacets {
  /** Who added, and who last updated, the seeds (activity-count.ts). */
  readonly addedBy: UserCounts;
  readonly updatedBy: UserCounts;
  /** Positions in the index's rows of the matching seeds, in the rows' order. */
  readonly indices: Uint32Array;
  /** The matching seeds, in the rows' order. */
  readonly rows: readonly Seed[];
  /**
   * The seeds every filter but `missing` keeps, in the rows' order: what the coverage audit counts,
   * as a facet counts with every filter but its own. `rows` itself when no `missing` is in force.
   */
  readonly lackingBase: readonly Seed[];
  /** Seeds indexed (all loaded rows). */
  readonly total: number;
  /**
   * One facet per metadata field any indexed seed uses, Dublin Core first; a field used only with
   * blank values, or only by seeds the filters leave out, has a facet with nothing present.
   */
  readonly fields: readonly FieldFacet[];
  /** Per-field coverage over the matching seeds, same fields and order. */
  readonly coverage: readonly FieldCoverage[];
  /** Matching seeds whose metadata the service did not give; they lack every field. */
  readonly metadataUnknown: number;
  /**
   * What the filters ask that these seeds cannot give: a field no seed uses, a seed group no seed
   * is in. Values the address gives that cannot be read are the URL decoders' to report.
   */
  readonly messages: readonly string[];
  /** Per extra dimension (FacetOptions.extra), its classes' counts under the faceting rule. */
  readonly extra: readonly ExtraCounts[];
}

/** Runs `facetJob` to its end. */
export function computeFacets(
  index: FacetIndex,
  model: SeedFilterModel,
  options: FacetOptions = {},
): FacetResult {
  return runJob(facetJob(index, model, options));
}

/** Rows counted between yields: a few milliseconds of work. */
const COUNT_SLICE = 8192;

/** The matching rows and every facet, as a job that yields every few thousand rows. */
export function* facetJob(
  index: FacetIndex,
  model: SeedFilterModel,
  options: FacetOptions = {},
): Job<FacetResult> {
  const plan = compile(index, model, options);
  const n = index.size;
  const tally = newTally(plan, n);
  if (!plan.blocked) {
    for (let from = 0; from < n; from += COUNT_SLICE) {
      countRows(plan, tally, from, Math.min(n, from + COUNT_SLICE));
      yield;
    }
  }
  const ranking = yield* rankingOf(plan.c, plan.pairCount);
  return yield* report(index, model, options, plan, tally, ranking);
}

/** The counts as facets: the fields' and the seed's own, with the matching rows. */
function* report(
  index: FacetIndex,
  model: SeedFilterModel,
  options: FacetOptions,
  plan: Plan,
  tally: Tally,
  ranking: Ranking,
): Job<FacetResult> {
  const { fields, coverage } = yield* fieldFacets(index, model, plan, tally, ranking);
  const indices = tally.matched.slice(0, tally.matchCount);
  const rowsAt = (at: Uint32Array) =>
    // The same array when nothing is filtered out, so what is cached per rows array (the table's
    // sort keys) stays valid.
    at.length === index.size ? index.rows : Array.from(at, (i) => index.rows[i] as Seed);
  const rows = rowsAt(indices);
  return {
    indices,
    rows,
    lackingBase: plan.checkMissing
      ? rowsAt(mergeAscending(indices, tally.lacking.subarray(0, tally.lackingCount)))
      : rows,
    total: index.size,
    fields,
    coverage,
    metadataUnknown: tally.metadataUnknown,
    ...seedFacets(model, options, plan, tally),
    ...activityFacets(plan.activity, model.activity, tally.activity, {
      added: tally.matchCount + (tally.ownRows[plan.whereFields.length + ADDED_BY_DIM] ?? 0),
      updated: tally.matchCount + (tally.ownRows[plan.whereFields.length + UPDATED_BY_DIM] ?? 0),
    }),
    messages: plan.messages,
    extra: extraCounts(plan, tally),
  };
}

/** An extra dimension's counts: each with every filter but its own, as every facet's. */
export interface ExtraCounts {
  /** The rows counted: those every other filter keeps. */
  readonly total: number;
  /** Per class, its rows. */
  readonly counts: readonly number[];
}

function extraCounts(plan: Plan, tally: Tally): ExtraCounts[] {
  const own = plan.whereFields.length + SEED_DIMS;
  return plan.extra.map((_, e) => {
    const base = tally.baseExtra[e] as Int32Array;
    const mine = tally.ownExtra[e] as Int32Array;
    return {
      total: tally.matchCount + (tally.ownRows[own + e] ?? 0),
      counts: Array.from(base, (count, k) => count + (mine[k] ?? 0)),
    };
  });
}

/** Two ascending lists of row positions as one. */
function mergeAscending(a: Uint32Array, b: Uint32Array): Uint32Array {
  const out = new Uint32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  for (let k = 0; k < out.length; k++) {
    out[k] =
      j >= b.length || (i < a.length && (a[i] ?? 0) < (b[j] ?? 0)) ? (a[i++] ?? 0) : (b[j++] ?? 0);
  }
  return out;
}
