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
 * its tally as facets.
 *
 * The count works on the index (facet-index.ts) and runs as a resumable job that yields every few
 * thousand rows, so a page can run it in short tasks and drop a stale run by no longer advancing
 * it. This file is over 300 lines because it holds the facets' shapes beside the one report that
 * fills them, so each field of a result can be checked against where it is counted.
 */
import type { Seed } from '../../api/records';
import { compareText } from '../../components/data-table';
import { runJob, type Job } from '../../scheduling';
import type { FieldCoverage } from '../../lib/metadata-audit';
import { fold, wordMatcher } from '../../lib/text-match';
import { STATUS_CLASSES, type StatusClass } from '../../lib/seed-status';
import { isWhereField, type SeedFilterModel, type SeedGroupChoice } from './seed-filters';
import {
  ACTIVE_DIM,
  GROUP_DIM,
  PUBLIC_DIM,
  STATUS_DIM,
  TYPE_DIM,
  bump,
  compile,
  countRows,
  newTally,
  type FacetOptions,
  type Plan,
  type Tally,
} from './facet-count';
import { indexedFieldNames, rankingOf, type FacetIndex, type Ranking } from './facet-index';
import { NO, UNKNOWN_STATE, UNKNOWN_STATUS, YES } from './seed-states';

export type { FacetOptions } from './facet-count';

// ---------------------------------------------------------------------------------------------
// Results

/** A value that differs from another only in case or surrounding spaces. */
export interface Variant {
  readonly value: string;
  readonly count: number;
}

export interface FacetValue<V> {
  readonly value: V;
  /** Seeds with this value among the facet's seeds (those matching every other filter). */
  readonly count: number;
  readonly selected: boolean;
}

export interface FieldValue extends FacetValue<string> {
  /**
   * The other values of the field, with a count, that equal this one but for case or surrounding
   * spaces, by count. A chosen value no seed has shows them too: they may be what was meant.
   */
  readonly variants: readonly Variant[];
}

export interface FieldFacet {
  readonly field: string;
  /** The seeds this facet counts: those matching every filter but this field's own. */
  readonly total: number;
  /** Of those, the seeds with at least one non-blank value. */
  readonly present: number;
  /** Values with a count, and chosen ones even without, by count then value. */
  readonly values: readonly FieldValue[];
  /** Whether `where` can name the field (its name holds no colon). */
  readonly selectable: boolean;
}

export interface ChoiceFacet<V> {
  /** The seeds this facet counts: those matching every filter but this facet's own. */
  readonly total: number;
  readonly values: readonly FacetValue<V>[];
  /** Of those, seeds whose value the service did not give (or gave in a form not understood). */
  readonly unknown: number;
}

export interface GroupValue extends FacetValue<SeedGroupChoice> {
  /** The group's name, from the known groups or the seeds; null for `none` or when not known. */
  readonly name: string | null;
}

export interface GroupFacet extends ChoiceFacet<SeedGroupChoice> {
  readonly values: readonly GroupValue[];
}

export interface FacetResult {
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
  readonly active: ChoiceFacet<boolean>;
  readonly publiclyVisible: ChoiceFacet<boolean>;
  readonly seedType: ChoiceFacet<string>;
  readonly status: ChoiceFacet<StatusClass>;
  readonly seedGroup: GroupFacet;
  /**
   * What the filters ask that these seeds cannot give: a field no seed uses, a seed group no seed
   * is in. Values the address gives that cannot be read are the URL decoders' to report.
   */
  readonly messages: readonly string[];
}

const NO_VARIANTS: readonly Variant[] = [];

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

/** The counts as facets: values by count, then in the locale's order. */
function* report(
  index: FacetIndex,
  model: SeedFilterModel,
  options: FacetOptions,
  plan: Plan,
  tally: Tally,
  { rank, order }: Ranking,
): Job<FacetResult> {
  const { c, pairCount, whereFields } = plan;
  const { basePairs, ownPairs, baseFields, ownFields, ownRows, matchCount } = tally;
  const W = whereFields.length;
  const whereDimOfField = new Map<number, number>();
  whereFields.forEach((f, d) => {
    if (f >= 0) whereDimOfField.set(f, d);
  });
  const chosenOf = new Map(model.where.map((choice) => [choice.field, new Set(choice.values)]));
  const count = (p: number) => (basePairs[p] ?? 0) + (ownPairs[p] ?? 0);
  const n = index.size;
  const places = order.length;
  const variantSize = new Int32Array(c.variantCount);
  const chosenKey = new Uint8Array(c.variantCount);

  const facetFields: FieldFacet[] = [];
  const coverage: FieldCoverage[] = [];
  let fieldsDone = 0;
  for (const name of indexedFieldNames(index)) {
    const f = c.fieldIndex.get(name) ?? -1;
    if (f < 0 || f >= baseFields.length) continue;
    const d = whereDimOfField.get(f);
    const chosen = chosenOf.get(name);
    let distinct = 0;
    let shown = 0;
    const fieldPairs = c.fieldPairs[f] as number[];
    // Sort keys: fewer seeds later, then collation order, in one number that sorts natively.
    const keys = new Float64Array(fieldPairs.length);
    for (const p of fieldPairs) {
      if (p >= pairCount) break;
      const k = count(p);
      if ((basePairs[p] ?? 0) > 0) distinct++;
      if (k > 0 || chosen?.has(c.pairValue[p] as string)) {
        keys[shown++] = (n - k) * places + (rank[p] ?? 0);
      }
    }
    const sorted = keys.subarray(0, shown).sort();
    const counted = Array.from(sorted, (key) => order[key % places] ?? 0);
    // Chosen values no seed here has: listed all the same, so the choice can be undone.
    const unheld: { value: string; key: number }[] = [];
    for (const value of chosen ?? []) {
      const p = c.pairOf(f, value);
      if (p >= 0 && p < pairCount) continue;
      const key = c.variantOf(f, value);
      unheld.push({ value, key: key < chosenKey.length ? key : -1 });
    }
    // The values with a count that meet under one variant key, for keys where another value
    // (with a count, or chosen without one) shows them as a hint.
    for (const p of counted) {
      const key = c.pairVariant[p] ?? 0;
      if (count(p) > 0) bump(variantSize, key);
      else chosenKey[key] = 1;
    }
    for (const { key } of unheld) if (key >= 0) chosenKey[key] = 1;
    let byVariant: Map<number, number[]> | undefined;
    for (const p of counted) {
      const key = c.pairVariant[p] ?? 0;
      if (count(p) === 0 || ((variantSize[key] ?? 0) < 2 && chosenKey[key] === 0)) continue;
      byVariant ??= new Map();
      const group = byVariant.get(key);
      if (group) group.push(p);
      else byVariant.set(key, [p]);
    }
    for (const p of counted) {
      const key = c.pairVariant[p] ?? 0;
      variantSize[key] = 0;
      chosenKey[key] = 0;
    }
    for (const { key } of unheld) if (key >= 0) chosenKey[key] = 0;
    const hints = (group: readonly number[] | undefined, except: number) =>
      group
        ? group
            .filter((q) => q !== except)
            .map((q) => ({ value: c.pairValue[q] as string, count: count(q) }))
        : NO_VARIANTS;
    const values: FieldValue[] = [];
    for (const p of counted) {
      const value = c.pairValue[p] as string;
      const variants = hints(byVariant?.get(c.pairVariant[p] ?? -1), p);
      values.push({ value, count: count(p), selected: chosen?.has(value) ?? false, variants });
      // A field of mostly distinct values (titles, notes) can have tens of thousands.
      if ((values.length & 8191) === 0) yield;
    }
    for (const { value, key } of unheld) {
      const variants = hints(key < 0 ? undefined : byVariant?.get(key), -1);
      values.push({ value, count: 0, selected: true, variants });
    }
    facetFields.push({
      field: name,
      total: matchCount + (d === undefined ? 0 : (ownRows[d] ?? 0)),
      present: (baseFields[f] ?? 0) + (ownFields[f] ?? 0),
      values,
      selectable: isWhereField(name),
    });
    const present = baseFields[f] ?? 0;
    coverage.push({
      field: name,
      present,
      share: matchCount === 0 ? 0 : present / matchCount,
      distinct,
    });
    // A big field, or a few hundred small ones (a list can carry thousands of fields).
    if (shown > 1000 || (++fieldsDone & 255) === 0) yield;
  }

  const both = (base: Int32Array, own: Int32Array, k: number) => (base[k] ?? 0) + (own[k] ?? 0);
  const facetTotal = (dim: number) => matchCount + (ownRows[W + dim] ?? 0);
  const yesNoFacet = (
    base: Int32Array,
    own: Int32Array,
    dim: number,
    chosen: readonly boolean[],
  ): ChoiceFacet<boolean> => ({
    total: facetTotal(dim),
    values: [true, false].map((value) => ({
      value,
      count: both(base, own, value ? YES : NO),
      selected: chosen.includes(value),
    })),
    unknown: both(base, own, UNKNOWN_STATE),
  });

  const typeCount = tally.baseType.length - 1;
  const typeValues = c.typeNames.slice(0, typeCount).map((value, t) => ({
    value,
    count: both(tally.baseType, tally.ownType, t + 1),
    selected: model.seedTypes.includes(value),
  }));
  for (const value of model.seedTypes) {
    const t = c.typeIndex.get(value);
    if (t === undefined || t >= typeCount) typeValues.push({ value, count: 0, selected: true });
  }

  const groupCount = tally.baseGroup.length - 2;
  const groupValues: GroupValue[] = c.groupIds.slice(0, groupCount).map((id, g) => ({
    value: id,
    name: options.groups?.get(id) ?? c.groupNames[g] ?? null,
    count: both(tally.baseGroup, tally.ownGroup, g + 1),
    selected: model.seedGroups.includes(id),
  }));
  for (const choice of model.seedGroups) {
    const g = choice === 'none' ? undefined : c.groupIndex.get(choice);
    if (choice !== 'none' && (g === undefined || g >= groupCount)) {
      groupValues.push({
        value: choice,
        name: options.groups?.get(choice) ?? null,
        count: 0,
        selected: true,
      });
    }
  }
  groupValues.push({
    value: 'none',
    name: null,
    count: both(tally.baseGroup, tally.ownGroup, groupCount + 1),
    selected: model.seedGroups.includes('none'),
  });

  const indices = tally.matched.slice(0, matchCount);
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
    fields: facetFields,
    coverage,
    metadataUnknown: tally.metadataUnknown,
    active: yesNoFacet(tally.baseActive, tally.ownActive, ACTIVE_DIM, model.active),
    publiclyVisible: yesNoFacet(
      tally.basePublic,
      tally.ownPublic,
      PUBLIC_DIM,
      model.publiclyVisible,
    ),
    seedType: {
      total: facetTotal(TYPE_DIM),
      values: byCount(
        typeValues.filter((value) => value.count > 0 || value.selected),
        (value) => value.value,
      ),
      unknown: both(tally.baseType, tally.ownType, 0),
    },
    status: {
      total: facetTotal(STATUS_DIM),
      values: STATUS_CLASSES.map((value, k) => ({
        value,
        count: both(tally.baseStatus, tally.ownStatus, k),
        selected: model.status.includes(value),
      })),
      unknown: both(tally.baseStatus, tally.ownStatus, UNKNOWN_STATUS),
    },
    seedGroup: {
      total: facetTotal(GROUP_DIM),
      values: byCount(
        groupValues.filter((value) => value.count > 0 || value.selected),
        // "In no group" after the groups it ties with; groups by name, unnamed ones by id.
        (value) => (value.value === 'none' ? '\uffff' : (value.name ?? `\uffee${value.value}`)),
      ),
      unknown: both(tally.baseGroup, tally.ownGroup, 0),
    },
    messages: plan.messages,
  };
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

/** Values by count, most first, then by label in the locale's order. */
function byCount<T extends { readonly count: number }>(
  values: T[],
  label: (value: T) => string,
): T[] {
  return values.sort((a, b) => b.count - a.count || compareText(label(a), label(b)));
}

/**
 * The values of a facet whose text contains every word of `query`, ignoring case and accents as
 * the quick filter does, in the facet's order: the search box over a long list of values.
 */
export function findValues<V>(
  values: readonly V[],
  query: string,
  text: (value: V) => string,
): readonly V[] {
  const matches = wordMatcher(query);
  return matches ? values.filter((value) => matches(fold(text(value)))) : values;
}
