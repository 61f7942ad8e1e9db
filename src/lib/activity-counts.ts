/**
 * The people facets of a list filtered by activity (activity-filters.ts): how many records each
 * person added and last updated, each facet counted with every filter but its own (so choosing
 * one person does not hide the others). For a list of a few thousand records (collections), in
 * the facet panel's chunk: the seed lists count with their facet engine.
 */
import { activityTests, type ActivityModel, type UserCounts } from './activity-filters';
import type { Change } from '../api/changes';

export interface ActivityCounts<T> {
  /** The records every filter keeps, in their order. */
  readonly rows: readonly T[];
  readonly addedBy: UserCounts;
  readonly updatedBy: UserCounts;
}

class UserTally {
  readonly counts = new Map<string, number>();
  total = 0;
  unknown = 0;
  none = 0;

  add(change: Change | null): void {
    this.total++;
    if (change === null) this.none++;
    else if (change.by === null) this.unknown++;
    else this.counts.set(change.by, (this.counts.get(change.by) ?? 0) + 1);
  }

  result(chosen: readonly string[]): UserCounts {
    for (const user of chosen) if (!this.counts.has(user)) this.counts.set(user, 0);
    const values = [...this.counts]
      .map(([value, count]) => ({ value, count, selected: chosen.includes(value) }))
      .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
    return { total: this.total, values, unknown: this.unknown, none: this.none };
  }
}

/** The records the activity filters keep, and the two people facets. */
export function activityCounts<T extends object>(
  rows: readonly T[],
  model: ActivityModel,
): ActivityCounts<T> {
  const kept: T[] = [];
  const addedBy = new UserTally();
  const updatedBy = new UserTally();
  for (const row of rows) {
    const test = activityTests(model, row);
    if (!test.times) continue;
    if (test.updatedBy) addedBy.add(test.added);
    if (test.addedBy) updatedBy.add(test.update);
    if (test.addedBy && test.updatedBy) kept.push(row);
  }
  return {
    // The same array when nothing is filtered out, so what is cached per rows array stays valid.
    rows: kept.length === rows.length ? rows : kept,
    addedBy: addedBy.result(model.createdBy),
    updatedBy: updatedBy.result(model.updatedBy),
  };
}
