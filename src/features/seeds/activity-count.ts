/**
 * The facet engine's part for activity (src/lib/activity-filters.ts): each indexed seed's addition
 * and last update, read once with the rule of src/api/changes.ts, the filters compiled against
 * them, and the "Added by" and "Last updated by" facets from the counting pass (facet-count.ts),
 * which tests and counts a row's people inline with its other fields.
 */
import { addedOf, updateOf, type Change } from '../../api/changes';
import { compareText } from '../../components/data-table/text-ranks';
import { inTime, type ActivityModel, type UserCounts } from '../../lib/activity-filters';
import type { PeriodRange } from '../../lib/periods';
import { StringIndex } from '../../lib/string-index';

/** A row's person slot: no such change, a change by someone unknown, then one slot per person. */
const NO_CHANGE = 0;
const UNKNOWN_USER = 1;
const FIRST_USER = 2;

/** Per indexed row: who added and last updated it, and when (NaN: no such change). */
export class ActivityColumns {
  /** People by number (StringIndex, not Map: see docs/architecture.md on string keys). */
  readonly users = new StringIndex();
  readonly names: string[] = [];
  readonly addedBy: number[] = [];
  readonly updatedBy: number[] = [];
  readonly addedMs: number[] = [];
  readonly updatedMs: number[] = [];

  private slot(change: Change | null): number {
    if (change === null) return NO_CHANGE;
    if (change.by === null) return UNKNOWN_USER;
    const known = this.users.indexOf(change.by);
    if (known >= 0) return known + FIRST_USER;
    this.names.push(change.by);
    return this.users.add(change.by) + FIRST_USER;
  }

  add(row: object): void {
    const added = addedOf(row);
    const update = updateOf(row);
    this.addedBy.push(this.slot(added));
    this.updatedBy.push(this.slot(update));
    this.addedMs.push(added?.ms ?? Number.NaN);
    this.updatedMs.push(update?.ms ?? Number.NaN);
  }
}

/** The activity filters against one index: the times apply to every count, the people are facets. */
export interface ActivityPlan {
  readonly columns: ActivityColumns;
  readonly timed: boolean;
  readonly createdSince: number | null;
  readonly created: PeriodRange | null;
  readonly updatedSince: number | null;
  readonly updated: PeriodRange | null;
  readonly addedFilter: boolean;
  readonly addedChosen: Uint8Array;
  readonly updatedFilter: boolean;
  readonly updatedChosen: Uint8Array;
}

export function compileActivity(columns: ActivityColumns, model: ActivityModel): ActivityPlan {
  const slots = columns.names.length + FIRST_USER;
  const chosen = (users: readonly string[]) => {
    const marks = new Uint8Array(slots);
    for (const user of users) {
      const k = columns.users.indexOf(user);
      if (k >= 0) marks[k + FIRST_USER] = 1;
    }
    return marks;
  };
  return {
    columns,
    timed:
      model.createdSince !== null ||
      model.created !== null ||
      model.updatedSince !== null ||
      model.updated !== null,
    createdSince: model.createdSince,
    created: model.created,
    updatedSince: model.updatedSince,
    updated: model.updated,
    addedFilter: model.createdBy.length > 0,
    addedChosen: chosen(model.createdBy),
    updatedFilter: model.updatedBy.length > 0,
    updatedChosen: chosen(model.updatedBy),
  };
}

const known = (ms: number | undefined) => (ms === undefined || Number.isNaN(ms) ? null : ms);

/** Whether row i is within the plan's times (since a day, in a day or period). */
export function timesKeep(plan: ActivityPlan, i: number): boolean {
  const { columns: a } = plan;
  return (
    inTime(known(a.addedMs[i]), plan.createdSince, plan.created) &&
    inTime(known(a.updatedMs[i]), plan.updatedSince, plan.updated)
  );
}

/** Rows per person slot: matching every filter (base), and failing only that facet's (own). */
export interface ActivityTally {
  readonly baseAdded: Int32Array;
  readonly ownAdded: Int32Array;
  readonly baseUpdated: Int32Array;
  readonly ownUpdated: Int32Array;
}

export function newActivityTally(plan: ActivityPlan): ActivityTally {
  const slots = plan.addedChosen.length;
  return {
    baseAdded: new Int32Array(slots),
    ownAdded: new Int32Array(slots),
    baseUpdated: new Int32Array(slots),
    ownUpdated: new Int32Array(slots),
  };
}

/** The two facets: `totals` are the rows each counts (every filter but its own). */
export function activityFacets(
  plan: ActivityPlan,
  model: ActivityModel,
  tally: ActivityTally,
  totals: { readonly added: number; readonly updated: number },
): { addedBy: UserCounts; updatedBy: UserCounts } {
  const facet = (base: Int32Array, own: Int32Array, total: number, chosen: readonly string[]) => {
    const count = (k: number) => (base[k] ?? 0) + (own[k] ?? 0);
    const values = [];
    for (let k = FIRST_USER; k < base.length; k++) {
      const value = plan.columns.names[k - FIRST_USER] as string;
      const selected = chosen.includes(value);
      if (count(k) > 0 || selected) values.push({ value, count: count(k), selected });
    }
    for (const value of chosen) {
      if (!values.some((v) => v.value === value)) values.push({ value, count: 0, selected: true });
    }
    values.sort((a, b) => b.count - a.count || compareText(a.value, b.value));
    return { total, values, unknown: count(UNKNOWN_USER), none: count(NO_CHANGE) };
  };
  return {
    addedBy: facet(tally.baseAdded, tally.ownAdded, totals.added, model.createdBy),
    updatedBy: facet(tally.baseUpdated, tally.ownUpdated, totals.updated, model.updatedBy),
  };
}
