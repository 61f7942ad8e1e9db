/**
 * The facet engine's count: the seed filters compiled against one index (facet-index.ts) into a
 * plan, and one pass over the rows that tallies, under the usual faceting rule, the rows matching
 * every filter and, for each faceted filter, the rows failing that filter alone. facets.ts runs
 * the pass as a job and turns the tally into facets.
 *
 * It is over 300 lines because the plan and the hot loop are read together: each field of the
 * plan is one test inline in the loop, and each array of the tally one count it keeps.
 */
import type { Seed } from '../../api/records';
import { unusedFieldMessage } from '../../lib/metadata-audit';
import { STATUS_CLASSES } from '../../lib/seed-status';
import { clip, quoted } from '../../addresses/url-params';
import type { SeedFilterModel } from './seed-filters';
import {
  compileActivity,
  newActivityTally,
  timesKeep,
  type ActivityPlan,
  type ActivityTally,
} from './activity-count';
import type { FacetIndex, IndexCore } from './facet-index';
import { NO, UNKNOWN_STATE, UNKNOWN_STATUS, YES } from './seed-states';

export interface FacetOptions {
  /** The quick filter: a test of a row, or the set of rows it keeps. Never excluded from counts. */
  readonly quick?: ((row: Seed) => boolean) | ReadonlySet<Seed> | undefined;
  /** The catalogue's seed groups (id → name), to name them and to tell an id none has. */
  readonly groups?: ReadonlyMap<number, string> | undefined;
  /** Filters on what is known of each row beyond its own fields (see ExtraDim). */
  readonly extra?: readonly ExtraDim[] | undefined;
}

/**
 * A faceted filter on a class of each row that the index does not hold (what the account says of
 * a seed: shared-seeds.ts): each row's class, 0 to 7, by its place in the index.
 */
export interface ExtraDim {
  readonly classes: Uint8Array;
  /** How many classes there are (the counts' length). */
  readonly classCount: number;
  /** The class of a row past `classes` (one not worked out yet). */
  readonly fallback: number;
  /** The classes the filter keeps, one bit each; 0 when it keeps every row. */
  readonly mask: number;
}

/**
 * The filters, compiled against one index. Faceted filters are numbered: where fields first (one
 * per field), then the seed fields and the two people (added by, last updated by); the others
 * (quick filter, activity times, missing) are no facet and apply to every count.
 */
export interface Plan {
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
  readonly activity: ActivityPlan;
  readonly extra: readonly ExtraDim[];
  readonly messages: string[];
}

/** Dimensions after the where fields. */
export const GROUP_DIM = 0;
export const ACTIVE_DIM = 1;
export const PUBLIC_DIM = 2;
export const TYPE_DIM = 3;
export const STATUS_DIM = 4;
export const ADDED_BY_DIM = 5;
export const UPDATED_BY_DIM = 6;
export const SEED_DIMS = 7;

export function compile(index: FacetIndex, model: SeedFilterModel, options: FacetOptions): Plan {
  const {
    core: c,
    fields: fieldCount,
    pairs: pairCount,
    groups: groupCount,
    types: typeCount,
  } = index;
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
    activity: compileActivity(c.activity, model.activity),
    extra: options.extra ?? [],
    messages,
  };
}

/**
 * What counting found. `base` arrays count the rows matching every filter; `own` arrays count,
 * for a faceted filter, the rows failing that filter alone. Seed types and groups keep slot 0 for
 * unknown, then one slot per id; groups end with a slot for "in no group".
 */
export interface Tally {
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
  readonly activity: ActivityTally;
  /** Per extra dimension, its classes' counts. */
  readonly baseExtra: readonly Int32Array[];
  readonly ownExtra: readonly Int32Array[];
  readonly matched: Uint32Array;
  matchCount: number;
  /** Rows failing the `missing` filter alone (kept only while it is in force). */
  readonly lacking: Uint32Array;
  lackingCount: number;
  metadataUnknown: number;
  /** Per where dimension, the last row (plus one) that satisfied it. */
  readonly hit: Int32Array;
}

export function newTally(plan: Plan, n: number): Tally {
  const fieldCount = plan.fieldCount;
  const statuses = STATUS_CLASSES.length + 1;
  const types = plan.typeCount + 1;
  const groups = plan.groupCount + 2;
  return {
    basePairs: new Int32Array(plan.pairCount),
    ownPairs: new Int32Array(plan.pairCount),
    baseFields: new Int32Array(fieldCount),
    ownFields: new Int32Array(fieldCount),
    ownRows: new Int32Array(plan.whereFields.length + SEED_DIMS + plan.extra.length),
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
    activity: newActivityTally(plan.activity),
    baseExtra: plan.extra.map((dim) => new Int32Array(dim.classCount)),
    ownExtra: plan.extra.map((dim) => new Int32Array(dim.classCount)),
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
export function countRows(plan: Plan, tally: Tally, from: number, to: number): void {
  const { c, pairDim, whereFields, missingMark, groupChosen, typeChosen, extra } = plan;
  const { pairStart, pairs, pairField, fieldStart, fields, groupStart, groups, groupUnknown } = c;
  const { basePairs, ownPairs, baseFields, ownFields, ownRows, matched, hit } = tally;
  const act = plan.activity;
  const { addedBy, updatedBy } = act.columns;
  const people = tally.activity;
  const W = whereFields.length;
  const noneSlot = plan.groupCount + 1;
  for (let i = from; i < to; i++) {
    if (act.timed && !timesKeep(act, i)) continue;
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
    const ab = addedBy[i] ?? 0;
    if (act.addedFilter && act.addedChosen[ab] !== 1) {
      fails++;
      failed = W + ADDED_BY_DIM;
    }
    const ub = updatedBy[i] ?? 0;
    if (act.updatedFilter && act.updatedChosen[ub] !== 1) {
      fails++;
      failed = W + UPDATED_BY_DIM;
    }
    for (let e = 0; e < extra.length && fails < 2; e++) {
      const dim = extra[e] as ExtraDim;
      if (dim.mask !== 0 && (dim.mask & (1 << classOf(dim, i))) === 0) {
        fails++;
        failed = W + SEED_DIMS + e;
      }
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
      bump(people.baseAdded, ab);
      bump(people.baseUpdated, ub);
      tally.metadataUnknown += c.metadataUnknown[i] ?? 0;
      for (let e = 0; e < extra.length; e++) {
        bump(tally.baseExtra[e] as Int32Array, classOf(extra[e] as ExtraDim, i));
      }
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
    } else if (failed >= W + SEED_DIMS) {
      const e = failed - W - SEED_DIMS;
      bump(tally.ownExtra[e] as Int32Array, classOf(extra[e] as ExtraDim, i));
    } else if (failed === W + TYPE_DIM) {
      bump(tally.ownType, t + 1);
    } else if (failed === W + ADDED_BY_DIM) {
      bump(people.ownAdded, ab);
    } else if (failed === W + UPDATED_BY_DIM) {
      bump(people.ownUpdated, ub);
    } else {
      bump(tally.ownStatus, s);
    }
  }
}

function classOf(dim: ExtraDim, i: number): number {
  return i < dim.classes.length ? (dim.classes[i] ?? dim.fallback) : dim.fallback;
}

export function bump(counts: Int32Array, k: number): void {
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
