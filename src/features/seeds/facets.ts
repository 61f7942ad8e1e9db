/**
 * The facet engine: which loaded seeds match the row filters (seed-filters.ts) and the quick
 * filter, and, for the facet panel, how many seeds have each value of each metadata field and of
 * the seed's own fields, with per-field coverage.
 *
 * Counting follows the usual faceting rule: a facet's counts are taken with every filter applied
 * except that facet's own, so choosing "English" does not hide "Spanish". One pass does it all:
 * each row is tested against every filter; a row that passes all of them counts for every facet
 * (and is a match), and a row that fails exactly one faceted filter counts for that facet alone.
 * Rows failing two or more count nowhere.
 *
 * The count works on the index (facet-index.ts) and runs as a resumable job that yields every few
 * thousand rows, so a page can run it in short tasks and drop a stale run by no longer advancing
 * it. This file is long because compiling the filters, counting and reporting are one pass over
 * one plan, clearer side by side than apart.
 */
import type { Seed } from '../../api/records';
import { compareText } from '../../components/data-table';
import { runJob, type Job } from '../../lib/jobs';
import { unusedFieldMessage, type FieldCoverage } from '../../lib/metadata-audit';
import { fold } from '../../lib/text-match';
import { STATUS_CLASSES, type StatusClass } from '../../lib/seed-status';
import { clip, quoted } from '../../lib/url-state';
import { isWhereField, type SeedFilterModel, type SeedGroupChoice } from './seed-filters';
import {
  NO,
  UNKNOWN_STATE,
  UNKNOWN_STATUS,
  YES,
  extent,
  indexedFieldNames,
  rankingOf,
  type FacetIndex,
  type IndexCore,
  type Ranking,
} from './facet-index';

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

export interface FacetOptions {
  /** The quick filter: a test of a row, or the set of rows it keeps. Never excluded from counts. */
  readonly quick?: ((row: Seed) => boolean) | ReadonlySet<Seed> | undefined;
  /** The catalogue's seed groups (id → name), to name them and to tell an id none has. */
  readonly groups?: ReadonlyMap<number, string> | undefined;
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

/**
 * The filters, compiled against one index. Faceted filters are numbered: where fields first (one
 * per field), then the seed fields; the others (quick filter, created, missing) are no facet and
 * apply to every count.
 */
interface Plan {
  readonly c: IndexCore;
  readonly rows: readonly Seed[];
  /** The ids this view's rows gave out; later rows of a shared index may have given more. */
  readonly fieldCount: number;
  readonly pairCount: number;
  readonly groupCount: number;
  readonly typeCount: number;
  readonly blocked: boolean;
  readonly quickTest: ((row: Seed) => boolean) | undefined;
  readonly quickSet: ReadonlySet<Seed> | undefined;
  readonly created: { readonly from: number; readonly to: number } | null;
  readonly checkMissing: boolean;
  /** 1 for each field named by `missing`; a seed lacks one when it has fewer than missingCount. */
  readonly missingMark: Uint8Array;
  readonly missingCount: number;
  /** The field of each where dimension, or -1 for a field no seed uses. */
  readonly whereFields: readonly number[];
  /** Per pair: 1 + the where dimension it satisfies, or 0. */
  readonly pairDim: Int32Array;
  readonly groupFilter: boolean;
  readonly groupChosen: Uint8Array;
  readonly noneChosen: boolean;
  readonly activeMask: number;
  readonly publicMask: number;
  readonly typeFilter: boolean;
  readonly typeChosen: Uint8Array;
  readonly statusMask: number;
  readonly messages: string[];
}

/** Dimensions after the where fields. */
const GROUP_DIM = 0;
const ACTIVE_DIM = 1;
const PUBLIC_DIM = 2;
const TYPE_DIM = 3;
const STATUS_DIM = 4;
const SEED_DIMS = 5;

function compile(index: FacetIndex, model: SeedFilterModel, options: FacetOptions): Plan {
  const {
    core: c,
    fields: fieldCount,
    pairs: pairCount,
    groups: groupCount,
    types: typeCount,
  } = extent(index);
  const messages: string[] = [];
  // While no seed has arrived there is nothing to say about fields or groups.
  const speak = index.size > 0;

  const missingMark = new Uint8Array(fieldCount);
  let missingCount = 0;
  let missingAll = false;
  for (const name of model.missing) {
    const f = c.fieldIndex.get(name);
    if (f === undefined || f >= fieldCount) {
      missingAll = true;
      if (speak) {
        messages.push(unusedFieldMessage(name, 'seed'));
      }
    } else if (missingMark[f] === 0) {
      missingMark[f] = 1;
      missingCount++;
    }
  }

  const whereFields: number[] = [];
  const pairDim = new Int32Array(pairCount);
  for (const choice of model.where) {
    const d = whereFields.length;
    const f = c.fieldIndex.get(choice.field);
    if (f === undefined || f >= fieldCount) {
      whereFields.push(-1);
      if (speak) {
        messages.push(
          `No seed in this list has a metadata field ${quoted(choice.field)}, so none match where=${clip(choice.field)}:…. Field names match exactly, capitals included.`,
        );
      }
      continue;
    }
    whereFields.push(f);
    for (const value of choice.values) {
      const p = c.pairOf(f, value);
      if (p >= 0 && p < pairCount) pairDim[p] = d + 1;
    }
  }

  const groupChosen = new Uint8Array(groupCount);
  let noneChosen = false;
  for (const choice of model.seedGroups) {
    if (choice === 'none') {
      noneChosen = true;
      continue;
    }
    const g = c.groupIndex.get(choice);
    if (g !== undefined && g < groupCount) {
      groupChosen[g] = 1;
    } else if (speak && options.groups && !options.groups.has(choice)) {
      messages.push(`There is no seed group with the id ${choice}, so no seed matches it.`);
    } else if (speak && !options.groups) {
      messages.push(`No seed in this list is in a seed group with the id ${choice}.`);
    }
  }

  const typeChosen = new Uint8Array(typeCount);
  for (const type of model.seedTypes) {
    const t = c.typeIndex.get(type);
    if (t !== undefined && t < typeCount) typeChosen[t] = 1;
  }
  const maskOf = (chosen: readonly boolean[]) =>
    chosen.reduce((mask, yes) => mask | (1 << (yes ? YES : NO)), 0);
  let statusMask = 0;
  for (const status of model.status) statusMask |= 1 << STATUS_CLASSES.indexOf(status);

  const quick = options.quick;
  return {
    c,
    rows: index.rows,
    fieldCount,
    pairCount,
    groupCount,
    typeCount,
    blocked: model.unreadable.length > 0,
    quickTest: typeof quick === 'function' ? quick : undefined,
    quickSet: typeof quick === 'object' ? quick : undefined,
    created: model.created,
    checkMissing: model.missing.length > 0 && !missingAll,
    missingMark,
    missingCount,
    whereFields,
    pairDim,
    groupFilter: model.seedGroups.length > 0,
    groupChosen,
    noneChosen,
    activeMask: maskOf(model.active),
    publicMask: maskOf(model.publiclyVisible),
    typeFilter: model.seedTypes.length > 0,
    typeChosen,
    statusMask,
    messages,
  };
}

/**
 * What counting found. `base` arrays count the rows matching every filter; `own` arrays count,
 * for a faceted filter, the rows failing that filter alone. Seed types and groups keep slot 0 for
 * unknown, then one slot per id; groups end with a slot for "in no group".
 */
interface Tally {
  readonly basePairs: Int32Array;
  readonly ownPairs: Int32Array;
  readonly baseFields: Int32Array;
  readonly ownFields: Int32Array;
  /** Per dimension, the rows failing it alone. */
  readonly ownRows: Int32Array;
  readonly baseActive: Int32Array;
  readonly ownActive: Int32Array;
  readonly basePublic: Int32Array;
  readonly ownPublic: Int32Array;
  readonly baseStatus: Int32Array;
  readonly ownStatus: Int32Array;
  readonly baseType: Int32Array;
  readonly ownType: Int32Array;
  readonly baseGroup: Int32Array;
  readonly ownGroup: Int32Array;
  readonly matched: Uint32Array;
  matchCount: number;
  /** Rows failing the `missing` filter alone (kept only while it is in force). */
  readonly lacking: Uint32Array;
  lackingCount: number;
  metadataUnknown: number;
  /** Per where dimension, the last row (plus one) that satisfied it. */
  readonly hit: Int32Array;
}

function newTally(plan: Plan, n: number): Tally {
  const fieldCount = plan.fieldCount;
  const statuses = STATUS_CLASSES.length + 1;
  const types = plan.typeCount + 1;
  const groups = plan.groupCount + 2;
  return {
    basePairs: new Int32Array(plan.pairCount),
    ownPairs: new Int32Array(plan.pairCount),
    baseFields: new Int32Array(fieldCount),
    ownFields: new Int32Array(fieldCount),
    ownRows: new Int32Array(plan.whereFields.length + SEED_DIMS),
    baseActive: new Int32Array(3),
    ownActive: new Int32Array(3),
    basePublic: new Int32Array(3),
    ownPublic: new Int32Array(3),
    baseStatus: new Int32Array(statuses),
    ownStatus: new Int32Array(statuses),
    baseType: new Int32Array(types),
    ownType: new Int32Array(types),
    baseGroup: new Int32Array(groups),
    ownGroup: new Int32Array(groups),
    matched: new Uint32Array(n),
    matchCount: 0,
    lacking: new Uint32Array(plan.checkMissing ? n : 0),
    lackingCount: 0,
    metadataUnknown: 0,
    hit: new Int32Array(plan.whereFields.length),
  };
}

/**
 * Counts rows [from, to). The hot loop: a plain function (generators optimise less well) over
 * integer arrays, with every filter's test inline.
 */
function countRows(plan: Plan, tally: Tally, from: number, to: number): void {
  const { c, pairDim, whereFields, missingMark, groupChosen, typeChosen, created } = plan;
  const { pairStart, pairs, pairField, fieldStart, fields, groupStart, groups, groupUnknown } = c;
  const { basePairs, ownPairs, baseFields, ownFields, ownRows, matched, hit } = tally;
  const W = whereFields.length;
  const noneSlot = plan.groupCount + 1;
  for (let i = from; i < to; i++) {
    if (created !== null) {
      const ms = c.created[i] ?? Number.NaN;
      if (!(ms >= created.from && ms < created.to)) continue;
    }
    // A row that has every `missing` field is kept aside if it passes every other filter.
    let complete = false;
    if (plan.checkMissing) {
      let has = 0;
      for (let k = fieldStart[i] ?? 0, end = fieldStart[i + 1] ?? 0; k < end; k++) {
        has += missingMark[fields[k] ?? 0] ?? 0;
      }
      complete = has === plan.missingCount;
    }
    if (plan.quickTest && !plan.quickTest(plan.rows[i] as Seed)) continue;
    if (plan.quickSet && !plan.quickSet.has(plan.rows[i] as Seed)) continue;

    const p0 = pairStart[i] ?? 0;
    const p1 = pairStart[i + 1] ?? 0;
    let fails = 0;
    let failed = -1;
    if (W > 0) {
      const stamp = i + 1;
      for (let k = p0; k < p1; k++) {
        const d = pairDim[pairs[k] ?? 0] ?? 0;
        if (d !== 0) hit[d - 1] = stamp;
      }
      for (let d = 0; d < W && fails < 2; d++) {
        if (hit[d] !== stamp) {
          fails++;
          failed = d;
        }
      }
      if (fails > 1) continue;
    }
    const g0 = groupStart[i] ?? 0;
    const g1 = groupStart[i + 1] ?? 0;
    if (plan.groupFilter) {
      let ok = false;
      if (g0 === g1) ok = plan.noneChosen && groupUnknown[i] === 0;
      else for (let k = g0; k < g1 && !ok; k++) ok = groupChosen[groups[k] ?? 0] === 1;
      if (!ok) {
        fails++;
        failed = W + GROUP_DIM;
      }
    }
    const a = c.active[i] ?? UNKNOWN_STATE;
    if (plan.activeMask !== 0 && (plan.activeMask & (1 << a)) === 0) {
      fails++;
      failed = W + ACTIVE_DIM;
    }
    const v = c.publiclyVisible[i] ?? UNKNOWN_STATE;
    if (plan.publicMask !== 0 && (plan.publicMask & (1 << v)) === 0) {
      fails++;
      failed = W + PUBLIC_DIM;
    }
    const t = c.seedType[i] ?? -1;
    if (plan.typeFilter && (t < 0 || typeChosen[t] === 0)) {
      fails++;
      failed = W + TYPE_DIM;
    }
    const s = c.status[i] ?? UNKNOWN_STATUS;
    if (plan.statusMask !== 0 && (plan.statusMask & (1 << s)) === 0) {
      fails++;
      failed = W + STATUS_DIM;
    }
    if (fails > 1) continue;
    if (complete) {
      if (fails === 0) tally.lacking[tally.lackingCount++] = i;
      continue;
    }

    if (fails === 0) {
      matched[tally.matchCount++] = i;
      for (let k = p0; k < p1; k++) {
        const p = pairs[k] ?? 0;
        basePairs[p] = (basePairs[p] ?? 0) + 1;
      }
      for (let k = fieldStart[i] ?? 0, end = fieldStart[i + 1] ?? 0; k < end; k++) {
        const f = fields[k] ?? 0;
        baseFields[f] = (baseFields[f] ?? 0) + 1;
      }
      countGroups(tally.baseGroup, groups, g0, g1, groupUnknown[i] === 1 ? 0 : noneSlot);
      bump(tally.baseActive, a);
      bump(tally.basePublic, v);
      bump(tally.baseType, t + 1);
      bump(tally.baseStatus, s);
      tally.metadataUnknown += c.metadataUnknown[i] ?? 0;
      continue;
    }

    bump(ownRows, failed);
    if (failed < W) {
      // A row without the chosen values of this field still counts for its other values.
      const f = whereFields[failed] ?? -1;
      let any = false;
      for (let k = p0; k < p1; k++) {
        const p = pairs[k] ?? 0;
        if (pairField[p] === f) {
          ownPairs[p] = (ownPairs[p] ?? 0) + 1;
          any = true;
        }
      }
      if (any) ownFields[f] = (ownFields[f] ?? 0) + 1;
    } else if (failed === W + GROUP_DIM) {
      countGroups(tally.ownGroup, groups, g0, g1, groupUnknown[i] === 1 ? 0 : noneSlot);
    } else if (failed === W + ACTIVE_DIM) {
      bump(tally.ownActive, a);
    } else if (failed === W + PUBLIC_DIM) {
      bump(tally.ownPublic, v);
    } else if (failed === W + TYPE_DIM) {
      bump(tally.ownType, t + 1);
    } else {
      bump(tally.ownStatus, s);
    }
  }
}

function bump(counts: Int32Array, k: number): void {
  counts[k] = (counts[k] ?? 0) + 1;
}

/** A row's groups (slot = small id + 1), or its "no group" or "unknown" slot when it has none. */
function countGroups(
  counts: Int32Array,
  groups: readonly number[],
  g0: number,
  g1: number,
  emptySlot: number,
): void {
  if (g0 === g1) bump(counts, emptySlot);
  else for (let k = g0; k < g1; k++) bump(counts, (groups[k] ?? 0) + 1);
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
    if (shown > 1000) yield;
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
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return values;
  return values.filter((value) => {
    const folded = fold(text(value));
    return words.every((word) => folded.includes(word));
  });
}
