/**
 * The activity filters of a list's address (seed lists and /collections): who added or last
 * updated a record, and when, read with the one rule of src/api/changes.ts, so that a figure of the
 * activity page and the list it links to agree.
 *
 * - `created_by=<user>`, `updated_by=<user>`: repeatable, any of them (`addedOf(row)?.by`,
 *   `updateOf(row)?.by`);
 * - `created_since=YYYY-MM-DD`, `updated_since=YYYY-MM-DD`: on or after that UTC day;
 * - `created=`, `updated=`: within a UTC day, month, quarter or year (`YYYY-MM-DD`, `YYYY-MM`,
 *   `YYYY-Qn`, `YYYY`).
 *
 * A record with no addition (or no update) never matches the corresponding filter. A value that
 * cannot be read stays in the address as written, is reported, and matches nothing until it is
 * fixed, as the other row filters do.
 */
import { addedOf, updateOf, utcDay, utcDayStart, type Change } from '../api/changes';
import { formatPeriod } from './format';
import { isPeriod, periodRange, type PeriodRange } from './periods';
import { listParam, quoted, type Decoded, type Param, type Values } from '../addresses/url-params';

/** A value from the address that cannot be read, kept as written, with what is wrong with it. */
interface Unreadable {
  readonly unreadable: string;
  readonly problem: string;
}

const isUnreadable = (value: unknown): value is Unreadable =>
  typeof value === 'object' && value !== null && 'unreadable' in value;

const DAY_MS = 86_400_000;
const DAY_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

const unreadable = (text: string, why: string, noMatch: string): Decoded<Unreadable> => {
  const problem = `${why} ${noMatch}`;
  return { value: { unreadable: text, problem }, problem };
};

/** The instants of a day `YYYY-MM-DD` or a period (`YYYY-MM`, `YYYY-Qn`, `YYYY`), in UTC. */
function whenRange(text: string): PeriodRange | null {
  const start = utcDayStart(text);
  if (start !== null) return { period: text, from: start, to: start + DAY_MS };
  return periodRange(text);
}

/** Whether text is a day of the calendar, `YYYY-MM-DD`. */
export const isDay = (text: string): boolean => utcDayStart(text) !== null;

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A day or period as a chip says it: "24 Nov 2026", "November 2026", "Q1 2026", "2026". */
export function formatWhen(text: string): string {
  const start = utcDayStart(text);
  return start === null ? formatPeriod(text) : dayFormat.format(start);
}

function sinceParam(name: string, noMatch: string): Param<string | Unreadable | undefined> {
  return {
    decode: (text) => {
      if (text === null || text === '') return { value: undefined };
      if (utcDayStart(text) !== null) return { value: text };
      return unreadable(
        text,
        DAY_SHAPE.test(text)
          ? `${quoted(text)} is not a day of the calendar: ${name}=YYYY-MM-DD.`
          : `${quoted(text)} is not a day: ${name}=YYYY-MM-DD (UTC).`,
        noMatch,
      );
    },
    encode: (value) =>
      value === undefined ? null : isUnreadable(value) ? value.unreadable : value,
  };
}

function whenParam(name: string, noMatch: string): Param<string | Unreadable | undefined> {
  return {
    decode: (text) => {
      if (text === null || text === '') return { value: undefined };
      if (isPeriod(text) || utcDayStart(text) !== null) return { value: text };
      return unreadable(
        text,
        DAY_SHAPE.test(text)
          ? `${quoted(text)} is not a day of the calendar: ${name}=YYYY-MM-DD, YYYY-MM, YYYY-Qn or YYYY.`
          : `${quoted(text)} is not a month, quarter, year or day: ${name}=YYYY-MM, YYYY-Qn, YYYY or YYYY-MM-DD.`,
        noMatch,
      );
    },
    encode: (value) =>
      value === undefined ? null : isUnreadable(value) ? value.unreadable : value,
  };
}

function userParam(name: string, noMatch: string) {
  return listParam<string | Unreadable>(
    (text) =>
      text.trim() === ''
        ? unreadable(text, `${name}= needs a user name; blank matches no one.`, noMatch)
        : { value: text },
    (value) => (isUnreadable(value) ? value.unreadable : value),
  );
}

/** The activity parameters; `noMatch` says what a value that cannot be read does to the list. */
export function activityParams(noMatch: string) {
  return {
    created_by: userParam('created_by', noMatch),
    updated_by: userParam('updated_by', noMatch),
    created_since: sinceParam('created_since', noMatch),
    updated_since: sinceParam('updated_since', noMatch),
    created: whenParam('created', noMatch),
    updated: whenParam('updated', noMatch),
  };
}

export type ActivityValues = Values<ReturnType<typeof activityParams>>;

/** What the activity filters ask for, as plain data. An empty list or null is no filter. */
export interface ActivityModel {
  readonly createdBy: readonly string[];
  readonly updatedBy: readonly string[];
  /** The first instant kept (ms), or null. */
  readonly createdSince: number | null;
  readonly updatedSince: number | null;
  readonly created: PeriodRange | null;
  readonly updated: PeriodRange | null;
}

export const NO_ACTIVITY: ActivityModel = {
  createdBy: [],
  updatedBy: [],
  createdSince: null,
  updatedSince: null,
  created: null,
  updated: null,
};

/** The model of decoded parameters; what cannot be read goes to `problems` (then none match). */
export function activityModel(values: Partial<ActivityValues>, problems: string[]): ActivityModel {
  const users = (list: readonly (string | Unreadable)[] = []) => {
    const out: string[] = [];
    for (const user of list) {
      if (isUnreadable(user)) problems.push(user.problem);
      else if (!out.includes(user)) out.push(user);
    }
    return out;
  };
  const read = <T>(value: string | Unreadable | undefined, as: (text: string) => T | null) => {
    if (value === undefined) return null;
    if (isUnreadable(value)) {
      problems.push(value.problem);
      return null;
    }
    return as(value);
  };
  return {
    createdBy: users(values.created_by),
    updatedBy: users(values.updated_by),
    createdSince: read(values.created_since, utcDayStart),
    updatedSince: read(values.updated_since, utcDayStart),
    created: read(values.created, whenRange),
    updated: read(values.updated, whenRange),
  };
}

export function hasActivityFilters(model: ActivityModel): boolean {
  return (
    model.createdBy.length > 0 ||
    model.updatedBy.length > 0 ||
    model.createdSince !== null ||
    model.updatedSince !== null ||
    model.created !== null ||
    model.updated !== null
  );
}

/**
 * Whether an instant (ms, or null when the record has no such change) is within the time filters
 * (`since`, `within`); no instant passes any.
 */
export function inTime(
  ms: number | null,
  since: number | null,
  within: PeriodRange | null,
): boolean {
  if (since === null && within === null) return true;
  if (ms === null) return false;
  return (
    (since === null || ms >= since) && (within === null || (ms >= within.from && ms < within.to))
  );
}

/** Whether a change's person is among those chosen (none chosen: no filter). */
const changeBy = (change: Change | null, chosen: readonly string[]): boolean =>
  chosen.length === 0 || (change?.by != null && chosen.includes(change.by));

/** Which of the model's filters a record passes: its times, its adder, its last updater. */
export function activityTests(model: ActivityModel, row: object) {
  const added = addedOf(row);
  const update = updateOf(row);
  return {
    added,
    update,
    times:
      inTime(added?.ms ?? null, model.createdSince, model.created) &&
      inTime(update?.ms ?? null, model.updatedSince, model.updated),
    addedBy: changeBy(added, model.createdBy),
    updatedBy: changeBy(update, model.updatedBy),
  };
}

/** How many records each person added (or last updated); the unknown and the unchanged apart. */
export interface UserCounts {
  /** Records this facet counts: those every other filter keeps. */
  readonly total: number;
  /** Person and count, most active first, then by name; chosen people even with no record. */
  readonly values: readonly { value: string; count: number; selected: boolean }[];
  /** Records with the change but no readable person (the visitor's representation has none). */
  readonly unknown: number;
  /** Records without the change (no creation date; or never updated since added). */
  readonly none: number;
}

/**
 * The records the activity filters keep, in their order: the same array when they keep every one
 * (so what is cached per rows array stays valid). The people facets are counted apart
 * (activity-counts.ts), only where they are shown.
 */
export function activityKept<T extends object>(
  rows: readonly T[],
  model: ActivityModel,
): readonly T[] {
  if (!hasActivityFilters(model)) return rows;
  const kept = rows.filter((row) => {
    const test = activityTests(model, row);
    return test.times && test.addedBy && test.updatedBy;
  });
  return kept.length === rows.length ? rows : kept;
}

/** The quick choices of the filter bar: the last n days, today included. */
export const RECENT_DAYS = [7, 30, 90] as const;

/** The first day of the last `days` days up to `today` (ms of a UTC day's start), as written. */
export const firstOfLast = (days: number, today: number): string =>
  utcDay(today - (days - 1) * DAY_MS);
